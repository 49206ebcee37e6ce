import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import {
  launchBrowser,
  loginAndWaitForShell,
  realtimeConnected,
  screenshot,
  withPage,
} from './helpers/browser';
import { DEMO_WABA_ID, postCustomerText, postTemplateStatus } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');
const fakeGraphUrl = inject('fakeGraphUrl');
const IMAGE = resolve(fileURLToPath(new URL('.', import.meta.url)), 'fixtures/comprobante.png');

interface FakeGraphRequest {
  method: string;
  path: string;
  body: unknown;
}

interface TemplateView {
  id: number;
  channelId: number;
  name: string;
  status: string;
  rawStatus: string | null;
  type: string;
  category: string;
  variables: number;
  components: Array<{ type: string; format?: string; example?: unknown }>;
}

interface TemplateRequest {
  name: string;
  language: string;
  category: string;
  components: Array<Record<string, unknown>>;
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

async function graphRequests(): Promise<FakeGraphRequest[]> {
  const response = await fetch(`${fakeGraphUrl}/__requests`);
  return (await response.json()) as FakeGraphRequest[];
}

/** A WhatsApp Demo conversation assigned to the admin whose customer last wrote 25 hours ago: the window is closed. */
async function closedWindowConversation(
  token: string,
  adminId: number,
): Promise<{ phone: string; clientId: number }> {
  const phone = `52155${String(Date.now()).slice(-8)}`;
  await postCustomerText(baseUrl, { phone, name: 'Laura Méndez' }, '¿Ya está mi pedido?', 25 * 3600);
  const clientId = await waitFor(`the conversation of ${phone}`, async () => {
    const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
      `${baseUrl}/api/conversations_by_filter`,
      { filterType: 'all', keyword: phone },
      token,
    );
    return body.clients?.find((client) => client.senderId.replace(/\D/g, '') === phone)?.id;
  });
  const { status } = await postJson(`${baseUrl}/api/reassign-agent`, { clientId, agentId: adminId }, token);
  if (status !== 200 && status !== 201) throw new Error(`reassign-agent answered ${status}`);
  return { phone, clientId };
}

async function step(page: Page, name: string, title: string): Promise<void> {
  await page.locator(`[data-testid="template-step"][data-step="${name}"]`).waitFor();
  expect(await page.getByRole('heading', { level: 3 }).textContent()).toBe(title);
}

async function pick(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-item-option', { hasText: label }).last().click();
  await page.locator('.ant-select-dropdown').last().waitFor({ state: 'hidden' });
}

describe('WhatsApp templates', () => {
  let browser: Browser;
  let token: string;
  let admin: MeResult['me'];
  let companyId: number;
  const created: Array<{ name: string; channelId: number }> = [];

  /** The template as GET /api/whatsappTemplate/{companyId} lists it. */
  async function storedTemplate(name: string): Promise<TemplateView> {
    const response = await fetch(`${baseUrl}/api/whatsappTemplate/${companyId}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const list = (await response.json()) as TemplateView[];
    const found = list.find((template) => template.name === name);
    if (!found) throw new Error(`${name} is not listed: ${JSON.stringify(list)}`);
    return found;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await loginToken(baseUrl, 'admin@demo.local');
    const me = await graphql<MeResult>(baseUrl, token, ME_QUERY);
    if (!me.data) throw new Error(`Me failed: ${JSON.stringify(me.errors)}`);
    admin = me.data.me;
    const company = await graphql<{ me: { company: { id: number } } }>(
      baseUrl,
      token,
      '{ me { company { id } } }',
    );
    if (!company.data) throw new Error(`Me failed: ${JSON.stringify(company.errors)}`);
    companyId = company.data.me.company.id;
  });

  afterAll(async () => {
    await browser?.close();
    // Other browser tests list the Demo channel's approved templates: this one leaves none behind.
    for (const template of created) {
      const response = await fetch(`${baseUrl}/api/whatsappTemplate`, {
        method: 'DELETE',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ templateName: template.name, channelId: template.channelId }),
      });
      if (response.status !== 200) throw new Error(`Deleting ${template.name} answered ${response.status}`);
    }
  });

  it('creates a template through every step, sees it approved live, and sends it to a closed window', async () => {
    const name = `aviso_listo_${Date.now() % 1_000_000}`;
    const { phone, clientId } = await closedWindowConversation(token, admin.id);

    await withPage(browser, baseUrl, 'templates-create-approve-send', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      const connected = realtimeConnected(page);
      await page.goto('/config?tab=templates');
      await connected;
      const tab = page.getByTestId('templates-tab');
      await tab.waitFor();
      await pick(page, tab.getByTestId('templates-channel'), 'WhatsApp Demo');
      await tab.getByRole('button', { name: 'Nueva plantilla' }).click();
      await page.waitForURL('**/config/new-whatsapp-template');

      // init: the channel and how to start.
      await step(page, 'init', 'Nueva plantilla de WhatsApp');
      await pick(page, page.getByTestId('template-channel'), 'WhatsApp Demo');
      await page.getByText('Escribir mi mensaje y detectar las variables').click();
      await page.getByRole('button', { name: 'Continuar' }).click();

      // create: the name, with the shared rule.
      await step(page, 'create', 'Nombra tu plantilla');
      const nameInput = page.getByPlaceholder('confirmacion_pedido');
      await nameInput.fill('Aviso Listo');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('No puede contener mayúsculas, espacios ni caracteres especiales').waitFor();
      await nameInput.fill(name);
      await page.getByRole('button', { name: 'Continuar' }).click();

      // new: the message as a customer would read it.
      await step(page, 'new', 'Escribe tu mensaje');
      await page
        .getByLabel('Mensaje')
        .fill('Hola Laura, tu pedido ya está listo para recoger. *Gracias* por tu compra.');
      await page.getByRole('button', { name: 'Continuar' }).click();

      // identify variables: the customer's name is proposed; it is accepted.
      await step(page, 'identifyVariables', 'Revisa las variables');
      const marks = page.getByTestId('template-variable-mark');
      await marks.first().waitFor();
      expect(await marks.allTextContents()).toEqual(['1Laura']);
      await page.getByRole('button', { name: 'Aceptar la variable 1' }).click();
      await page.getByTestId('template-variable-row').getByText('Aceptada').waitFor();
      await screenshot(page, 'templates-variables');
      await page.getByRole('button', { name: 'Continuar' }).click();

      // category: utility, as proposed.
      await step(page, 'category', 'Elige la categoría');
      expect(await page.getByRole('radio', { name: /Utilidad/ }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Continuar' }).click();

      // add multimedia: an image header, uploaded at once.
      await step(page, 'addMultimedia', 'Agrega multimedia');
      await page.getByText('Imagen', { exact: true }).click();
      await page.getByRole('button', { name: 'Elegir la imagen del encabezado' }).waitFor();
      await page.getByTestId('template-media-input').setInputFiles(IMAGE);
      await page.getByTestId('template-media-file').getByText('comprobante.png').waitFor();
      await page.getByRole('button', { name: 'Continuar' }).click();

      // preview: the bubble with the header image and the example in place of {{1}}.
      await step(page, 'preview', 'Vista previa');
      const bubble = page.getByTestId('template-preview');
      expect(await bubble.getByTestId('message-text').textContent()).toBe(
        'Hola Laura, tu pedido ya está listo para recoger. Gracias por tu compra.',
      );
      expect(await bubble.locator('strong').textContent()).toBe('Gracias');
      const header = bubble.getByTestId('template-preview-header');
      const headerUrl = (await header.getAttribute('src')) ?? '';
      expect(await header.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await screenshot(page, 'templates-preview');
      await page.getByRole('button', { name: 'Enviar a revisión' }).click();

      // Back in the list: in review.
      await page.waitForURL('**/config?tab=templates');
      const row = page.getByTestId('templates-table').getByRole('row').filter({ hasText: name });
      await row.getByTestId('template-status').getByText('En revisión').waitFor();

      const submitted = await waitFor('the template sent to Graph', async () =>
        (await graphRequests()).find(
          (request) =>
            request.method === 'POST' &&
            request.path.endsWith(`/${DEMO_WABA_ID}/message_templates`) &&
            (request.body as TemplateRequest).name === name,
        ),
      );
      const body = submitted.body as TemplateRequest;
      expect(body).toMatchObject({ name, language: 'es_MX', category: 'UTILITY' });
      expect(body.components[0]).toMatchObject({ type: 'HEADER', format: 'IMAGE' });
      // The provider gets its own upload handle, never our URL.
      const example = body.components[0]?.example as { header_handle?: string[] } | undefined;
      const handle = example?.header_handle?.[0] ?? '';
      expect(handle).toMatch(/^4::e2e-handle-\d+$/);
      expect(headerUrl).not.toContain(handle);
      expect(body.components[1]).toEqual({
        type: 'BODY',
        text: 'Hola {{1}}, tu pedido ya está listo para recoger. *Gracias* por tu compra.',
        example: { body_text: [['Laura']] },
      });
      const stored = await fetch(`${fakeGraphUrl}/v23.0/${DEMO_WABA_ID}/message_templates`);
      const providerId = ((await stored.json()) as { data: Array<{ id: string; name: string }> }).data.find(
        (template) => template.name === name,
      )?.id;
      expect(providerId).toBeDefined();
      const inReview = await storedTemplate(name);
      expect(inReview).toMatchObject({
        status: 'submitted',
        type: 'NORMAL_TEMPLATE',
        category: 'utility',
        variables: 1,
      });
      created.push({ name, channelId: inReview.channelId });

      // WhatsApp approves it: the list says so without a reload.
      await postTemplateStatus(baseUrl, {
        id: providerId as string,
        name,
        language: 'es_MX',
        event: 'APPROVED',
      });
      await row.getByTestId('template-status').getByText('Aprobada').waitFor();
      expect(await storedTemplate(name)).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED' });
      await screenshot(page, 'templates-list-approved');

      // A conversation whose 24-hour window is closed takes it from the composer.
      await page.goto(`/chat/${clientId}`);
      const window = page.getByTestId('conversation-window');
      await window.waitFor();
      const composer = window.getByTestId('template-composer');
      await composer.waitFor();
      await composer.getByRole('combobox').click();
      await page.locator(`.ant-select-item-option[title="${name}"]`).click();
      await composer.getByLabel('Variable 1').fill('Laura');
      expect(await composer.getByTestId('template-preview').textContent()).toContain(
        'Hola Laura, tu pedido ya está listo para recoger.',
      );
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      await composer.getByRole('button', { name: 'Enviar plantilla' }).click();

      const sent = await waitFor('the template message sent to Graph', async () =>
        (await graphRequests()).find(
          (request) =>
            request.method === 'POST' &&
            request.path.endsWith('/messages') &&
            (request.body as { to?: string; type?: string }).to === phone &&
            (request.body as { type?: string }).type === 'template',
        ),
      );
      const template = (sent.body as { template: { name: string; components: unknown[] } }).template;
      expect(template.name).toBe(name);
      // WhatsApp refuses a media-header template without its header: the image it was approved with.
      const approved = await storedTemplate(name);
      const headerExample = approved.components.find((c) => c.type === 'HEADER')?.example as
        | { header_handle?: string[] }
        | undefined;
      const link = headerExample?.header_handle?.[0] ?? '';
      expect(link).toMatch(/^https?:\/\/.+\/uploads\//);
      expect(template.components).toEqual([
        { type: 'header', parameters: [{ type: 'image', image: { link } }] },
        { type: 'body', parameters: [{ type: 'text', text: 'Laura' }] },
      ]);
      const bubbleSent = window
        .getByTestId('message-bubble')
        .filter({ hasText: 'Hola Laura, tu pedido ya está listo' });
      await bubbleSent.getByTestId('message-status-sent').waitFor();
    });
  });
});
