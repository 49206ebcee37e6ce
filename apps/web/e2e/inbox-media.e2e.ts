import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, withPage } from './helpers/browser';
import { postWhatsappWebhook } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');
const fakeGraphUrl = inject('fakeGraphUrl');

const fixture = (name: string) => readFile(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));

/** The customer's file, held by the fake Graph API under a media id as Meta holds it. */
async function providerHolds(mediaId: string, bytes: Buffer, mimeType: string): Promise<void> {
  const response = await fetch(`${fakeGraphUrl}/__media/${mediaId}`, {
    method: 'PUT',
    headers: { 'Content-Type': mimeType },
    body: new Uint8Array(bytes),
  });
  if (response.status !== 204) throw new Error(`The fake Graph API refused the media: ${response.status}`);
}

async function conversationOf(token: string, phone: string): Promise<number> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: phone },
      token,
    );
    const found = body.clients?.find((client) => client.senderId.replace(/\D/g, '') === phone);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No conversation of ${phone}`);
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('media a customer sends on WhatsApp', () => {
  it('shows the photo and plays the voice note in the conversation window', async () => {
    const token = await loginToken(baseUrl, 'admin@demo.local');
    const me = await graphql<MeResult>(baseUrl, token, ME_QUERY);
    const adminId = Number(me.data?.me.id);
    const phone = `52155${String(Date.now()).slice(-8)}`;
    const stamp = Date.now();
    const imageId = `e2e-img-${stamp}`;
    const voiceId = `e2e-voice-${stamp}`;
    await providerHolds(imageId, await fixture('comprobante.png'), 'image/png');
    await providerHolds(voiceId, await fixture('voice-note.ogg'), 'audio/ogg; codecs=opus');
    const now = Math.floor(Date.now() / 1000);
    await postWhatsappWebhook(baseUrl, {
      contacts: [{ profile: { name: 'Rosa Media' }, wa_id: phone }],
      messages: [
        {
          from: phone,
          id: `wamid.E2EIMG${stamp}`,
          timestamp: String(now - 1),
          type: 'image',
          image: {
            id: imageId,
            mime_type: 'image/png',
            sha256: 'e2e',
            caption: 'Te mandé la foto del comprobante',
          },
        },
        {
          from: phone,
          id: `wamid.E2EVOICE${stamp}`,
          timestamp: String(now),
          type: 'audio',
          audio: { id: voiceId, mime_type: 'audio/ogg; codecs=opus', sha256: 'e2e', voice: true },
        },
      ],
    });
    const clientId = await conversationOf(token, phone);
    await postJson(`${baseUrl}/api/reassign-agent`, { clientId, agentId: adminId }, token);

    await withPage(browser, baseUrl, 'inbox-media', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto(`/chat/${clientId}`);
      const window = page.getByTestId('conversation-window');
      await window.waitFor();

      const photo = window.getByRole('img', { name: 'Te mandé la foto del comprobante' });
      await photo.waitFor();
      // Decoded by the browser from the copy in our storage: the product's route served real bytes.
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 15_000,
        })
        .toBe(48);
      expect(await photo.getAttribute('src')).toMatch(/^blob:/);

      const voice = window.locator('audio.msg-audio');
      await voice.waitFor();
      const duration = await voice.evaluate(
        (audio: HTMLAudioElement) =>
          new Promise<number>((resolve, reject) => {
            if (audio.readyState >= 1) resolve(audio.duration);
            audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
            audio.addEventListener('error', () => reject(new Error(`audio error ${audio.error?.code}`)));
          }),
      );
      expect(duration).toBeGreaterThan(0.3);
      const playing = await voice.evaluate(async (audio: HTMLAudioElement) => {
        audio.muted = true;
        await audio.play();
        return !audio.paused;
      });
      expect(playing).toBe(true);
    });
  });
});
