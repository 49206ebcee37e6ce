import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, withPage } from './helpers/browser';
import { postWhatsappWebhook as postWhatsapp } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');

/** The customer's messages, as the Demo channel's webhook brings them. */
function postWhatsappWebhook(messages: unknown[], phone: string): Promise<void> {
  return postWhatsapp(baseUrl, {
    contacts: [{ profile: { name: 'Cliente Edita' }, wa_id: phone }],
    messages,
  });
}

const now = () => String(Math.floor(Date.now() / 1000));

// As documented: https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages
const text = (phone: string, id: string, body: string) => ({
  from: phone,
  id,
  timestamp: now(),
  type: 'text',
  text: { body },
});
const edit = (phone: string, originalId: string, body: string) => ({
  from: phone,
  id: `${originalId}.edit`,
  timestamp: now(),
  type: 'edit',
  edit: { original_message_id: originalId, message: { type: 'text', text: { body } } },
});
const revoke = (phone: string, originalId: string) => ({
  from: phone,
  id: `${originalId}.revoke`,
  timestamp: now(),
  type: 'revoke',
  revoke: { original_message_id: originalId },
});

async function conversationOf(token: string, phone: string): Promise<number> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: phone },
      token,
    );
    const found = body.clients?.find((client) => client.senderId === phone);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no conversation for ${phone}`);
}

async function unreadOf(token: string, clientId: number): Promise<number> {
  const reply = await graphql<{ conversation: { unreadMessages: number } }>(
    baseUrl,
    token,
    'query($id: Int!) { conversation(clientId: $id) { unreadMessages } }',
    { id: clientId },
  );
  if (!reply.data) throw new Error(`conversation ${clientId}: ${JSON.stringify(reply.errors)}`);
  return reply.data.conversation.unreadMessages;
}

describe('messages the customer edits or deletes', () => {
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await loginToken(baseUrl, 'admin@demo.local');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows an edited message with its new text and a deleted one as deleted, live', async () => {
    await withPage(browser, baseUrl, 'inbox-message-updates', async (page) => {
      const phone = `4479${String(Date.now()).slice(-8)}`;
      const first = `wamid.E2EEDIT${phone}`;
      const second = `wamid.E2EDEL${phone}`;
      await postWhatsappWebhook([text(phone, first, 'Paso a las 5')], phone);
      await postWhatsappWebhook([text(phone, second, 'Mi tarjeta termina en 4242')], phone);
      const clientId = await conversationOf(token, phone);

      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto(`/chat/${clientId}`);
      const list = page.getByTestId('conversation-window').getByTestId('message-list');
      const bubbles = list.getByTestId('message-bubble');
      await bubbles.filter({ hasText: 'Paso a las 5' }).waitFor();
      await bubbles.filter({ hasText: 'Mi tarjeta termina en 4242' }).waitFor();
      const unreadBefore = await unreadOf(token, clientId);

      // The webhooks arrive while the conversation is open: the bubbles change in place.
      await postWhatsappWebhook([edit(phone, first, 'Mejor paso a las 6')], phone);
      const edited = bubbles.filter({ hasText: 'Mejor paso a las 6' });
      await edited.waitFor();
      expect(await edited.textContent()).toContain('Editado');
      await postWhatsappWebhook([revoke(phone, second)], phone);
      await bubbles.filter({ hasText: 'El cliente eliminó este mensaje' }).waitFor();
      await bubbles.filter({ hasText: 'Mi tarjeta termina en 4242' }).waitFor({ state: 'detached' });

      // Neither became a message of its own, and a reload shows the same.
      expect(await bubbles.count()).toBe(2);
      await page.reload();
      await bubbles.filter({ hasText: 'Mejor paso a las 6' }).waitFor();
      await bubbles.filter({ hasText: 'El cliente eliminó este mensaje' }).waitFor();
      expect(await bubbles.count()).toBe(2);
      // Nor did they count as unread.
      expect(await unreadOf(token, clientId)).toBeLessThanOrEqual(unreadBefore);
    });
  });
});
