import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

// The Demo company's WhatsApp channel and the API's development app secret (apps/api/test/webhook-helpers.ts).
const DEMO_WA_PHONE_NUMBER_ID = '100000000000001';
const DEV_WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';
// A documented Cloud API payload: https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/payload-examples
const FIXTURE = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../api/src/providers/channels/whatsapp-cloud/__fixtures__/message-text.json',
);

let sequence = 0;

/** A customer phone no seed or earlier run uses: 521 55 8 and 8 digits. */
function newCustomerPhone(): string {
  sequence += 1;
  return `521558${String(Date.now()).slice(-7)}${sequence % 10}`;
}

/** Posts a signed WhatsApp webhook, as Meta does, with a text from a customer. */
async function customerWrites(from: string, name: string, text: string): Promise<void> {
  const body = readFileSync(FIXTURE, 'utf8')
    .replaceAll('106540352242922', DEMO_WA_PHONE_NUMBER_ID)
    .replaceAll('16505551234', from)
    .replaceAll('Sheena Nelson', name)
    .replaceAll('Does it come in another color?', text)
    .replace(/"id": "wamid\.[^"]+"/, `"id": "wamid.E2ELIST${Date.now()}${sequence}"`)
    .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  const signature = `sha256=${createHmac('sha256', DEV_WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (response.status !== 200)
    throw new Error(`Webhook answered ${response.status}: ${await response.text()}`);
}

interface ListedConversation {
  id: number;
  senderId: string;
}

async function conversationIdOf(token: string, phone: string): Promise<number> {
  const { status, body } = await postJson<{ clients?: ListedConversation[] }>(
    `${baseUrl}/api/conversations_by_filter`,
    { filterType: 'all', keyword: phone },
    token,
  );
  const client = body.clients?.find((candidate) => candidate.senderId === phone);
  if (status !== 200 || !client) throw new Error(`No conversation for ${phone} (${status})`);
  return client.id;
}

async function unreadOf(token: string, phone: string): Promise<number | undefined> {
  const { body } = await postJson<{ clients?: Array<ListedConversation & { unreadMessages: number }> }>(
    `${baseUrl}/api/conversations_by_filter`,
    { filterType: 'all', keyword: phone },
    token,
  );
  return body.clients?.find((candidate) => candidate.senderId === phone)?.unreadMessages;
}

async function reassign(token: string, clientId: number, agentId: number | null): Promise<void> {
  const { status, body } = await postJson<unknown>(
    `${baseUrl}/api/reassign-agent`,
    { clientId, agentId },
    token,
  );
  if (status !== 200) throw new Error(`reassign-agent answered ${status}: ${JSON.stringify(body)}`);
}

async function userId(email: string): Promise<number> {
  const me = await graphql<MeResult>(baseUrl, await loginToken(baseUrl, email), ME_QUERY);
  if (!me.data?.me.id) throw new Error(`No id for ${email}`);
  return me.data.me.id;
}

const ARCHIVE = `mutation Archive($clientId: Int!, $archived: Boolean!) {
  setConversationArchived(clientId: $clientId, archived: $archived) { id isArchived }
}`;

function rows(page: Page) {
  return page.getByTestId('conversation-list').getByTestId('conversation-row');
}

function rowNamed(page: Page, name: string) {
  return rows(page).filter({ has: page.getByTestId('conversation-name').getByText(name, { exact: true }) });
}

async function listNames(page: Page): Promise<string[]> {
  return page.getByTestId('conversation-list').getByTestId('conversation-name').allTextContents();
}

async function chooseFilterType(page: Page, label: string): Promise<void> {
  await page.getByTestId('conversation-filter-type').click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
  await page.locator('[data-testid="conversation-list"][data-status="fetched"]').waitFor();
}

describe('inbox conversation list', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('puts a new WhatsApp conversation at the top of an open list, without a reload', async () => {
    await withPage(browser, baseUrl, 'inbox-list-live', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.getByText('Selecciona una conversación').waitFor();
      await chooseFilterType(page, 'Todas');
      await rowNamed(page, 'Lucía Ramírez').waitFor();

      const phone = newCustomerPhone();
      const name = `Cliente en vivo ${phone.slice(-4)}`;
      await customerWrites(phone, name, 'Hola, ¿siguen abiertos?');

      const row = rowNamed(page, name);
      await row.waitFor();
      expect((await listNames(page))[0]).toBe(name);
      expect(await row.getByTestId('conversation-last-message').textContent()).toBe(
        'Hola, ¿siguen abiertos?',
      );
      expect((await row.getByTestId('conversation-unread').textContent())?.trim()).toBe('1');
      expect(await row.getByTestId('conversation-time').textContent()).toMatch(/^\d{2}:\d{2}$/);
      expect(await row.getByTestId('conversation-channel').getAttribute('aria-label')).toBe(
        'WhatsApp: WhatsApp Demo',
      );
      expect(await row.getByTestId('conversation-agent').textContent()).toBe('Sin asignar');
      await screenshot(page, 'inbox-list');

      // Opening it shows it in the window and the info panel, marks it read and keeps the filter.
      await row.click();
      const clientId = await row.getAttribute('data-client-id');
      await page.waitForURL(`**/chat/${clientId}`);
      await page.getByText('Selecciona una conversación').waitFor({ state: 'detached' });
      expect(await row.getAttribute('aria-current')).toBe('page');
      expect(await row.getByTestId('conversation-unread').count()).toBe(0);
      expect(await page.getByTestId('conversation-filter-type').textContent()).toContain('Todas');
      await page.getByTestId('conversation-window').waitFor();
      await page.getByTestId('client-info-panel').waitFor();
      await screenshot(page, 'inbox-open');
      // Opening it marked it read on the server too.
      const admin = await loginToken(baseUrl, 'admin@demo.local');
      await expect.poll(() => unreadOf(admin, phone)).toBe(0);
    });
  });

  it('opens /chat/{id} directly even when the list does not have it, and leaves an unknown id', async () => {
    const admin = await loginToken(baseUrl, 'admin@demo.local');
    const phone = newCustomerPhone();
    const name = `Cliente directo ${phone.slice(-4)}`;
    await customerWrites(phone, name, 'Escribo por un pedido');
    const clientId = await conversationIdOf(admin, phone);
    // Archived, so in none of the lists an admin opens on (issue 19: admins open on 'Todas', unassigned included).
    const archived = await graphql<{ setConversationArchived: { isArchived: boolean } }>(
      baseUrl,
      admin,
      ARCHIVE,
      {
        clientId,
        archived: true,
      },
    );
    expect(archived.data?.setConversationArchived.isArchived).toBe(true);

    await withPage(browser, baseUrl, 'inbox-list-direct', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto(`/chat/${clientId}`);
      await page.getByTestId('conversation-window').waitFor();
      await page.getByTestId('client-info-panel').waitFor();
      expect(await rowNamed(page, name).count()).toBe(0);
      expect(await page.getByText('Selecciona una conversación').count()).toBe(0);

      await page.goto('/chat/99999999');
      await page.getByText('No se encontró la conversación.').waitFor();
      await page.waitForURL((url) => url.pathname === '/chat');
      await page.getByText('Selecciona una conversación').waitFor();
    });
  });

  it('shows agente@demo.local only their conversations, and takes one away live when it is reassigned', async () => {
    const admin = await loginToken(baseUrl, 'admin@demo.local');
    const agenteId = await userId('agente@demo.local');
    const adminId = await userId('admin@demo.local');
    const phone = newCustomerPhone();
    const name = `Cliente de Ana ${phone.slice(-4)}`;
    await customerWrites(phone, name, 'Quiero hablar con un asesor');
    const clientId = await conversationIdOf(admin, phone);

    await withPage(browser, baseUrl, 'inbox-list-agent', async (page) => {
      await loginAndWaitForShell(page, 'agente@demo.local');
      await rowNamed(page, 'José Hernández').waitFor();
      expect(await listNames(page)).not.toContain('María García');
      expect(await listNames(page)).not.toContain('Lucía Ramírez');
      // Agents see no agent picker (no readUsers).
      await page.getByTestId('conversation-more-filters').click();
      expect(await page.getByRole('combobox', { name: 'Agente' }).count()).toBe(0);

      // Assigned to the agent: it arrives in their list.
      await reassign(admin, clientId, agenteId);
      const row = rowNamed(page, name);
      await row.waitFor();
      expect((await listNames(page))[0]).toBe(name);
      await row.click();
      await page.waitForURL(`**/chat/${clientId}`);

      // Given to someone else: it leaves their list and the open conversation closes.
      await reassign(admin, clientId, adminId);
      await row.waitFor({ state: 'detached' });
      await page.waitForURL((url) => url.pathname === '/chat');
      await page.getByText('Selecciona una conversación').waitFor();
      expect(await listNames(page)).toContain('José Hernández');
    });
  });

  it('finds a contact by a name typed without accents, and lists archived ones under Archivadas', async () => {
    const admin = await loginToken(baseUrl, 'admin@demo.local');
    const phone = newCustomerPhone();
    const name = `Cliente archivado ${phone.slice(-4)}`;
    await customerWrites(phone, name, 'Gracias, era todo');
    const clientId = await conversationIdOf(admin, phone);

    await withPage(browser, baseUrl, 'inbox-list-search', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await chooseFilterType(page, 'Todas');
      // The newest conversation is at the top; older demo ones (José's) may be below the fold of the virtual list,
      // as many as other suites wrote in before: the search below is what finds him.
      await rowNamed(page, name).waitFor();

      await page.getByTestId('conversation-search').fill('jose hernandez');
      await page.waitForFunction(() => {
        const names = [...document.querySelectorAll('[data-testid="conversation-name"]')];
        return names.length === 1 && names[0]?.textContent === 'José Hernández';
      });
      await page.getByTestId('conversation-search').fill('');
      await rowNamed(page, name).waitFor();
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="conversation-name"]').length > 1,
      );

      // Archived elsewhere: it leaves 'Todas' live, and 'Archivadas' lists it.
      const archived = await graphql<{ setConversationArchived: { isArchived: boolean } }>(
        baseUrl,
        admin,
        ARCHIVE,
        {
          clientId,
          archived: true,
        },
      );
      expect(archived.data?.setConversationArchived.isArchived).toBe(true);
      await rowNamed(page, name).waitFor({ state: 'detached' });

      await chooseFilterType(page, 'Archivadas');
      await rowNamed(page, name).waitFor();
      expect(await listNames(page)).not.toContain('José Hernández');
      await screenshot(page, 'inbox-list-archived');
    });
  });

  it('keeps only the rows in view in the page, and loads the next page at the bottom', async () => {
    // More than one page (20) of conversations, whatever the other suites left behind.
    for (let i = 0; i < 21; i++) {
      const phone = newCustomerPhone();
      await customerWrites(phone, `Cliente página ${i} ${phone.slice(-4)}`, `Mensaje ${i}`);
    }

    await withPage(browser, baseUrl, 'inbox-list-scroll', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await chooseFilterType(page, 'Todas');
      const loaded = () =>
        page
          .getByTestId('conversation-list')
          .locator('li[aria-setsize]')
          .first()
          .getAttribute('aria-setsize');
      expect(await loaded()).toBe('20');
      // Windowed: fewer rows in the page than loaded.
      expect(await rows(page).count()).toBeLessThan(20);

      const nextPage = page.waitForRequest(
        (request) =>
          request.url().endsWith('/api/conversations_by_filter') &&
          typeof (request.postDataJSON() as { after?: unknown }).after === 'string',
      );
      await page
        .getByTestId('conversation-list')
        .locator('.conv-list-scroll')
        .evaluate((element) => {
          element.scrollTop = element.scrollHeight;
        });
      await nextPage;
      await expect.poll(async () => Number(await loaded())).toBeGreaterThan(20);
      expect(await rows(page).count()).toBeLessThan(Number(await loaded()));
    });
  });
});
