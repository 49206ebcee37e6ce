import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';

const baseUrl = inject('baseUrl');

// The Demo company's WhatsApp channel and the API's development app secret (apps/api seed).
const DEMO_WA_PHONE_NUMBER_ID = '100000000000001';
const DEV_WHATSAPP_APP_SECRET = 'dev-whatsapp-app-secret';
const FIXTURE = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../api/src/providers/channels/whatsapp-cloud/__fixtures__/message-text.json',
);

const SUFFIX = String(Date.now()).slice(-6);

/** A customer writes on WhatsApp Demo (signed as Meta signs it). */
async function whatsappCustomerWrites(from: string, name: string): Promise<void> {
  const body = readFileSync(FIXTURE, 'utf8')
    .replaceAll('106540352242922', DEMO_WA_PHONE_NUMBER_ID)
    .replaceAll('16505551234', from)
    .replaceAll('Sheena Nelson', name)
    .replace(/"id": "wamid\.[^"]+"/, `"id": "wamid.E2ESPACES${Date.now()}"`)
    .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  const signature = `sha256=${createHmac('sha256', DEV_WHATSAPP_APP_SECRET).update(body).digest('hex')}`;
  const response = await fetch(`${baseUrl}/webhooks/whatsapp`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Hub-Signature-256': signature },
    body,
  });
  if (response.status !== 200) throw new Error(`Webhook answered ${response.status}`);
}

interface ChannelsResult {
  channels: Array<{ id: number; name: string; platform: string }>;
}

interface MeSpaces {
  me: { selectedSpaceId: number; spaces: Array<{ id: number; name: string; isDefault: boolean }> };
}

const SELECT_SPACE = `mutation($id: Int!) { selectSpace(spaceId: $id) { selectedSpaceId } }`;

/** A new company through the real sign-up (e-mail code from the dev outbox): nothing of Demo is touched. */
async function registerCompany(): Promise<{ email: string; password: string }> {
  const email = `espacios${SUFFIX}${Math.floor(Math.random() * 1000)}@example.com`;
  const password = 'Segura123';
  const sent = await postJson(`${baseUrl}/api/emailVerification`, { email, plan: 'PRO' });
  if (sent.status !== 200) throw new Error(`emailVerification answered ${sent.status}`);
  const outbox = (await (await fetch(`${baseUrl}/api/dev/outbox`)).json()) as Array<{
    to: string;
    text: string;
  }>;
  const code = /([A-Z0-9]{6})/.exec(outbox.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
  const verified = await postJson(`${baseUrl}/api/verify`, { email, code });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  const registered = await postJson(`${baseUrl}/api/register`, {
    name: 'Dueña Espacios',
    email,
    password,
    phone: '5215512345678',
    businessName: `Negocio Espacios ${SUFFIX}`,
  });
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`);
  return { email, password };
}

function rowNamed(page: Page, name: string) {
  return page
    .getByTestId('conversation-list')
    .getByTestId('conversation-row')
    .filter({ has: page.getByTestId('conversation-name').getByText(name, { exact: true }) });
}

async function chooseFilterType(page: Page, label: string): Promise<void> {
  await page.getByTestId('conversation-filter-type').click();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
  await page.locator('[data-testid="conversation-list"][data-status="fetched"]').waitFor();
}

describe('spaces and channels', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('creates a space with a channel in /spaces/new, switches to it from the top bar and sees only its conversations', async () => {
    const admin = await loginToken(baseUrl, 'admin@demo.local');
    const channels = await graphql<ChannelsResult>(baseUrl, admin, `{ channels { id name platform } }`);
    const sandbox = channels.data?.channels.find((c) => c.platform === 'sandbox');
    if (!sandbox) throw new Error('Demo has no sandbox channel');

    // One conversation on each channel, both the newest of the company.
    const sandboxName = `Cliente Prueba ${SUFFIX}`;
    const whatsappName = `Cliente WhatsApp ${SUFFIX}`;
    await whatsappCustomerWrites(`52155${SUFFIX}01`, whatsappName);
    const simulated = await postJson(
      `${baseUrl}/api/sandbox/simulate`,
      {
        channelId: sandbox.id,
        from: `52155${SUFFIX}02`,
        name: sandboxName,
        text: 'Hola desde el canal de prueba',
      },
      admin,
    );
    expect(simulated.status).toBe(200);

    const spaceName = `Espacio Prueba ${SUFFIX}`;
    let createdId: number | null = null;
    const before = await graphql<MeSpaces>(
      baseUrl,
      admin,
      `{ me { selectedSpaceId spaces { id name isDefault } } }`,
    );
    const originalSpaceId = before.data?.me.selectedSpaceId;
    try {
      await withPage(browser, baseUrl, 'spaces-create-and-switch', async (page) => {
        await loginAndWaitForShell(page, 'admin@demo.local');
        await page.goto('/spaces');
        await page.getByTestId('spaces-page').waitFor();
        await page.getByRole('button', { name: /Nuevo espacio/ }).click();
        await page.waitForURL('**/spaces/new');

        // The form refuses an empty space before sending anything.
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page.getByText('El nombre del espacio es obligatorio.').waitFor();
        await page.getByText('Selecciona al menos un canal.').waitFor();

        await page.getByLabel('Nombre del espacio').fill(spaceName);
        await page.getByTestId('space-channels-select').click();
        await page.locator('.ant-select-item-option', { hasText: sandbox.name }).click();
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Guardar' }).click();
        await page.waitForURL('**/spaces');
        const card = page.locator('[data-testid^="space-card-"]', { hasText: spaceName });
        await card.waitFor();
        expect(await card.textContent()).toContain(sandbox.name);
        await screenshot(page, 'spaces-list');

        const mine = await graphql<MeSpaces>(
          baseUrl,
          admin,
          `{ me { selectedSpaceId spaces { id name isDefault } } }`,
        );
        createdId = mine.data?.me.spaces.find((s) => s.name === spaceName)?.id ?? null;
        expect(createdId).not.toBeNull();

        // The inbox, all conversations: both customers are listed while the default space is selected.
        await page.goto('/chat');
        await page.getByTestId('conversation-list').waitFor();
        await chooseFilterType(page, 'Todas');
        await rowNamed(page, sandboxName).waitFor();
        await rowNamed(page, whatsappName).waitFor();

        // Switching from the top bar reloads the list with a first page of 10 (01 §2.2).
        await page.getByTestId('avatar').click();
        const firstPage = page.waitForRequest(
          (request) =>
            request.url().endsWith('/api/conversations_by_filter') && request.postDataJSON()?.first === 10,
        );
        await page.getByTestId(`space-${createdId}`).click();
        await page.getByText(`Ahora trabajas en el espacio ${spaceName}`).waitFor();
        expect((await firstPage).postDataJSON()).toMatchObject({ first: 10, filterType: 'all' });
        await page.locator('[data-testid="conversation-list"][data-status="fetched"]').waitFor();
        await rowNamed(page, sandboxName).waitFor();
        expect(await rowNamed(page, whatsappName).count()).toBe(0);
        const channelsShown = await page
          .getByTestId('conversation-list')
          .getByTestId('conversation-channel')
          .evaluateAll((nodes) => [...new Set(nodes.map((n) => n.getAttribute('aria-label')))]);
        expect(channelsShown).toEqual([expect.stringContaining(sandbox.name)]);
        await screenshot(page, 'spaces-switched-inbox');
      });
    } finally {
      // Leave Demo's admin as found: other suites read the default space's inbox.
      if (originalSpaceId) await graphql(baseUrl, admin, SELECT_SPACE, { id: originalSpaceId });
      if (createdId !== null) {
        await fetch(`${baseUrl}/api/deleteSpace/${createdId}`, {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${admin}` },
        });
      }
    }
  });

  it('connects a sandbox WhatsApp line by its QR, opened on a second signed-in device, and logs it out', async () => {
    const owner = await registerCompany();
    await withPage(browser, baseUrl, 'spaces-whatsapp-link', async (page) => {
      await loginAndWaitForShell(page, owner.email, owner.password);
      await page.goto('/spaces');
      await page.getByRole('link', { name: /Conectar WhatsApp/ }).click();
      await page.waitForURL('**/spaces/new-whatsapp');

      await page.getByLabel('Nombre de la línea').fill('Ventas WhatsApp');
      await page.getByLabel('Número de teléfono').fill('55-12');
      await page.getByRole('button', { name: 'Generar código QR' }).click();
      await page.getByText('Solo puede contener números').waitFor();
      await page.getByLabel('Número de teléfono').fill('5215512345678');
      await page.getByTestId('chat-history-select').click();
      await page.locator('.ant-select-item-option[title="Última semana"]').click();
      const qrReply = page.waitForResponse((response) => response.url().endsWith('/api/getQR'));
      await page.getByRole('button', { name: 'Generar código QR' }).click();
      const qr = (await (await qrReply).json()) as { qrUrl: string; channelId: number };
      await page.getByRole('img', { name: 'Código QR para vincular la línea' }).waitFor();
      await page
        .getByTestId('qr-countdown')
        .getByText(/El código se renueva en \d+ s/)
        .waitFor();
      await screenshot(page, 'spaces-whatsapp-qr');

      // The QR's link opened by another signed-in device of the company links the line.
      await withPage(browser, baseUrl, 'spaces-whatsapp-device', async (device) => {
        await loginAndWaitForShell(device, owner.email, owner.password);
        await device.goto(qr.qrUrl.replace(baseUrl, ''));
        await device.getByText('Número vinculado con exito, puedes cerrar esta ventana.').waitFor();
      });

      // 02 §2: once linked, the browser goes to /spaces.
      await page.waitForURL('**/spaces');
      const row = page.getByTestId(`channel-row-${qr.channelId}`);
      await row.getByText('Dispositivo: Vinculado').waitFor();
      await row.getByText('Activo', { exact: true }).waitFor();
      await screenshot(page, 'spaces-whatsapp-linked');

      await row.getByRole('button', { name: /Cerrar sesión/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Cerrar sesión' }).click();
      await row.getByText('Dispositivo: Sin vincular').waitFor();
      await row.getByText('Inactivo', { exact: true }).waitFor();
    });
  });
});
