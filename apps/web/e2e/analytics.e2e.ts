import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnalyticsRequest, AnalyticsResponse, PanelOverview } from '@crm/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import { launchBrowser, loginAndWaitForShell, withPage } from './helpers/browser';
import { postCustomerText } from './helpers/whatsapp';

const baseUrl = inject('baseUrl');

// exceljs is the API's dependency (the web client has no use for it): loaded from its folder.
const fromApi = createRequire(
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../api/package.json'),
);
interface Workbook {
  xlsx: { load(data: ArrayBuffer): Promise<unknown> };
  getWorksheet(name: string): { rowCount: number; getRow(n: number): { values: unknown[] } } | undefined;
}
const ExcelJS = fromApi('exceljs') as { Workbook: new () => Workbook };

const run = String(Date.now()).slice(-7);

/** The calendar day of an instant in a time zone, as the picker writes it (DD/MM/YYYY). */
function pickerDay(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** The next POST /api/analytics the page makes, with its body and answer. */
async function nextAnalytics(page: Page, act: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/analytics') && r.request().method() === 'POST'),
    act(),
  ]);
  expect(response.status()).toBe(200);
  return {
    body: response.request().postDataJSON() as AnalyticsRequest,
    answer: (await response.json()) as AnalyticsResponse,
  };
}

async function cardValue(page: Page, title: string): Promise<string> {
  const value = page.getByRole('region', { name: title, exact: true }).locator('.analytics-card-value');
  return ((await value.textContent()) ?? '').trim();
}

describe('statistics dashboard (01 §2.8)', () => {
  let browser: Browser;
  let token: string;
  let timeZone: string;
  let whatsappChannel: { id: number; name: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await loginToken(baseUrl, 'admin@demo.local');
    const me = await graphql<{ me: { company: { timezone: string } } }>(
      baseUrl,
      token,
      'query { me { company { timezone } } }',
    );
    timeZone = me.data?.me.company.timezone ?? 'America/Mexico_City';
    const channels = await graphql<{
      inboxChannels: Array<{ id: number; name: string }>;
    }>(baseUrl, token, 'query { inboxChannels { id name } }');
    const demo =
      channels.data?.inboxChannels.find((c) => c.name === 'WhatsApp Demo') ?? channels.data?.inboxChannels[0];
    if (!demo) throw new Error(`no channel: ${JSON.stringify(channels)}`);
    whatsappChannel = demo;
    // Two customers write on the WhatsApp Demo channel: two conversations of today.
    await postCustomerText(
      baseUrl,
      { phone: `5215591${run}`, name: `Estadística Uno ${run}` },
      'Hola, ¿precio?',
    );
    await postCustomerText(
      baseUrl,
      { phone: `5215592${run}`, name: `Estadística Dos ${run}` },
      'Buenas tardes',
    );
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the server figures, follows a range change and a channel filter, and exports the workbook', async () => {
    await withPage(browser, baseUrl, 'analytics', async (page) => {
      await loginAndWaitForShell(page, 'admin@demo.local');

      // Opens on the last 7 days, today included, every channel.
      const first = await nextAnalytics(page, () => page.goto('/analytics').then(() => undefined));
      expect(first.body.channelsIds).toEqual([]);
      const today = pickerDay(new Date(), timeZone);
      expect(pickerDay(new Date(new Date(first.body.endDate).getTime() - 1), timeZone)).toBe(today);
      expect(first.answer.total).toBeGreaterThanOrEqual(2);
      await page.getByRole('region', { name: 'Conversaciones', exact: true }).waitFor();
      expect(await cardValue(page, 'Conversaciones')).toBe(first.answer.total.toLocaleString('es-MX'));
      expect(await cardValue(page, 'Chats sin responder')).toBe(
        first.answer.totalUnanswered.toLocaleString('es-MX'),
      );
      // The charts are drawn (canvas from the chart library) once the answer is in.
      await page.locator('.analytics-page canvas').first().waitFor();

      // Only today: the start moves, the request and the cards follow.
      const onlyToday = await nextAnalytics(page, async () => {
        const start = page.getByPlaceholder('Fecha de inicio');
        await start.click();
        await start.fill(today);
        await start.press('Enter');
        const end = page.getByPlaceholder('Fecha de fin');
        await end.fill(today);
        await end.press('Enter');
      });
      expect(pickerDay(new Date(onlyToday.body.startDate), timeZone)).toBe(today);
      expect(onlyToday.answer.range.days).toBe(1);
      await expect
        .poll(() => cardValue(page, 'Conversaciones'))
        .toBe(onlyToday.answer.total.toLocaleString('es-MX'));
      // The same request made by us answers the same figures.
      const direct = await postJson<AnalyticsResponse>(`${baseUrl}/api/analytics`, onlyToday.body, token);
      expect(direct.body.total).toBe(onlyToday.answer.total);

      // The channel filter: the WhatsApp Demo channel only, no Messenger conversation left.
      const filtered = await nextAnalytics(page, async () => {
        await page.getByRole('combobox', { name: 'Canales' }).click();
        await page.locator(`.ant-select-item-option[title="${whatsappChannel.name}"]`).click();
      });
      await page.keyboard.press('Escape');
      expect(filtered.body.channelsIds).toEqual([whatsappChannel.id]);
      expect(filtered.answer.messenger).toBe(0);
      expect(filtered.answer.total).toBeGreaterThanOrEqual(2);
      await expect.poll(() => cardValue(page, 'Messenger')).toBe('0');
      expect(await cardValue(page, 'Conversaciones')).toBe(filtered.answer.total.toLocaleString('es-MX'));
      await page.getByText(`Estadística Uno ${run}`).first().waitFor();

      // The export of what is on screen, read back.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar Excel' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('Charla CRM.xlsx');
      const path = await download.path();
      const workbook = new ExcelJS.Workbook();
      const bytes = await readFile(path);
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      const clients = workbook.getWorksheet('Clientes');
      const agents = workbook.getWorksheet('Agentes');
      expect(clients?.rowCount).toBe(filtered.answer.clients.length + 1);
      expect(agents?.getRow(1).values).toEqual(expect.arrayContaining(['Nombre', 'Mensajes', 'Chats']));
      const names = Array.from({ length: clients?.rowCount ?? 0 }, (_, i) =>
        clients?.getRow(i + 1).values.join(' '),
      );
      expect(names.some((row) => row?.includes(`Estadística Dos ${run}`))).toBe(true);

      // /panel: today at a glance, from the same figures (both customers above are waiting for an answer).
      const [panelResponse] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/panel')),
        page.goto('/panel'),
      ]);
      const panel = (await panelResponse.json()) as PanelOverview;
      expect(panel.unansweredNow).toBeGreaterThanOrEqual(2);
      await page.getByRole('region', { name: 'Sin responder ahora', exact: true }).waitFor();
      expect(await cardValue(page, 'Sin responder ahora')).toBe(panel.unansweredNow.toLocaleString('es-MX'));
    });
  });
});
