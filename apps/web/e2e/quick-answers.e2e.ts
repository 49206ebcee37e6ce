import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, ME_QUERY, type MeResult, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, screenshot, withPage } from './helpers/browser';
import { postCustomerText } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');
const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

const LIST = `query E2EQuickAnswers($search: String) {
  quickAnswers(search: $search) { id shortcut text file lastUse frecuency }
}`;

interface StoredAnswer {
  id: number;
  shortcut: string;
  text: string;
  file: { name: string; url: string } | null;
  lastUse: string | null;
  frecuency: number;
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

async function newConversation(token: string, adminId: number, name: string): Promise<number> {
  const phone = `52155${String(Date.now()).slice(-8)}`;
  // A customer writing in opens the conversation's 24-hour window.
  await postCustomerText(baseUrl, { phone, name }, 'Hola, ¿ya salió mi pedido?');
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
  return clientId;
}

async function storedAnswer(token: string, shortcut: string): Promise<StoredAnswer | undefined> {
  const reply = await graphql<{ quickAnswers: StoredAnswer[] }>(baseUrl, token, LIST, { search: shortcut });
  return reply.data?.quickAnswers.find((answer) => answer.shortcut === shortcut);
}

describe('quick answers administration', () => {
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
    files = await mkdtemp(join(tmpdir(), 'quick-answers-e2e-'));
  });

  afterAll(async () => {
    await browser?.close();
    await rm(files, { recursive: true, force: true });
  });

  it('creates a quick answer in /quickAnswers/new and uses it in the /chat composer by typing its shortcut', async () => {
    const shortcut = `envio_${Date.now() % 1_000_000}`;
    const pdf = join(files, 'guia-de-envio.pdf');
    await writeFile(pdf, PDF);
    const clientId = await newConversation(token, admin.id, 'Paola Núñez');

    await withPage(browser, baseUrl, 'quick-answers-create-and-use', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page
        .getByRole('navigation', { name: 'Navegación principal' })
        .getByRole('link', { name: 'Respuestas' })
        .click();
      await page.waitForURL('**/quickAnswers');
      await page.getByTestId('quick-answers-page').waitFor();
      await page.getByRole('button', { name: 'Nueva respuesta rápida' }).click();
      await page.waitForURL('**/quickAnswers/new');

      // The form refuses a shortcut with spaces before anything is sent.
      const shortcutInput = page.getByLabel('Atajo');
      await shortcutInput.fill('/mi atajo');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('No puede contener espacios ni caracteres especiales').waitFor();

      await shortcutInput.fill(shortcut);
      expect(await shortcutInput.inputValue()).toBe(`/${shortcut}`);
      const text = page.getByLabel('Texto');
      await text.fill('Hola ');
      await page.getByRole('button', { name: 'Insertar nombre del cliente' }).click();
      await text.press('End');
      await text.pressSequentially(', tu pedido sale hoy. Te atiende ');
      await page.getByRole('button', { name: 'Insertar nombre del agente' }).click();
      expect(await text.inputValue()).toBe(
        'Hola {{nombre_cliente}}, tu pedido sale hoy. Te atiende {{nombre_agente}}',
      );
      // The preview follows the field through Form.useWatch, a render after the input itself.
      await expect
        .poll(() => page.getByTestId('quick-answer-preview').textContent())
        .toBe(`Hola María López, tu pedido sale hoy. Te atiende ${admin.name}`);
      await page.getByTestId('quick-answer-file-input').setInputFiles(pdf);
      await page.getByTestId('quick-answer-picked-file').getByText('guia-de-envio.pdf').waitFor();
      await screenshot(page, 'quick-answers-form');
      await page.getByRole('button', { name: 'Guardar' }).click();

      await page.waitForURL('**/quickAnswers');
      const row = page
        .getByTestId('quick-answers-table')
        .getByRole('row')
        .filter({ hasText: `/${shortcut}` });
      await row.waitFor();
      expect(await row.textContent()).toContain('guia-de-envio.pdf');
      expect(await row.textContent()).toContain('Nunca');
      await screenshot(page, 'quick-answers-list');

      const stored = await storedAnswer(token, shortcut);
      expect(stored).toMatchObject({
        text: 'Hola {{nombre_cliente}}, tu pedido sale hoy. Te atiende {{nombre_agente}}',
        file: { name: 'guia-de-envio.pdf' },
        frecuency: 0,
      });

      // The same shortcut again: the server's SHORTCUT_ALREADY_EXISTS lands on the field.
      await page.getByRole('button', { name: 'Nueva respuesta rápida' }).click();
      await page.getByLabel('Atajo').fill(shortcut);
      await page.getByLabel('Texto').fill('Otra');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page
        .locator('.ant-form-item-explain-error')
        .getByText('Ya existe una respuesta rápida con ese atajo.')
        .waitFor();
      expect(page.url()).toContain('/quickAnswers/new');

      // In the chat, '/' and the shortcut offer it; choosing it fills in both names and stages the file.
      await page.goto(`/chat/${clientId}`);
      const window = page.getByTestId('conversation-window');
      await window.waitFor();
      const composer = window.getByTestId('composer-input');
      await composer.pressSequentially(`/${shortcut}`);
      const menu = window.getByTestId('quick-answer-menu');
      const option = menu.getByTestId('quick-answer-option').filter({ hasText: `/${shortcut}` });
      await option.waitFor();
      await screenshot(page, 'quick-answers-in-composer');
      await composer.press('Enter');
      expect(await composer.inputValue()).toBe(
        `Hola Paola Núñez, tu pedido sale hoy. Te atiende ${admin.name}`,
      );
      expect(await window.getByTestId('composer-attachment').textContent()).toContain('guia-de-envio.pdf');

      // The use is counted (lastUse and frecuency) for ordering by use.
      const used = await waitFor('the use to be counted', async () => {
        const answer = await storedAnswer(token, shortcut);
        return answer && answer.frecuency === 1 ? answer : undefined;
      });
      expect(Date.parse(used.lastUse ?? '')).toBeGreaterThan(Date.now() - 120_000);
    });
  });

  it('edits and deletes a quick answer from the list', async () => {
    const shortcut = `editar_${Date.now() % 1_000_000}`;
    const created = await postJson<{ id: number }>(
      `${baseUrl}/api/createQuickAnswer`,
      { shortcut, text: 'Texto original' },
      token,
    );
    expect(created.status).toBe(200);

    await withPage(browser, baseUrl, 'quick-answers-edit-delete', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');
      await page.goto('/quickAnswers');
      await page.getByLabel('Buscar respuestas rápidas').fill(shortcut);
      const table = page.getByTestId('quick-answers-table');
      await table.getByText('Texto original').waitFor();
      await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);
      await table.getByRole('link', { name: `Editar /${shortcut}` }).click();
      await page.waitForURL(`**/quickAnswers/new?id=${created.body.id}`);
      await page.getByRole('heading', { name: 'Editar respuesta rápida' }).waitFor();
      const text = page.getByLabel('Texto');
      await expect.poll(() => text.inputValue()).toBe('Texto original');
      await text.fill('Texto corregido');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.waitForURL('**/quickAnswers');
      await page.getByLabel('Buscar respuestas rápidas').fill(shortcut);
      await table.getByText('Texto corregido').waitFor();
      // Only the searched answer is left once the search has answered.
      await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);

      await table.getByRole('button', { name: `Eliminar /${shortcut}` }).click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Eliminar' }).click();
      await page.getByText(`Respuesta rápida /${shortcut} eliminada`).waitFor();
      await table.getByText('Ninguna respuesta rápida coincide con la búsqueda').waitFor();
    });
    expect(await storedAnswer(token, shortcut)).toBeUndefined();
  });
});
