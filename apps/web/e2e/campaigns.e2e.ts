import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAMPAIGN_EXPORT_TEXTS, CAMPAIGN_MESSAGES, formatUsd4 } from '@crm/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphql, loginToken, postJson } from './helpers/api';
import {
  cspViolationsOf,
  launchBrowser,
  loginAndWaitForShell,
  openPage,
  realtimeConnected,
  screenshot,
  waitForDialogOpen,
} from './helpers/browser';

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');

// pg and exceljs are the API's dependencies (the web client has no use for them): loaded from its folder.
const fromApi = createRequire(
  resolve(fileURLToPath(new URL('.', import.meta.url)), '../../api/package.json'),
);

/** The little of pg's Client this test uses. */
interface SqlClient {
  connect(): Promise<void>;
  query<R>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  end(): Promise<void>;
}
const { Client } = fromApi('pg') as { Client: new (options: { connectionString: string }) => SqlClient };

/** The little of exceljs this test reads a workbook with. */
interface Workbook {
  xlsx: { load(data: ArrayBuffer): Promise<unknown> };
  getWorksheet(name: string): { getSheetValues(): unknown[][] } | undefined;
}
const ExcelJS = fromApi('exceljs') as { Workbook: new () => Workbook };

interface CampaignView {
  id: number;
  name: string;
  status: string;
  conjunction: string | null;
  selectedTags: Array<{ id: number; name: string }>;
  total: number;
  sent: number;
  failed: number;
  totalCost: number;
}

interface Analytics {
  totals: { total: number; sent: number; delivered: number; viewed: number; failed: number };
}

const run = String(Date.now()).slice(-6);

/** A fresh customer number: 521 55 and 8 digits that neither the seed nor another test uses. */
let phones = 0;
function newCustomerPhone(): string {
  phones += 1;
  return `52155${String(Date.now() + phones).slice(-8)}`;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Today and the current time floored to the picker's 5-minute step, on the company's wall clock (dd/MM/yyyy, HH:mm). */
function nowForPickers(timeZone: string): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const minute = String(Math.floor(Number(part('minute')) / 5) * 5).padStart(2, '0');
  return { day: `${part('day')}/${part('month')}/${part('year')}`, time: `${part('hour')}:${minute}` };
}

/** Picks an option of an antd select (its popup lives at the end of the body). */
async function pick(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', {
      hasText: label,
    })
    .first()
    .click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').waitFor({ state: 'hidden' });
}

async function step(page: Page, name: string): Promise<void> {
  await page.waitForURL(`**/broadcast/${name}`);
  await page.locator(`[data-testid="campaign-step"][data-step="${name}"]`).waitFor();
}

async function fillPicker(page: Page, selector: string, value: string): Promise<void> {
  const input = page.locator(selector);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

describe('broadcast campaigns (/broadcast) on the sandbox channel', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let db: SqlClient;
  let companyId: number;
  let timeZone: string;
  let sandboxId: number;
  const tagIds: number[] = [];
  const templateIds: number[] = [];
  const campaignIds: number[] = [];
  // What the wizard flow leaves for the results flow.
  let finished: { id: number; name: string; recipients: Array<{ phone: string; name: string }> } | null =
    null;

  async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const reply = await graphql<T>(baseUrl, token, query, variables);
    if (!reply.data || reply.errors?.length)
      throw new Error(`GraphQL failed: ${JSON.stringify(reply.errors)}`);
    return reply.data;
  }

  async function getJson<T>(path: string): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function createTag(name: string): Promise<number> {
    const { createTag: tag } = await gql<{ createTag: { id: number } }>(
      'mutation($input: TagInput!) { createTag(input: $input) { id } }',
      { input: { name } },
    );
    tagIds.push(tag.id);
    return tag.id;
  }

  /** An accepted template with no variables and no header, on `channelId`: what a campaign may send. */
  async function insertTemplate(channelId: number, name: string, text: string): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO whatsapp_templates ("companyId", "channelId", name, status, category, language, components)
       VALUES ($1, $2, $3, 'accepted', 'marketing', 'es_MX', $4::jsonb) RETURNING id`,
      [companyId, channelId, name, JSON.stringify([{ type: 'BODY', text }])],
    );
    const id = rows[0]?.id;
    if (!id) throw new Error('No template inserted');
    templateIds.push(id);
    return id;
  }

  /** A customer who wrote to the sandbox channel through the simulator's route, with `tags` on its conversation. */
  async function taggedCustomer(name: string, tags: number[]): Promise<{ phone: string; name: string }> {
    const phone = newCustomerPhone();
    const wrote = await postJson(
      `${baseUrl}/api/sandbox/simulate`,
      { channelId: sandboxId, from: phone, name, text: 'Hola, quiero recibir promociones' },
      token,
    );
    if (wrote.status !== 200)
      throw new Error(`simulate answered ${wrote.status}: ${JSON.stringify(wrote.body)}`);
    const clientId = await waitFor(`the conversation of ${phone}`, async () => {
      const { body } = await postJson<{ clients?: Array<{ id: number; senderId: string }> }>(
        `${baseUrl}/api/conversations_by_filter`,
        { filterType: 'all', keyword: phone },
        token,
      );
      return body.clients?.find((client) => client.senderId === phone)?.id;
    });
    for (const tagId of tags) {
      await gql('mutation($c: Int!, $t: Int!) { addTagToConversation(clientId: $c, tagId: $t) { id } }', {
        c: clientId,
        t: tagId,
      });
    }
    return { phone, name };
  }

  /**
   * Runs a flow on the shared signed-in page; keeps a picture of it when it fails, and fails when the page broke the
   * Content-Security-Policy.
   */
  async function flow(name: string, use: () => Promise<void>): Promise<void> {
    try {
      await use();
      const refused = cspViolationsOf(page).splice(0);
      if (refused.length > 0)
        throw new Error(`the page broke its Content-Security-Policy:\n${refused.join('\n')}`);
    } catch (error) {
      const path = await screenshot(page, `failure-${name}`).catch(() => 'none');
      if (error instanceof Error) error.message += `\n  at ${page.url()} (screenshot: ${path})`;
      throw error;
    }
  }

  /** /broadcast/table with `channel` chosen and its account cards read from the provider. */
  async function openTable(channel: string): Promise<void> {
    await page.goto('/broadcast/table');
    await page.getByTestId('campaign-table-page').waitFor();
    await pick(page, page.getByTestId('campaign-channel'), channel);
    await page.getByTestId('campaign-quality').waitFor();
  }

  beforeAll(async () => {
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, baseUrl));
    const connected = realtimeConnected(page);
    await loginAndWaitForShell(page, 'admin@demo.local');
    await connected;
    token = await loginToken(baseUrl, 'admin@demo.local');
    const { me } = await gql<{ me: { company: { id: number; timezone: string } } }>(
      '{ me { company { id timezone } } }',
    );
    companyId = me.company.id;
    timeZone = me.company.timezone;
    const { channels } = await gql<{ channels: Array<{ id: number; platform: string }> }>(
      '{ channels { id platform } }',
    );
    const sandbox = channels.find((channel) => channel.platform === 'sandbox');
    if (!sandbox) throw new Error(`No sandbox channel: ${JSON.stringify(channels)}`);
    sandboxId = sandbox.id;
  });

  afterAll(async () => {
    // Other browser tests list the sandbox's templates and the company's tags: none of ours stays, nor our campaign
    // (the customers this test invented stay, as other tests' do).
    for (const id of campaignIds) {
      await fetch(`${baseUrl}/api/campaign/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
    }
    for (const id of tagIds) await gql('mutation($id: Int!) { deleteTag(id: $id) }', { id });
    if (templateIds.length > 0)
      await db?.query('DELETE FROM whatsapp_templates WHERE id = ANY($1)', [templateIds]);
    await db?.end();
    await context?.close();
    await browser?.close();
  });

  it('creates a campaign for the intersection of two tags through every step; it goes out and reaches the customers', async () => {
    const tagA = `Promo e2e ${run} A`;
    const tagB = `Promo e2e ${run} B`;
    const idA = await createTag(tagA);
    const idB = await createTag(tagB);
    // Ana and Beto carry both tags, Carla only the first: the intersection is Ana and Beto (the union would add Carla).
    const ana = await taggedCustomer('Ana Campaña', [idA, idB]);
    const beto = await taggedCustomer('Beto Campaña', [idA, idB]);
    await taggedCustomer('Carla Campaña', [idA]);
    const templateName = `promo_e2e_${run}`;
    const templateId = await insertTemplate(
      sandboxId,
      templateName,
      'Hola, *esta semana* tenemos 20% de descuento en toda la tienda.',
    );
    const name = `Promoción e2e ${run}`;
    const campaignTag = `Recibió promo ${run}`;

    await flow('campaigns-wizard', async () => {
      // table: the sandbox number is healthy (the sandbox's default: Alta, 1,000 a day), so no quality modal.
      await openTable('Canal de prueba');
      expect(await page.getByTestId('campaign-quality').textContent()).toBe('Alta');
      expect(await page.getByTestId('campaign-daily-limit').textContent()).toBe('1000 mensajes');
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.createCampaign }).click();

      // type: Excel and Audiencia are not offered; Etiqueta(s) goes on.
      await step(page, 'type');
      expect(await page.getByRole('button', { name: CAMPAIGN_MESSAGES.audienceExcel }).isDisabled()).toBe(
        true,
      );
      expect(await page.getByRole('button', { name: CAMPAIGN_MESSAGES.audienceAudience }).isDisabled()).toBe(
        true,
      );
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.audienceTags }).click();

      // tags: the search finds this run's two tags; ticking the second asks how they combine, union first.
      await step(page, 'tags');
      const choose = page.getByRole('button', { name: CAMPAIGN_MESSAGES.chooseTags });
      expect(await choose.isDisabled()).toBe(true);
      await page.getByPlaceholder(CAMPAIGN_MESSAGES.searchTags).fill(`promo E2E ${run}`);
      const table = page.getByTestId('campaign-tags-table');
      await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(2);
      expect(await table.getByRole('row').filter({ hasText: tagA }).locator('td').last().textContent()).toBe(
        '3',
      );
      await page.getByRole('checkbox', { name: `Elegir ${tagA}` }).check();
      await page.getByRole('checkbox', { name: `Elegir ${tagB}` }).check();
      const conjunction = page.getByRole('dialog', { name: CAMPAIGN_MESSAGES.conjunctionTitle });
      await waitForDialogOpen(conjunction);
      expect(await conjunction.getByRole('radio', { name: /Unión/ }).isChecked()).toBe(true);
      await conjunction.getByRole('radio', { name: /Intersección/ }).check();
      await conjunction.getByRole('button', { name: CAMPAIGN_MESSAGES.save }).click();
      await conjunction.waitFor({ state: 'hidden' });
      expect(await page.getByTestId('campaign-conjunction-summary').getAttribute('data-conjunction')).toBe(
        'intersection',
      );
      await screenshot(page, 'campaigns-tags');
      await choose.click();
      // Two contacts are far below the daily 1,000: no daily-limit dialog.

      // selectTemplate: this run's template (no header: the media step is skipped).
      await step(page, 'selectTemplate');
      await page.getByPlaceholder(CAMPAIGN_MESSAGES.searchTemplates).fill(templateName);
      await page.getByRole('radio', { name: new RegExp(templateName) }).check();
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).click();

      // selectDate: today, now (a moment already past today goes out at once).
      await step(page, 'selectDate');
      const { day, time } = nowForPickers(timeZone);
      await fillPicker(page, '#campaign-send-date', day);
      await fillPicker(page, '#campaign-send-time', time);
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).click();

      // preview: the text as the customers will read it, the markup rendered.
      await step(page, 'preview');
      const bubble = page.getByTestId('campaign-preview');
      expect(await bubble.textContent()).toContain(
        'Hola, esta semana tenemos 20% de descuento en toda la tienda.',
      );
      expect(await bubble.locator('strong').textContent()).toBe('esta semana');
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).click();

      // createTag: yes, with a name.
      await step(page, 'createTag');
      await page.getByRole('radio', { name: CAMPAIGN_MESSAGES.createTagYes }).check();
      await page.getByLabel(CAMPAIGN_MESSAGES.tagName).fill(campaignTag);
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).click();

      // name.
      await step(page, 'name');
      const next = page.getByRole('button', { name: CAMPAIGN_MESSAGES.continue });
      expect(await next.isDisabled()).toBe(true);
      await page.getByLabel(CAMPAIGN_MESSAGES.campaignName).fill(name);
      await next.click();

      // pricing: the server's price of the two recipients, with 4 decimals.
      await step(page, 'pricing');
      const { body: pricing } = await postJson<{ totalCost: number; recipients: number }>(
        `${baseUrl}/api/broadcast/getTotalPricing`,
        { channelId: sandboxId, templateId, tagsIds: [idA, idB], conjunction: 'intersection' },
        token,
      );
      expect(pricing.recipients).toBe(2);
      const cost = page.getByTestId('campaign-total-cost');
      await cost.waitFor();
      expect(await cost.textContent()).toMatch(/^\$\d+\.\d{4} USD$/);
      expect(await cost.textContent()).toBe(formatUsd4(pricing.totalCost));
      await screenshot(page, 'campaigns-pricing');
      await page.getByRole('button', { name: CAMPAIGN_MESSAGES.confirm }).click();

      // The overlay, then the table lists the campaign, which goes out and reads Finalizada.
      const overlay = page.getByTestId('campaign-success-overlay');
      await overlay.waitFor();
      expect(await overlay.textContent()).toBe(CAMPAIGN_MESSAGES.created);
      await page.waitForURL('**/broadcast/table');
      const row = page.getByTestId('campaign-table').getByRole('row').filter({ hasText: name });
      await row.getByText('Finalizada').waitFor();
      expect(await row.getByTestId('campaign-progress').textContent()).toBe('2/2');
      expect(await row.textContent()).toContain(tagA);
      await screenshot(page, 'campaigns-table-finished');

      const campaigns = await getJson<CampaignView[]>(`/api/campaigns?channelId=${sandboxId}`);
      const campaign = campaigns.find((item) => item.name === name);
      if (!campaign) throw new Error(`${name} is not listed: ${JSON.stringify(campaigns)}`);
      campaignIds.push(campaign.id);
      expect(campaign).toMatchObject({ status: 'FINISHED', conjunction: 'intersection', total: 2, sent: 2 });
      expect(campaign.totalCost).toBe(pricing.totalCost);
      expect(campaign.selectedTags.map((tag) => tag.id).sort()).toEqual([idA, idB].sort());
      // The campaign's own tag is on both recipients.
      const tags = await getJson<Array<{ id: number; name: string; contacts: number }>>(
        `/api/broadcast/tags?channelId=${sandboxId}`,
      );
      const created = tags.find((tag) => tag.name === campaignTag);
      if (created) tagIds.push(created.id);
      expect(created?.contacts).toBe(2);

      // Ana's phone (the customer simulator) received it.
      await page.goto('/simulador');
      await page.getByRole('heading', { name: 'Simulador de clientes' }).waitFor();
      expect(await page.getByTestId('simulator-channel').textContent()).toContain('Canal de prueba');
      await page.getByLabel('Teléfono del cliente').fill(ana.phone);
      await page
        .getByTestId('business-message')
        .filter({ hasText: 'tenemos 20% de descuento en toda la tienda' })
        .waitFor();
      await screenshot(page, 'campaigns-simulator');
      finished = { id: campaign.id, name, recipients: [ana, beto] };
    });
  });

  it('shows the finished campaign’s results by delivery status and exports them as a workbook', async () => {
    if (!finished) throw new Error('The wizard flow created no campaign');
    const { id, name, recipients } = finished;
    // The sandbox reports delivered, then read, shortly after each send: both recipients read it.
    await waitFor('both recipients to read the campaign', async () => {
      const { body } = await postJson<Analytics>(
        `${baseUrl}/api/campaign/analitycs`,
        { campaignId: id },
        token,
      );
      return body.totals?.viewed === 2 ? body : undefined;
    });

    await flow('campaigns-analytics', async () => {
      await openTable('Canal de prueba');
      await page.getByTestId('campaign-link').filter({ hasText: name }).click();
      await page.waitForURL(`**/broadcast/analytics?campaignId=${id}`);
      const results = page.getByTestId('campaign-analytics');
      await results.getByRole('heading', { name: new RegExp(`^${name} · `) }).waitFor();
      const card = (testId: string) => results.getByTestId(testId).locator('.ant-statistic-content-value');
      await expect.poll(() => card('campaign-card-viewed').textContent()).toBe('2');
      expect(await card('campaign-card-sent').textContent()).toBe('0');
      expect(await card('campaign-card-delivered').textContent()).toBe('0');
      expect(await card('campaign-card-failed').textContent()).toBe('0');
      expect(await results.getByTestId('campaign-card-failed').textContent()).toContain(
        CAMPAIGN_MESSAGES.failedExplanation,
      );
      await screenshot(page, 'campaigns-analytics');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        results.getByRole('button', { name: CAMPAIGN_MESSAGES.export }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`campana-${id}.xlsx`);
      const bytes = await readFile((await download.path()) as string);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      const sheet = workbook.getWorksheet(CAMPAIGN_EXPORT_TEXTS.sheetName);
      if (!sheet) throw new Error(`No sheet '${CAMPAIGN_EXPORT_TEXTS.sheetName}'`);
      // getSheetValues() is 1-based: index 0 of every row (and the first row) is empty.
      const rows = sheet
        .getSheetValues()
        .filter(Boolean)
        .map((cells) =>
          cells.slice(1).map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
        );
      expect(rows[0]?.[0]).toBe(CAMPAIGN_EXPORT_TEXTS.title);
      expect(rows[1]?.[0]).toBe(name);
      expect(rows[2]?.[0]).toBe(CAMPAIGN_EXPORT_TEXTS.numbers);
      expect(rows[3]).toEqual(['Estado', 'Exitosos', 'Fallidos', 'Recibidos', 'Leídos']);
      // The admin sees phone numbers, written internationally (+52 55 …, without the old mobile 1): compared by
      // their last ten digits, the national number.
      const national = (phone: string) => phone.replace(/\D/g, '').slice(-10);
      const column = (index: number) =>
        rows
          .slice(4)
          .map((cells) => national(cells[index] ?? ''))
          .filter(Boolean);
      const expected = recipients.map((recipient) => national(recipient.phone)).sort();
      expect(column(1).sort()).toEqual(expected);
      expect(column(4).sort()).toEqual(expected);
      expect(column(0)).toEqual([]);
      expect(column(2)).toEqual([]);
    });
  });

  it('warns before a campaign on a Media number, shows the daily-limit dialog over its tier, and blocks a Baja one', async () => {
    // Two more sandbox numbers whose providerId marks make them report Media with a 50-a-day tier, and Baja.
    const { rows } = await db.query<{ id: number; name: string }>(
      `INSERT INTO channels ("companyId", name, platform, "providerId", phone, "isActive")
       VALUES ($1, $2, 'sandbox', $3, '5215500000201', true), ($1, $4, 'sandbox', $5, '5215500000202', true)
       RETURNING id, name`,
      [
        companyId,
        `Número en riesgo ${run}`,
        `sandbox-e2e-${run}-quality-medium-tier-50`,
        `Número bloqueado ${run}`,
        `sandbox-e2e-${run}-quality-low`,
      ],
    );
    const [medium, low] = rows;
    if (!medium || !low) throw new Error('The channels were not inserted');
    try {
      // The web client learns a number's providerId from its templates: each gets one.
      await insertTemplate(medium.id, `aviso_e2e_${run}`, 'Tenemos novedades para ti.');
      const lowTemplate = await insertTemplate(low.id, `aviso_bajo_e2e_${run}`, 'Tenemos novedades para ti.');
      // 51 contacts of the Media number with one tag: one more than its daily 50.
      const tag = `Masivo e2e ${run}`;
      const tagId = await createTag(tag);
      await db.query(
        `WITH made AS (
           INSERT INTO clients ("companyId", "channelId", key, "senderId", name)
           SELECT $1::int, $2::int, $2::int || '-' || p, p, 'Contacto ' || i
           FROM generate_series(1, 51) AS i, LATERAL (SELECT '5215544' || lpad(i::text, 6, '0') AS p) AS phone
           RETURNING id)
         INSERT INTO client_tags ("clientId", "tagId") SELECT id, $3 FROM made`,
        [companyId, medium.id, tagId],
      );

      await flow('campaigns-quality', async () => {
        // Media: a warning that lets the user go on.
        await openTable(medium.name);
        expect(await page.getByTestId('campaign-quality').textContent()).toBe('Media');
        expect(await page.getByTestId('campaign-daily-limit').textContent()).toBe('50 mensajes');
        await page.getByRole('button', { name: CAMPAIGN_MESSAGES.createCampaign }).click();
        const quality = page.getByRole('dialog', { name: CAMPAIGN_MESSAGES.qualityTitle });
        await waitForDialogOpen(quality);
        expect(await quality.getByTestId('campaign-quality-message').textContent()).toBe(
          CAMPAIGN_MESSAGES.qualityWarn,
        );
        await screenshot(page, 'campaigns-quality-media');
        await quality.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).click();
        await step(page, 'type');
        await page.getByRole('button', { name: CAMPAIGN_MESSAGES.audienceTags }).click();

        // The tag's 51 contacts exceed the 50 a day: the dialog says the rest go out on the following days.
        await step(page, 'tags');
        await page.getByPlaceholder(CAMPAIGN_MESSAGES.searchTags).fill(tag);
        const row = page.getByTestId('campaign-tags-table').getByRole('row').filter({ hasText: tag });
        expect(await row.locator('td').last().textContent()).toBe('51');
        await page.getByRole('checkbox', { name: `Elegir ${tag}` }).check();
        const choose = page.getByRole('button', { name: CAMPAIGN_MESSAGES.chooseTags });
        await choose.click();
        const limit = page.getByRole('dialog', { name: CAMPAIGN_MESSAGES.dailyLimitTitle });
        await waitForDialogOpen(limit);
        expect(await limit.getByTestId('campaign-daily-limit-message').textContent()).toBe(
          CAMPAIGN_MESSAGES.dailyLimitBody,
        );
        await screenshot(page, 'campaigns-daily-limit');
        // Regresar stays on the tags; Entendido goes on to the templates.
        await limit.getByRole('button', { name: CAMPAIGN_MESSAGES.back }).click();
        await limit.waitFor({ state: 'hidden' });
        expect(page.url()).toMatch(/\/broadcast\/tags$/);
        await choose.click();
        await waitForDialogOpen(limit);
        await limit.getByRole('button', { name: CAMPAIGN_MESSAGES.dailyLimitAccept }).click();
        await step(page, 'selectTemplate');

        // Baja: the modal only closes; no campaign starts.
        await openTable(low.name);
        expect(await page.getByTestId('campaign-quality').textContent()).toBe('Baja');
        await page.getByRole('button', { name: CAMPAIGN_MESSAGES.createCampaign }).click();
        await waitForDialogOpen(quality);
        expect(await quality.getByTestId('campaign-quality-message').textContent()).toBe(
          CAMPAIGN_MESSAGES.qualityBlock,
        );
        expect(await quality.getByRole('button', { name: CAMPAIGN_MESSAGES.continue }).count()).toBe(0);
        await screenshot(page, 'campaigns-quality-baja');
        await quality.getByRole('button', { name: CAMPAIGN_MESSAGES.dailyLimitAccept }).click();
        await quality.waitFor({ state: 'hidden' });
        expect(page.url()).toMatch(/\/broadcast\/table$/);
      });

      // The API refuses it too, whatever the client does.
      const refused = await postJson<{ code?: string }>(
        `${baseUrl}/api/campaign`,
        {
          channelId: low.id,
          type: 'TAG',
          tagsIds: [tagId],
          sendAt: new Date().toISOString(),
          shouldCreateTag: false,
          tagToCreate: null,
          name: `Bloqueada ${run}`,
          templateId: lowTemplate,
          fileUrl: null,
          currentMessageLimit: 250,
          totalCost: 0,
          conjunction: null,
        },
        token,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('CAMPAIGN_QUALITY_BLOCKED');
    } finally {
      // Their clients, templates and slots go with them: the sandbox is again the company's only sandbox number.
      await db.query('DELETE FROM channels WHERE id = ANY($1)', [[medium.id, low.id]]);
    }
  });
});
