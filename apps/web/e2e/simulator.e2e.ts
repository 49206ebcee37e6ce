import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

const SEND_MESSAGE = `mutation SendMessage($input: SendMessageInput!) { sendMessage(input: $input) { id } }`;

interface ConversationPage {
  clients: Array<{ id: number; name: string | null; senderId: string; lastMessage: string | null }>;
}

/** A fresh customer for each run: 521 55 and 8 digits that no seed conversation uses. */
function newCustomerPhone(): string {
  return `52155${String(Date.now()).slice(-8)}`;
}

async function conversationOf(token: string, phone: string): Promise<number> {
  const { status, body } = await postJson<ConversationPage>(
    `${baseUrl}/api/conversations_by_filter`,
    { filterType: 'all', keyword: phone },
    token,
  );
  const client = body.clients?.find((candidate) => candidate.senderId === phone);
  if (status !== 200 || !client)
    throw new Error(`No conversation for ${phone} (${status}): ${JSON.stringify(body)}`);
  return client.id;
}

async function replyAsAgent(token: string, clientId: number, text: string): Promise<void> {
  const reply = await graphql<{ sendMessage: { id: number } }>(baseUrl, token, SEND_MESSAGE, {
    input: { clientId, text },
  });
  if (!reply.data?.sendMessage.id) throw new Error(`sendMessage failed: ${JSON.stringify(reply.errors)}`);
}

function businessMessage(page: Page, text: string) {
  return page.getByTestId('business-message').filter({ hasText: text });
}

describe('customer simulator', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets an admin write in as a customer and watch the replies become read, or fail', async () => {
    await withPage(browser, baseUrl, 'simulator', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');

      // Reached from the avatar panel, not from the top bar.
      await page.getByTestId('avatar').click();
      await page.getByTestId('user-panel-simulator').click();
      await page.waitForURL('**/simulador');
      await page.getByRole('heading', { name: 'Simulador de clientes' }).waitFor();
      expect(await page.getByText('Un mensaje con #fallo simula un error del proveedor.').isVisible()).toBe(
        true,
      );
      expect(await page.getByTestId('simulator-channel').textContent()).toContain('Canal de prueba');
      expect(await page.getByLabel('Nombre del cliente').inputValue()).toBe('Cliente de prueba');

      const phone = newCustomerPhone();
      await page.getByLabel('Teléfono del cliente').fill(phone);
      const composer = page.getByLabel('Mensaje del cliente');
      expect(await page.getByTestId('simulator-send').isDisabled()).toBe(true);
      await composer.fill('Hola, quiero informes');
      await composer.press('Enter');
      await page.getByTestId('customer-message').filter({ hasText: 'Hola, quiero informes' }).waitFor();
      expect(await composer.inputValue()).toBe('');

      // The agent answers from the inbox (here through the API): the reply reaches the customer and is read.
      const token = await loginToken(baseUrl, 'admin@demo.local');
      const clientId = await conversationOf(token, phone);
      await replyAsAgent(token, clientId, 'Con gusto');
      const reply = businessMessage(page, 'Con gusto');
      await reply.waitFor();
      await reply.locator('[data-testid="message-status"][data-status="viewed"]').waitFor();
      expect((await reply.getByTestId('message-status').textContent())?.trim()).toBe('Visto');
      expect(await reply.locator('time').textContent()).toMatch(/^\d{2}:\d{2}$/);

      // A reply with #fallo is refused by the sandbox provider.
      await replyAsAgent(token, clientId, 'Prueba de error #fallo');
      const failed = businessMessage(page, 'Prueba de error #fallo');
      await failed.locator('[data-testid="message-status"][data-status="failed"]').waitFor();
      expect((await failed.getByTestId('message-status').textContent())?.trim()).toBe('fallido');
      expect(await failed.getByTestId('message-error').textContent()).toContain('#fallo');

      const customerSide = await page.getByTestId('customer-message').allInnerTexts();
      expect(customerSide.some((text) => text.includes('Hola, quiero informes'))).toBe(true);
      expect(customerSide.some((text) => text.includes('Con gusto'))).toBe(false);
      await screenshot(page, 'simulator');
    });
  });

  it('shows the phone rule under the field', async () => {
    await withPage(browser, baseUrl, 'simulator-phone', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/simulador');
      await page.getByLabel('Teléfono del cliente').fill('55 1234');
      await page.getByText('Solo puede contener números').waitFor();
    });
  });

  it('sends an agente who opens /simulador to /forbidden, and offers it no link', async () => {
    await withPage(browser, baseUrl, 'simulator-agente', async (page) => {
      await loginAndWaitForShell(page, 'agente@demo.local');
      await page.getByTestId('avatar').click();
      await page.getByTestId('user-panel').waitFor();
      expect(await page.getByTestId('user-panel-simulator').count()).toBe(0);
      await page.goto('/simulador');
      await page.waitForURL('**/forbidden');
      await page.getByText('No tienes permiso para ver esta página').waitFor();
    });
  });
});
