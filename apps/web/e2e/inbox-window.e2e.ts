import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';
import { postCustomerText, postWhatsappWebhook } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');
const fakeGraphUrl = inject('fakeGraphUrl');

interface FakeGraphRequest {
  method: string;
  path: string;
  body: unknown;
}

interface SentBody {
  messaging_product?: string;
  to?: string;
  type?: string;
  text?: { body?: string };
  image?: { link?: string; caption?: string };
  template?: {
    name?: string;
    language?: { code?: string };
    components?: Array<{ type: string; parameters: Array<{ type: string; text: string }> }>;
  };
}

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

let sequence = 0;

/** A fresh customer for each conversation: 521 55 and 8 digits that no seed conversation uses. */
function newCustomerPhone(): string {
  sequence += 1;
  return `52155${String(Date.now() + sequence).slice(-8)}`;
}

/** A delivery status (as in __fixtures__/status-delivered.json and status-read.json). */
async function providerReports(wamid: string, phone: string, status: 'delivered' | 'read'): Promise<void> {
  await postWhatsappWebhook(baseUrl, {
    statuses: [
      {
        id: wamid,
        status,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: phone,
        conversation: { id: `e2e-${phone}`, origin: { type: 'service' } },
        pricing: { billable: false, pricing_model: 'PMP', category: 'service' },
      },
    ],
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function conversationOf(token: string, phone: string): Promise<number> {
  return waitFor(`the conversation of ${phone}`, async () => {
    const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: phone },
      token,
    );
    return body.clients?.find((client) => client.senderId.replace(/\D/g, '') === phone)?.id;
  });
}

/** A new WhatsApp conversation assigned to the admin, so it stays in the admin's 'assigned' list. */
async function newConversation(
  token: string,
  adminId: number,
  name: string,
  text: string,
  secondsAgo = 0,
): Promise<{ phone: string; clientId: number }> {
  const phone = newCustomerPhone();
  await postCustomerText(baseUrl, { phone, name }, text, secondsAgo);
  const clientId = await conversationOf(token, phone);
  const { status, body } = await postJson(
    `${baseUrl}/api/reassign-agent`,
    { clientId, agentId: adminId },
    token,
  );
  if (status !== 200 && status !== 201)
    throw new Error(`reassign-agent answered ${status}: ${JSON.stringify(body)}`);
  return { phone, clientId };
}

async function sentToGraph(match: (body: SentBody) => boolean): Promise<SentBody> {
  return waitFor('the request to the WhatsApp Graph API', async () => {
    const response = await fetch(`${fakeGraphUrl}/__requests`);
    const requests = (await response.json()) as FakeGraphRequest[];
    return requests
      .filter((request) => request.method === 'POST' && request.path.endsWith('/messages'))
      .map((request) => request.body as SentBody)
      .find(match);
  });
}

const MESSAGES_QUERY = `query E2EMessages($clientId: Int!) {
  messages(clientId: $clientId) { id content messageStatus messageApiId }
}`;

interface StoredMessage {
  id: number;
  content: string;
  messageStatus: string | null;
  messageApiId: string | null;
}

/** The provider id recorded once the send job handed the message to the Graph API. */
async function sentMessage(token: string, clientId: number, content: string): Promise<StoredMessage> {
  return waitFor(`the provider id of '${content}'`, async () => {
    const reply = await graphql<{ messages: StoredMessage[] }>(baseUrl, token, MESSAGES_QUERY, { clientId });
    return reply.data?.messages.find(
      (message) => message.content === content && message.messageApiId !== null,
    );
  });
}

async function openConversation(page: Page, clientId: number): Promise<Locator> {
  await loginAndWaitForShell(page, 'admin@demo.local');
  await page.goto(`/chat/${clientId}`);
  const window = page.getByTestId('conversation-window');
  await window.waitFor();
  return window;
}

/** A file of the given size that takes no disk space (sparse). */
async function sparseFile(directory: string, name: string, bytes: number): Promise<string> {
  const path = join(directory, name);
  const handle = await open(path, 'w');
  await handle.truncate(bytes);
  await handle.close();
  return path;
}

describe('inbox conversation window', () => {
  let browser: Browser;
  let token: string;
  let admin: MeResult['me'];
  let files: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await loginToken(baseUrl, 'admin@demo.local');
    const me = await graphql<MeResult>(baseUrl, token, ME_QUERY);
    if (!me.data) throw new Error(`Me failed: ${JSON.stringify(me.errors)}`);
    admin = me.data.me;
    files = await mkdtemp(join(tmpdir(), 'inbox-window-e2e-'));
  });

  afterAll(async () => {
    await browser?.close();
    if (files) await rm(files, { recursive: true, force: true });
  });

  it('lets an admin answer a WhatsApp customer and watch the ticks turn delivered, then read', async () => {
    await withPage(browser, baseUrl, 'inbox-window-answer', async (page) => {
      const { phone, clientId } = await newConversation(
        token,
        admin.id,
        'Sheena Nelson',
        '¿Lo tienen en otro color?',
      );
      const window = await openConversation(page, clientId);

      expect(await window.getByTestId('conversation-name').textContent()).toBe('Sheena Nelson');
      expect(await window.getByTestId('conversation-channel').textContent()).toContain('WhatsApp Demo');
      expect(await window.getByTestId('window-remaining').textContent()).toMatch(/Ventana: 23 h 5\d min/);
      const list = window.getByTestId('message-list');
      await list.getByTestId('message-bubble').filter({ hasText: '¿Lo tienen en otro color?' }).waitFor();

      const answer = `Sí, también en azul marino (${phone.slice(-4)})`;
      const composer = window.getByTestId('composer-input');
      await composer.fill(answer);
      await composer.press('Enter');
      expect(await composer.inputValue()).toBe('');
      const bubble = list
        .locator('[data-testid="message-bubble"][data-direction="outgoing"]')
        .filter({ hasText: answer });
      await bubble.waitFor();

      // The exact text reached WhatsApp's Graph API for this customer.
      const request = await sentToGraph((body) => body.to === phone && body.text?.body === answer);
      expect(request).toMatchObject({ messaging_product: 'whatsapp', type: 'text', text: { body: answer } });

      const stored = await sentMessage(token, clientId, answer);
      // The optimistic bubble became the stored message, once.
      await list.locator(`[data-testid="message-bubble"][data-message-id="${stored.id}"]`).waitFor();
      expect(await bubble.count()).toBe(1);
      await bubble.getByTestId('message-status-sent').waitFor();

      await providerReports(String(stored.messageApiId), phone, 'delivered');
      await bubble.getByTestId('message-status-delivered').waitFor();
      await providerReports(String(stored.messageApiId), phone, 'read');
      await bubble.getByTestId('message-status-viewed').waitFor();
      await screenshot(page, 'inbox-window');
    });
  });

  it("inserts the '/saludo' quick answer with the names filled in, and refuses oversized files before uploading", async () => {
    await withPage(browser, baseUrl, 'inbox-window-quick-answer', async (page) => {
      const { phone, clientId } = await newConversation(token, admin.id, 'Lucía Ramos', 'Buenas tardes');
      const uploads: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/upload')) uploads.push(request.url());
      });
      const window = await openConversation(page, clientId);
      await window.getByTestId('message-bubble').filter({ hasText: 'Buenas tardes' }).waitFor();

      const composer = window.getByTestId('composer-input');
      await composer.pressSequentially('/sal');
      const menu = window.getByTestId('quick-answer-menu');
      await menu.waitFor();
      await screenshot(page, 'inbox-window-quick-answers');
      const options = menu.getByTestId('quick-answer-option');
      expect(await options.count()).toBe(1);
      expect(await options.first().textContent()).toContain('/saludo');
      await composer.press('Enter');
      const greeting = `Hola Lucía Ramos, soy ${admin.name}. ¿En qué te puedo ayudar?`;
      expect(await composer.inputValue()).toBe(greeting);
      expect(await menu.count()).toBe(0);

      // 02 §5: a video over 15 MB and any file over 100 MB are refused with the spec's text.
      const video = await sparseFile(files, 'recorrido.mp4', 16 * 1024 * 1024);
      await window.getByTestId('attach-input').setInputFiles(video);
      const error = window.getByTestId('attach-error');
      await error.waitFor();
      expect(await error.textContent()).toBe('Archivo demasiado grande (máximo 15 MB)');
      await page.locator('.ant-message').getByText('Archivo demasiado grande (máximo 15 MB)').waitFor();

      const catalogue = await sparseFile(files, 'catalogo.pdf', 101 * 1024 * 1024);
      await window.getByTestId('attach-input').setInputFiles(catalogue);
      await window.getByText('Archivo demasiado grande (máximo 100 MB)', { exact: true }).first().waitFor();
      expect(await window.getByTestId('composer-attachment').count()).toBe(0);
      expect(uploads).toEqual([]);

      // The greeting goes out as written.
      await composer.press('Enter');
      const request = await sentToGraph((body) => body.to === phone && body.text?.body === greeting);
      expect(request.type).toBe('text');

      // A valid picture is uploaded first, then sent as an image with the typed text as its caption.
      const picture = join(files, 'sala.png');
      await writeFile(picture, Buffer.from(ONE_PIXEL_PNG, 'base64'));
      await window.getByTestId('attach-input').setInputFiles(picture);
      expect(await window.getByTestId('composer-attachment').textContent()).toContain('sala.png');
      await composer.fill('Nuestra sala en exhibición');
      await composer.press('Enter');
      const image = await sentToGraph((body) => body.to === phone && body.type === 'image');
      expect(image.image?.caption).toBe('Nuestra sala en exhibición');
      expect(image.image?.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/uploads\/.+\.png$/);
      expect(uploads).toHaveLength(1);
      await window
        .locator('[data-testid="message-bubble"][data-type="image"]')
        .getByTestId('message-status-sent')
        .waitFor();
    });
  });

  it('offers only approved templates outside the 24-hour window and sends the chosen one', async () => {
    await withPage(browser, baseUrl, 'inbox-window-template', async (page) => {
      const { phone, clientId } = await newConversation(
        token,
        admin.id,
        'Mario Gómez',
        'Hola, ¿siguen abiertos?',
        25 * 3600,
      );
      const window = await openConversation(page, clientId);
      expect(await window.getByTestId('window-remaining').textContent()).toContain('Ventana cerrada');
      const templates = window.getByTestId('template-composer');
      await templates.waitFor();
      expect(await window.getByTestId('composer-input').count()).toBe(0);
      expect(await window.getByTestId('attach-input').count()).toBe(0);

      await templates.getByRole('combobox').click();
      const offered = page.locator('.ant-select-item-option');
      await offered.first().waitFor();
      const names = await offered.evaluateAll((options) =>
        options.map((option) => option.getAttribute('title')),
      );
      // Only the accepted templates of this channel (the seed's submitted one is not offered).
      expect(names.sort()).toEqual(['bienvenida', 'seguimiento_pedido']);
      await page.locator('.ant-select-item-option[title="seguimiento_pedido"]').click();

      await templates.getByLabel('Variable 1').fill('Mario');
      await templates.getByLabel('Variable 2').fill('#512');
      expect(await templates.getByTestId('template-preview').textContent()).toContain(
        'Hola Mario, tu pedido #512 ya va en camino.',
      );
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      await screenshot(page, 'inbox-window-template');
      await templates.getByRole('button', { name: 'Enviar plantilla' }).click();

      const request = await sentToGraph((body) => body.to === phone && body.type === 'template');
      expect(request.template).toEqual({
        name: 'seguimiento_pedido',
        language: { code: 'es' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Mario' },
              { type: 'text', text: '#512' },
            ],
          },
        ],
      });
      const bubble = window
        .getByTestId('message-bubble')
        .filter({ hasText: 'Plantilla: seguimiento_pedido' });
      await bubble.waitFor();
      await bubble.getByTestId('message-status-sent').waitFor();
    });
  });
});
