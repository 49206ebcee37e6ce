import {
  CAMPAIGN_MESSAGES,
  type CampaignView,
  type PricedCategory,
  recipientPrice,
  TAG_COLORS,
  userMessageFor,
} from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeReply } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { type BotCompany, customerText, deliver, eventually } from './bot-company-kit';
import { gql, login } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { openSocket } from './socket-helpers';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';

// Issue 18, broadcast campaigns: the wizard's calls (01 §7 Campaigns) against the real app and PostgreSQL — the
// tag algebra's audiences checked against a hand-made set, the pricing per recipient's country, the creation
// with every refusal, the number's quality and daily tier from the provider, and the dispatcher sending through
// a fake Graph API on 127.0.0.1 (one template message per recipient, pauses, deletes, throttles).

let t: InboxTestApp;
const sockets: Socket[] = [];

// ---------------------------------------------------------------------------------------------------------
// The fake Graph API: each number's phone node and its sends, by the channel's providerId.

/** What GET /{phone-number-id} answers for a number; a healthy 1K number when not set. */
const phoneNodes = new Map<string, FakeReply>();
/** Answers a number's next sends get before the fake accepts them again (throttles, in order). */
const refusals = new Map<string, FakeReply[]>();

interface GraphSend {
  providerId: string;
  to: string;
  accepted: boolean;
  body: { type?: string; to?: string; template?: { name?: string; language?: { code?: string } } };
  at: number;
}
const sends: GraphSend[] = [];
let wamidSeq = 0;

function healthyNode(id: string, tier = 'TIER_1K', quality = 'GREEN'): FakeReply {
  return {
    status: 200,
    body: {
      id,
      whatsapp_business_manager_messaging_limit: tier,
      quality_rating: quality,
      throughput: { level: 'STANDARD' },
    },
  };
}

function routeGraph(): void {
  t.graph
    .route('GET', /^\/v23\.0\/(\d+)$/, (_request, [id]) => phoneNodes.get(id) ?? healthyNode(id))
    .route('POST', /^\/v23\.0\/(\d+)\/messages$/, (request, [id]) => {
      const body = (request.json ?? {}) as GraphSend['body'];
      const refusal = refusals.get(id)?.shift();
      sends.push({ providerId: id, to: String(body.to), accepted: !refusal, body, at: request.receivedAt });
      if (refusal) return refusal;
      wamidSeq += 1;
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.CAMPAIGN-${id}-${wamidSeq}` }],
        },
      };
    });
}

function sendsOf(providerId: string): GraphSend[] {
  return sends.filter((send) => send.providerId === providerId);
}

beforeAll(async () => {
  t = await startInboxTestApp();
  routeGraph();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------------
// Companies, channels, tags, contacts and templates of each test.

interface Shop {
  token: string;
  companyId: number;
  channelId: number;
  providerId: string;
}

/** A newly registered company with one WhatsApp Cloud API channel whose calls go to the fake Graph API. */
async function shop(label: string): Promise<Shop> {
  const { token, companyId } = await newCompany(t, t.ds, label);
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(t, t.ds, companyId, 'whatsapp_cloud', providerId, `token-${providerId}`);
  return { token, companyId, channelId, providerId };
}

/** The owner sees the channel's conversations in the inbox: it joins every space of the company (the token's). */
async function seeChannel(s: Shop): Promise<void> {
  await t.ds.query(
    `INSERT INTO space_channels ("spaceId", "channelId") SELECT id, $2 FROM spaces WHERE "companyId" = $1
     ON CONFLICT DO NOTHING`,
    [s.companyId, s.channelId],
  );
}

async function cloudChannel(companyId: number): Promise<{ channelId: number; providerId: string }> {
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(t, t.ds, companyId, 'whatsapp_cloud', providerId, `token-${providerId}`);
  return { channelId, providerId };
}

async function addTag(companyId: number, name: string, color: string = TAG_COLORS[0]): Promise<number> {
  const [row] = await t.ds.query(
    `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, $2, $3, $4) RETURNING id`,
    [companyId, name, color, `${companyId}-${name.toLowerCase()}-${uniqueNumber()}`],
  );
  return row.id as number;
}

async function addContact(
  companyId: number,
  channelId: number,
  senderId: string,
  tagIds: readonly number[],
): Promise<number> {
  const [row] = await t.ds.query(
    `INSERT INTO clients ("companyId", "channelId", key, "senderId", name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [companyId, channelId, `${channelId}-${senderId}`, senderId, `Contacto ${senderId}`],
  );
  for (const tagId of tagIds) {
    await t.ds.query(`INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2)`, [row.id, tagId]);
  }
  return row.id as number;
}

/** `count` contacts with Colombian mobile numbers carrying `tagId`; their numbers in order. */
async function addContacts(companyId: number, channelId: number, tagId: number, count: number) {
  const phones: string[] = [];
  const values: unknown[] = [];
  const rows: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    const phone = `57300${String(i).padStart(7, '0')}`;
    phones.push(phone);
    const base = values.length;
    rows.push(`($${base + 1}::int, $${base + 2}::int, $${base + 3}, $${base + 4}, $${base + 5})`);
    values.push(companyId, channelId, `${channelId}-${phone}`, phone, `Cliente ${i}`);
  }
  const inserted: Array<{ id: number }> = await t.ds.query(
    `INSERT INTO clients ("companyId", "channelId", key, "senderId", name) VALUES ${rows.join(', ')} RETURNING id`,
    values,
  );
  await t.ds.query(`INSERT INTO client_tags ("clientId", "tagId") SELECT unnest($1::int[]), $2`, [
    inserted.map((row) => row.id),
    tagId,
  ]);
  return phones;
}

interface TemplateSpec {
  name: string;
  category?: string;
  status?: string;
  body?: string;
  examples?: string[];
}

async function addTemplate(companyId: number, channelId: number, spec: TemplateSpec): Promise<number> {
  const body: Record<string, unknown> = {
    type: 'BODY',
    text: spec.body ?? '¡Hola! Tenemos ofertas para ti.',
  };
  if (spec.examples) body.example = { body_text: [spec.examples] };
  const [row] = await t.ds.query(
    `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, category, components)
     VALUES ($1, $2, $3, 'es_MX', $4, $5, $6::jsonb) RETURNING id`,
    [
      companyId,
      channelId,
      spec.name,
      spec.status ?? 'accepted',
      spec.category ?? 'marketing',
      JSON.stringify([body]),
    ],
  );
  return row.id as number;
}

// ---------------------------------------------------------------------------------------------------------
// The API.

function api(token: string, method: 'get' | 'post' | 'delete', path: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

const DAY = 24 * 60 * 60 * 1000;

/** POST /api/campaign's payload as the wizard sends it (01 §7), going out in two days unless overridden. */
function draft(
  channelId: number,
  templateId: number,
  tagsIds: number[],
  extra: Record<string, unknown> = {},
) {
  return {
    channelId,
    type: 'TAG',
    tagsIds,
    sendAt: new Date(Date.now() + 2 * DAY).toISOString(),
    shouldCreateTag: false,
    tagToCreate: null,
    name: 'Campaña de prueba',
    templateId,
    fileUrl: null,
    currentMessageLimit: 1000,
    totalCost: 0,
    conjunction: null,
    ...extra,
  };
}

async function createCampaign(token: string, body: Record<string, unknown>) {
  const res = await api(token, 'post', '/campaign').send(body);
  expect([200, 201], JSON.stringify(res.body)).toContain(res.status);
  return res.body as CampaignView;
}

interface CampaignUpdate {
  id: number;
  status: string;
  statusLabel: string;
  total: number;
  sent: number;
  failed: number;
  lastSendAt: string | null;
}

interface CampaignDbRow {
  id: number;
  status: string;
  total: number;
  sent: number;
  failed: number;
  campaignTagId: number | null;
  deletedAt: Date | null;
}

async function campaignRow(id: number): Promise<CampaignDbRow> {
  const [row] = await t.ds.query(`SELECT * FROM campaigns WHERE id = $1`, [id]);
  return row as CampaignDbRow;
}

interface RecipientDbRow {
  id: string;
  clientId: number;
  phone: string;
  state: string;
  messageId: number | null;
}

async function recipientsOf(campaignId: number): Promise<RecipientDbRow[]> {
  return t.ds.query(`SELECT * FROM campaign_recipients WHERE "campaignId" = $1 ORDER BY id`, [campaignId]);
}

/** Until the campaign's row satisfies `done`; generous, as the dispatcher works through the job queue. */
function campaignUntil(id: number, done: (row: CampaignDbRow) => boolean, ms = 30_000) {
  return eventually(() => campaignRow(id), done, ms);
}

/** Until no recipient of the campaign is in the provider call (its outcome written), the rows then. */
function settledRecipients(campaignId: number, ms = 20_000) {
  return eventually(
    () => recipientsOf(campaignId),
    (rows) => rows.length > 0 && rows.every((row) => row.state !== 'sending' && row.state !== 'check'),
    ms,
  );
}

/** The most sends the fake received within any one second (a window starting at each send). */
function maxPerSecond(list: readonly GraphSend[]): number {
  const times = list.map((send) => send.at).sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < times.length; i += 1) {
    while (times[j] <= times[i] - 1000) j += 1;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

function counts<T extends string>(values: readonly T[]): Map<T, number> {
  const map = new Map<T, number>();
  for (const value of values) map.set(value, (map.get(value) ?? 0) + 1);
  return map;
}

/** Sum of each recipient's price, in ten-thousandths of a dollar so it is exact, as a 4-decimal number. */
function expectedCost(phones: readonly string[], category: PricedCategory): number {
  const units = phones.reduce((sum, phone) => sum + Math.round(recipientPrice(phone, category) * 10_000), 0);
  return Number((units / 10_000).toFixed(4));
}

async function companyRows(companyId: number): Promise<{ campaigns: number; tags: number; jobs: number }> {
  const [row] = await t.ds.query(
    `SELECT (SELECT count(*)::int FROM campaigns WHERE "companyId" = $1) AS campaigns,
            (SELECT count(*)::int FROM tags WHERE "companyId" = $1) AS tags,
            (SELECT count(*)::int FROM graphile_worker._private_jobs j
               JOIN graphile_worker._private_tasks k ON k.id = j.task_id AND k.identifier = 'campaign-start'
              WHERE (j.payload->>'campaignId')::int IN (SELECT id FROM campaigns WHERE "companyId" = $1)) AS jobs`,
    [companyId],
  );
  return row;
}

/** The midnight that starts today in `timeZone`, as an instant. */
function zoneMidnight(timeZone: string, now = new Date()): Date {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  const guess = new Date(`${day}T00:00:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(guess)
      .map((part) => [part.type, part.value]),
  );
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return new Date(guess.getTime() - (wall - guess.getTime()));
}

// ---------------------------------------------------------------------------------------------------------
// The hand-made audience: twelve contacts of one channel with tags A, B and C in known combinations, one more
// with an invalid number and one of another channel (both carrying every tag, so neither may ever be counted).

const CONTACTS: ReadonlyArray<[string, ReadonlyArray<'A' | 'B' | 'C'>]> = [
  ['5215512340001', ['A']],
  ['573001230002', ['A']],
  ['5215512340003', ['B']],
  ['573001230004', ['C']],
  ['5215512340005', ['A', 'B']],
  ['573001230006', ['A', 'B']],
  ['5215512340007', ['A', 'C']],
  ['573001230008', ['B', 'C']],
  ['5215512340009', ['A', 'B', 'C']],
  ['573001230010', ['A', 'B', 'C']],
  ['5215512340011', []],
  ['573001230012', ['B']],
];
/** Contacts of CONTACTS by their 1-based number. */
function phonesOf(numbers: readonly number[]): string[] {
  return numbers.map((n) => CONTACTS[n - 1][0]);
}

// Each audience written out by hand from the table above (01 §2.7: union any tag, intersection all of them,
// difference at least one but not all).
const AUDIENCES: ReadonlyArray<{
  title: string;
  tags: ReadonlyArray<'A' | 'B' | 'C'>;
  conjunction: string | null;
  members: number[];
}> = [
  { title: 'solo A', tags: ['A'], conjunction: null, members: [1, 2, 5, 6, 7, 9, 10] },
  { title: 'solo B', tags: ['B'], conjunction: null, members: [3, 5, 6, 8, 9, 10, 12] },
  { title: 'solo C', tags: ['C'], conjunction: null, members: [4, 7, 8, 9, 10] },
  { title: 'A ∪ B', tags: ['A', 'B'], conjunction: 'union', members: [1, 2, 3, 5, 6, 7, 8, 9, 10, 12] },
  {
    title: 'A, B sin conjunción (unión por omisión)',
    tags: ['A', 'B'],
    conjunction: null,
    members: [1, 2, 3, 5, 6, 7, 8, 9, 10, 12],
  },
  { title: 'A ∩ B', tags: ['A', 'B'], conjunction: 'intersection', members: [5, 6, 9, 10] },
  { title: 'A − B (diferencia)', tags: ['A', 'B'], conjunction: 'difference', members: [1, 2, 3, 7, 8, 12] },
  { title: 'A, C diferencia', tags: ['A', 'C'], conjunction: 'difference', members: [1, 2, 4, 5, 6, 8] },
  { title: 'B ∩ C', tags: ['B', 'C'], conjunction: 'intersection', members: [8, 9, 10] },
  {
    title: 'A ∪ B ∪ C',
    tags: ['A', 'B', 'C'],
    conjunction: 'union',
    members: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12],
  },
  { title: 'A ∩ B ∩ C', tags: ['A', 'B', 'C'], conjunction: 'intersection', members: [9, 10] },
  {
    title: 'A, B, C diferencia',
    tags: ['A', 'B', 'C'],
    conjunction: 'difference',
    members: [1, 2, 3, 4, 5, 6, 7, 8, 12],
  },
];

describe('the wizard on a hand-made audience', () => {
  let s: Shop;
  let tags: Record<'A' | 'B' | 'C' | 'D', number>;
  let otherChannel: number;
  let marketing: number;
  let utility: number;
  let foreignTag: number;
  let foreignTemplate: number;

  beforeAll(async () => {
    s = await shop('campanasa');
    tags = {
      A: await addTag(s.companyId, 'Clientes VIP', TAG_COLORS[0]),
      B: await addTag(s.companyId, 'Mayoreo', TAG_COLORS[1]),
      C: await addTag(s.companyId, 'Promo verano', TAG_COLORS[2]),
      D: await addTag(s.companyId, 'Sin contactos', TAG_COLORS[3]),
    };
    for (const [phone, held] of CONTACTS) {
      await addContact(
        s.companyId,
        s.channelId,
        phone,
        held.map((name) => tags[name]),
      );
    }
    // Never reached: a number no numbering plan accepts, and a contact of another channel of the company.
    await addContact(s.companyId, s.channelId, '52155123', [tags.A, tags.B, tags.C]);
    otherChannel = (await cloudChannel(s.companyId)).channelId;
    await addContact(s.companyId, otherChannel, '5215512340013', [tags.A, tags.B, tags.C]);
    marketing = await addTemplate(s.companyId, s.channelId, {
      name: 'ofertas_temporada',
      category: 'marketing',
    });
    utility = await addTemplate(s.companyId, s.channelId, {
      name: 'aviso_envio',
      category: 'utility',
      body: 'Tu pedido va en camino.',
    });
    const other = await shop('campanasb');
    foreignTag = await addTag(other.companyId, 'Ajena');
    foreignTemplate = await addTemplate(other.companyId, other.channelId, { name: 'ajena' });
  });

  describe('POST /api/broadcast/audience: one recipient per contact of the channel with a valid number', () => {
    for (const audience of AUDIENCES) {
      it(`${audience.title} → ${audience.members.length} destinatarios`, async () => {
        const res = await api(s.token, 'post', '/broadcast/audience').send({
          channelId: s.channelId,
          tagsIds: audience.tags.map((name) => tags[name]),
          conjunction: audience.conjunction,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body).toEqual({ recipients: audience.members.length });
      });
    }

    it('a tag nobody carries reaches nobody; the other channel reaches only its own contact', async () => {
      const none = await api(s.token, 'post', '/broadcast/audience').send({
        channelId: s.channelId,
        tagsIds: [tags.D],
        conjunction: null,
      });
      expect(none.body).toEqual({ recipients: 0 });
      const other = await api(s.token, 'post', '/broadcast/audience').send({
        channelId: otherChannel,
        tagsIds: [tags.A, tags.B],
        conjunction: 'intersection',
      });
      expect(other.body).toEqual({ recipients: 1 });
    });

    it('refuses no tags, another company’s tag and an unknown conjunction, with the field and a Spanish text', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ tagsIds: [] }, 'tagsIds', CAMPAIGN_MESSAGES.tagsRequired],
        [{ tagsIds: [tags.A, foreignTag], conjunction: 'union' }, 'tagsIds', CAMPAIGN_MESSAGES.tagsInvalid],
        [
          { tagsIds: [tags.A, tags.B], conjunction: 'xor' },
          'conjunction',
          CAMPAIGN_MESSAGES.conjunctionInvalid,
        ],
      ];
      for (const [body, field, message] of cases) {
        const res = await api(s.token, 'post', '/broadcast/audience').send({
          channelId: s.channelId,
          conjunction: null,
          ...body,
        });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field, userMessage: message });
      }
    });
  });

  it('GET /api/broadcast/tags: every tag of the company with how many contacts of that channel carry it', async () => {
    const res = await api(s.token, 'get', `/broadcast/tags?channelId=${s.channelId}`);
    expect(res.status).toBe(200);
    const byId = new Map(
      (
        res.body as Array<{ id: number; name: string; color: string; createdAt: string; contacts: number }>
      ).map((row) => [row.id, row]),
    );
    // Contacts of the channel carrying the tag (the one with an invalid number is still a contact of the channel;
    // the other channel's is not).
    expect(byId.get(tags.A)).toMatchObject({ name: 'Clientes VIP', color: TAG_COLORS[0], contacts: 8 });
    expect(byId.get(tags.B)).toMatchObject({ name: 'Mayoreo', color: TAG_COLORS[1], contacts: 8 });
    expect(byId.get(tags.C)).toMatchObject({ name: 'Promo verano', color: TAG_COLORS[2], contacts: 6 });
    expect(byId.get(tags.D)).toMatchObject({ name: 'Sin contactos', contacts: 0 });
    expect(Number.isNaN(Date.parse(byId.get(tags.A)?.createdAt ?? ''))).toBe(false);
    expect(byId.has(foreignTag)).toBe(false);

    const other = await api(s.token, 'get', `/broadcast/tags?channelId=${otherChannel}`);
    const otherById = new Map(
      (other.body as Array<{ id: number; contacts: number }>).map((row) => [row.id, row]),
    );
    expect(otherById.get(tags.A)?.contacts).toBe(1);
    expect(otherById.get(tags.D)?.contacts).toBe(0);

    const bad = await api(s.token, 'get', '/broadcast/tags?channelId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('channelId');
  });

  describe('POST /api/broadcast/getTotalPricing: each recipient priced by its country and the category', () => {
    for (const [label, category] of [
      ['marketing', 'marketing'],
      ['utilidad', 'utility'],
    ] as const) {
      it(`plantilla de ${label}: la suma de recipientPrice sobre los destinatarios esperados, con 4 decimales`, async () => {
        const templateId = category === 'marketing' ? marketing : utility;
        for (const audience of AUDIENCES) {
          const res = await api(s.token, 'post', '/broadcast/getTotalPricing').send({
            channelId: s.channelId,
            templateId,
            tagsIds: audience.tags.map((name) => tags[name]),
            conjunction: audience.conjunction,
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const expected = expectedCost(phonesOf(audience.members), category);
          expect(res.body, audience.title).toEqual({
            totalCost: expected,
            recipients: audience.members.length,
          });
          // At most 4 decimals, as the pricing step shows it.
          expect(Number((res.body.totalCost as number).toFixed(4))).toBe(res.body.totalCost);
        }
      });
    }

    it('a Mexican and a Colombian number cost differently (the country is read from the number)', async () => {
      const res = await api(s.token, 'post', '/broadcast/getTotalPricing').send({
        channelId: s.channelId,
        templateId: marketing,
        tagsIds: [tags.A, tags.B],
        conjunction: 'intersection',
      });
      // 5, 9: Mexico; 6, 10: Colombia.
      expect(recipientPrice(CONTACTS[4][0], 'marketing')).not.toBe(
        recipientPrice(CONTACTS[5][0], 'marketing'),
      );
      expect(res.body.totalCost).toBe(
        expectedCost([CONTACTS[4][0], CONTACTS[8][0], CONTACTS[5][0], CONTACTS[9][0]], 'marketing'),
      );
    });

    it('refuses another company’s template', async () => {
      const res = await api(s.token, 'post', '/broadcast/getTotalPricing').send({
        channelId: s.channelId,
        templateId: foreignTemplate,
        tagsIds: [tags.A],
        conjunction: null,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'templateId' });
    });
  });

  describe('POST /api/campaign', () => {
    it('creates the campaign SCHEDULED (Programada) with its tags, template, cost and campaign tag; it is listed', async () => {
      const sendAt = new Date(Date.now() + 3 * DAY).toISOString();
      const view = await createCampaign(
        s.token,
        draft(s.channelId, marketing, [tags.A, tags.B], {
          name: '  Promoción de verano  ',
          sendAt,
          conjunction: 'intersection',
          shouldCreateTag: true,
          tagToCreate: { name: 'Campaña verano', color: TAG_COLORS[4] },
          totalCost: 0.1,
        }),
      );
      expect(view).toMatchObject({
        name: 'Promoción de verano',
        channelId: s.channelId,
        companyId: s.companyId,
        status: 'SCHEDULED',
        statusLabel: 'Programada',
        conjunction: 'intersection',
        templateId: marketing,
        templateName: 'ofertas_temporada',
        fileUrl: null,
        sendAt,
        lastSendAt: null,
        // The server's own total for the audience now, not what the client said.
        totalCost: expectedCost(phonesOf([5, 6, 9, 10]), 'marketing'),
      });
      expect(view.selectedTags).toEqual([
        { id: tags.A, name: 'Clientes VIP', color: TAG_COLORS[0] },
        { id: tags.B, name: 'Mayoreo', color: TAG_COLORS[1] },
      ]);
      expect(Number.isNaN(Date.parse(view.createdAt))).toBe(false);
      const row = await campaignRow(view.id);
      const [campaignTag] = await t.ds.query(`SELECT name, color FROM tags WHERE id = $1`, [
        row.campaignTagId,
      ]);
      expect(campaignTag).toEqual({ name: 'Campaña verano', color: TAG_COLORS[4] });

      const all = await api(s.token, 'get', '/campaigns');
      expect(all.status).toBe(200);
      expect((all.body as CampaignView[]).find((c) => c.id === view.id)).toEqual(view);
      const byChannel = await api(s.token, 'get', `/campaigns?channelId=${s.channelId}`);
      expect((byChannel.body as CampaignView[]).map((c) => c.id)).toContain(view.id);
      const otherList = await api(s.token, 'get', `/campaigns?channelId=${otherChannel}`);
      expect(otherList.status).toBe(200);
      expect((otherList.body as CampaignView[]).map((c) => c.id)).not.toContain(view.id);
      // Nothing goes out before its time.
      expect(await recipientsOf(view.id)).toEqual([]);
    });

    it('lists newest first and never another company’s campaigns', async () => {
      const first = await createCampaign(s.token, draft(s.channelId, utility, [tags.C], { name: 'Primera' }));
      const second = await createCampaign(
        s.token,
        draft(s.channelId, utility, [tags.C], { name: 'Segunda' }),
      );
      const list = (await api(s.token, 'get', '/campaigns')).body as CampaignView[];
      const ids = list.map((c) => c.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      expect(list.every((c) => c.companyId === s.companyId)).toBe(true);
      const stranger = await shop('campanasc');
      const theirs = await api(stranger.token, 'get', '/campaigns');
      expect(theirs.status).toBe(200);
      expect(theirs.body).toEqual([]);
      // 01 §7 "fetch by company": one's own company lists the same; another company's is refused.
      const byCompany = await api(s.token, 'get', `/campaigns?companyId=${s.companyId}`);
      expect(byCompany.body).toEqual(list);
      const foreign = await api(stranger.token, 'get', `/campaigns?companyId=${s.companyId}`);
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('FORBIDDEN');
    });

    it('lists only campaigns created after 2023-04-24', async () => {
      const listed = await shop('campanasantiguas');
      const tag = await addTag(listed.companyId, 'Antigua');
      const insert = async (name: string, createdAt: string) => {
        const [row] = await t.ds.query(
          `INSERT INTO campaigns ("companyId", "channelId", name, "tagIds", template, "sendAt", status, "createdAt")
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, 'FINISHED', $6) RETURNING id`,
          [
            listed.companyId,
            listed.channelId,
            name,
            [tag],
            JSON.stringify({ name: 'vieja', language: 'es_MX', category: 'marketing', components: [] }),
            createdAt,
          ],
        );
        return row.id as number;
      };
      const before = await insert('Del 24 de abril', '2023-04-24T18:00:00Z');
      const after = await insert('Del 25 de abril', '2023-04-25T18:00:00Z');
      const ids = ((await api(listed.token, 'get', '/campaigns')).body as CampaignView[]).map((c) => c.id);
      expect(ids).toContain(after);
      expect(ids).not.toContain(before);
    });

    it('refuses each bad draft with a 400, the field and a Spanish text, and creates nothing', async () => {
      const notAccepted = await addTemplate(s.companyId, s.channelId, {
        name: 'en_revision',
        status: 'submitted',
      });
      const withExamples = await addTemplate(s.companyId, s.channelId, {
        name: 'con_variables',
        body: 'Hola {{1}}, tu cupón es {{2}}',
        examples: ['Ana', 'VERANO10'],
      });
      const otherChannelTemplate = await addTemplate(s.companyId, otherChannel, { name: 'del_otro_canal' });
      // A far-east zone makes "yesterday there" often today in UTC: the check must use the company's zone.
      const timeZone = 'Pacific/Kiritimati';
      await t.ds.query(`UPDATE companies SET timezone = $2 WHERE id = $1`, [s.companyId, timeZone]);
      const yesterdayLate = new Date(zoneMidnight(timeZone).getTime() - 60_000).toISOString();
      const before = await companyRows(s.companyId);
      const ok = draft(s.channelId, marketing, [tags.A]);
      const m = CAMPAIGN_MESSAGES;
      const cases: Array<[string, Record<string, unknown>, string, string, string]> = [
        ['sin nombre', { name: '' }, 'VALIDATION_ERROR', 'name', m.nameRequired],
        ['nombre en blanco', { name: '   ' }, 'VALIDATION_ERROR', 'name', m.nameRequired],
        ['nombre que falta', { name: undefined }, 'VALIDATION_ERROR', 'name', m.nameRequired],
        ['nombre de más de 120', { name: 'x'.repeat(121) }, 'VALIDATION_ERROR', 'name', m.nameTooLong],
        ['sin etiquetas', { tagsIds: [] }, 'VALIDATION_ERROR', 'tagsIds', m.tagsRequired],
        ['audiencia de Excel', { type: 'EXCEL' }, 'VALIDATION_ERROR', 'type', m.typeInvalid],
        [
          'etiqueta de otra empresa',
          { tagsIds: [tags.A, foreignTag], conjunction: 'union' },
          'VALIDATION_ERROR',
          'tagsIds',
          m.tagsInvalid,
        ],
        [
          'conjunción xor',
          { tagsIds: [tags.A, tags.B], conjunction: 'xor' },
          'VALIDATION_ERROR',
          'conjunction',
          m.conjunctionInvalid,
        ],
        [
          'plantilla no aprobada',
          { templateId: notAccepted },
          'VALIDATION_ERROR',
          'templateId',
          m.templateNotOffered,
        ],
        [
          'plantilla con valores de ejemplo',
          { templateId: withExamples },
          'VALIDATION_ERROR',
          'templateId',
          m.templateNotOffered,
        ],
        [
          'plantilla de otro canal',
          { templateId: otherChannelTemplate },
          'VALIDATION_ERROR',
          'templateId',
          m.templateNotOffered,
        ],
        [
          'plantilla de otra empresa',
          { templateId: foreignTemplate },
          'VALIDATION_ERROR',
          'templateId',
          m.templateRequired,
        ],
        [
          'ayer a las 23:59 en la zona de la empresa',
          { sendAt: yesterdayLate },
          'VALIDATION_ERROR',
          'sendAt',
          m.sendAtPast,
        ],
        [
          'hace 25 horas',
          { sendAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() },
          'VALIDATION_ERROR',
          'sendAt',
          m.sendAtPast,
        ],
        ['fecha no ISO', { sendAt: '15/12/2030 10:00' }, 'VALIDATION_ERROR', 'sendAt', m.sendAtInvalid],
        ['fecha sin zona', { sendAt: '2030-12-15T10:00:00' }, 'VALIDATION_ERROR', 'sendAt', m.sendAtInvalid],
        ['fecha vacía', { sendAt: '' }, 'VALIDATION_ERROR', 'sendAt', m.sendAtRequired],
        [
          'etiqueta de campaña sin nombre',
          { shouldCreateTag: true, tagToCreate: { name: '  ', color: TAG_COLORS[0] } },
          'TAG_NAME_EMPTY',
          'tagToCreate',
          userMessageFor('TAG_NAME_EMPTY'),
        ],
        [
          'etiqueta de campaña que falta',
          { shouldCreateTag: true, tagToCreate: null },
          'TAG_NAME_EMPTY',
          'tagToCreate',
          userMessageFor('TAG_NAME_EMPTY'),
        ],
        [
          'color de etiqueta fuera de la paleta',
          { shouldCreateTag: true, tagToCreate: { name: 'Colorida', color: '#123456' } },
          'VALIDATION_ERROR',
          'tagToCreate',
          m.tagColorInvalid,
        ],
        [
          'archivo que no es una URL',
          { fileUrl: 'ftp://archivos/promo.jpg' },
          'VALIDATION_ERROR',
          'fileUrl',
          m.fileRequired,
        ],
      ];
      try {
        for (const [title, change, code, field, message] of cases) {
          const res = await api(s.token, 'post', '/campaign').send({
            ...ok,
            // A refusal must not leave the campaign's tag behind either.
            shouldCreateTag: true,
            tagToCreate: { name: `Etiqueta ${title}`, color: TAG_COLORS[1] },
            ...change,
          });
          expect(res.status, `${title}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(res.body, title).toMatchObject({ code, field, userMessage: message });
          expect(res.body.userMessage, title).toMatch(/[a-záéíóúñ]/i);
        }
      } finally {
        await t.ds.query(`UPDATE companies SET timezone = 'America/Mexico_City' WHERE id = $1`, [
          s.companyId,
        ]);
      }
      expect(await companyRows(s.companyId)).toEqual(before);
    });

    it('refuses another company’s channel', async () => {
      const stranger = await shop('campanasd');
      const before = await companyRows(s.companyId);
      const res = await api(stranger.token, 'post', '/campaign').send(
        draft(s.channelId, marketing, [tags.A]),
      );
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('channelId');
      expect(await companyRows(s.companyId)).toEqual(before);
      expect((await companyRows(stranger.companyId)).campaigns).toBe(0);
    });
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the number’s quality and daily tier (GET /api/broadcast/get360Status)', () => {
  it('Cloud API: answers the tier and quality from the phone number node; quality Baja (RED) blocks creation', async () => {
    const s = await shop('calidadbaja');
    const tag = await addTag(s.companyId, 'Todos');
    await addContact(s.companyId, s.channelId, '573001230002', [tag]);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'promo' });
    phoneNodes.set(s.providerId, healthyNode(s.providerId, 'TIER_1K', 'RED'));
    t.graph.reset();

    const status = await api(s.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    expect(status.body).toEqual({
      current_limit: 'TIER_1K',
      current_quality_rating: 'LOW',
      dailyLimit: 1000,
      messagesPerSecond: 80,
    });
    // The same number named by its channel id.
    const byChannel = await api(s.token, 'get', `/broadcast/get360Status?channelId=${s.channelId}`);
    expect(byChannel.body).toEqual(status.body);
    const asked = t.graph.to('GET', `/v23.0/${s.providerId}`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked[0].headers.authorization).toBe(`Bearer token-${s.providerId}`);
    expect(asked[0].query.get('fields')).toContain('quality_rating');

    const before = await companyRows(s.companyId);
    const res = await api(s.token, 'post', '/campaign').send(
      draft(s.channelId, templateId, [tag], {
        sendAt: new Date().toISOString(),
        shouldCreateTag: true,
        tagToCreate: { name: 'No debe existir', color: TAG_COLORS[0] },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CAMPAIGN_QUALITY_BLOCKED',
      userMessage: userMessageFor('CAMPAIGN_QUALITY_BLOCKED'),
    });
    expect(await companyRows(s.companyId)).toEqual(before);
    expect(sendsOf(s.providerId)).toEqual([]);

    // Media warns only (the wizard's modal); the campaign is created.
    phoneNodes.set(s.providerId, healthyNode(s.providerId, 'TIER_10K', 'YELLOW'));
    const medium = await api(s.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(medium.body).toMatchObject({
      current_limit: 'TIER_10K',
      current_quality_rating: 'MEDIUM',
      dailyLimit: 10000,
    });
    await createCampaign(s.token, draft(s.channelId, templateId, [tag]));
  });

  it('Cloud API before v24.0: asks again with messaging_limit_tier; an unlimited tier has no daily limit', async () => {
    const s = await shop('calidadlegado');
    phoneNodes.set(s.providerId, {
      status: 200,
      body: { id: s.providerId, messaging_limit_tier: 'TIER_UNLIMITED', quality_rating: 'GREEN' },
    });
    t.graph.routeOnce('GET', `/v23.0/${s.providerId}`, {
      status: 400,
      body: {
        error: {
          message:
            '(#100) Tried accessing nonexisting field (whatsapp_business_manager_messaging_limit) on node type (WhatsAppBusinessPhoneNumber)',
          type: 'OAuthException',
          code: 100,
        },
      },
    });
    const res = await api(s.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      current_limit: 'TIER_UNLIMITED',
      current_quality_rating: 'HIGH',
      dailyLimit: null,
      messagesPerSecond: 80,
    });
  });

  it('sandbox: the providerId marks set the quality and tier; quality low blocks creation', async () => {
    const { token, companyId } = await newCompany(t, t.ds, 'calidadsandbox');
    const n = uniqueNumber();
    const low = `sandbox-campaigns-quality-low-${n}`;
    const lowId = await addChannel(t, t.ds, companyId, 'sandbox', low, null);
    const medium = `sandbox-tier-250-quality-medium-${n}`;
    await addChannel(t, t.ds, companyId, 'sandbox', medium, null);
    const lowStatus = await api(token, 'get', `/broadcast/get360Status?providerId=${low}`);
    expect(lowStatus.body).toMatchObject({
      current_limit: 'TIER_1K',
      current_quality_rating: 'LOW',
      dailyLimit: 1000,
    });
    const mediumStatus = await api(token, 'get', `/broadcast/get360Status?providerId=${medium}`);
    expect(mediumStatus.body).toMatchObject({
      current_limit: 'TIER_250',
      current_quality_rating: 'MEDIUM',
      dailyLimit: 250,
    });
    const tag = await addTag(companyId, 'Todos');
    const templateId = await addTemplate(companyId, lowId, { name: 'promo' });
    const res = await api(token, 'post', '/campaign').send(draft(lowId, templateId, [tag]));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CAMPAIGN_QUALITY_BLOCKED');
    expect((await companyRows(companyId)).campaigns).toBe(0);
  });

  it('refuses a providerId that is not a number of the company', async () => {
    const s = await shop('calidadajena');
    const stranger = await shop('calidadajenab');
    const res = await api(stranger.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('providerId');
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('sending end to end on a Cloud API channel (fake Graph API)', () => {
  it('each recipient gets one template message; FINISHED; archivedBroadcast until the customer answers; campaign tag', async () => {
    const s = await shop('envio');
    const vip = await addTag(s.companyId, 'VIP');
    const recipients = ['573001230101', '573001230102', '573001230103', '5215512340104', '573001230105'];
    const clientIds: number[] = [];
    for (const phone of recipients) clientIds.push(await addContact(s.companyId, s.channelId, phone, [vip]));
    const outsider = await addContact(s.companyId, s.channelId, '573001230199', []);
    const invalid = await addContact(s.companyId, s.channelId, '57300', [vip]);
    const templateId = await addTemplate(s.companyId, s.channelId, {
      name: 'bienvenida_vip',
      body: '¡Gracias por ser cliente VIP!',
    });

    const heard: CampaignUpdate[] = [];
    (await openSocket(t.baseUrl, s.token, sockets)).on('campaignUpdated', (p: CampaignUpdate) =>
      heard.push(p),
    );
    const stranger = await shop('envioajena');
    const strangerHeard: CampaignUpdate[] = [];
    (await openSocket(t.baseUrl, stranger.token, sockets)).on('campaignUpdated', (p: CampaignUpdate) =>
      strangerHeard.push(p),
    );
    const view = await createCampaign(
      s.token,
      draft(s.channelId, templateId, [vip], {
        sendAt: new Date().toISOString(),
        name: 'VIP hoy',
        shouldCreateTag: true,
        tagToCreate: { name: 'Campaña VIP', color: TAG_COLORS[2] },
      }),
    );
    expect(view.totalCost).toBe(expectedCost(recipients, 'marketing'));

    const done = await campaignUntil(view.id, (row) => row.status === 'FINISHED');
    expect(done).toMatchObject({ status: 'FINISHED', total: 5, sent: 5, failed: 0 });
    // One template request per recipient, none for the others.
    const sent = sendsOf(s.providerId);
    expect(sent.map((send) => send.to).sort()).toEqual([...recipients].sort());
    for (const send of sent) {
      expect(send.body.type).toBe('template');
      expect(send.body.template?.name).toBe('bienvenida_vip');
      expect(send.body.template?.language?.code).toBe('es_MX');
    }

    const rows = await recipientsOf(view.id);
    expect(rows.map((row) => row.state)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows.map((row) => row.clientId).sort()).toEqual([...clientIds].sort());

    const messages: Array<{
      id: number;
      clientId: number;
      sender: string;
      type: string;
      messageStatus: string;
      messageApiId: string | null;
      payload: { automation?: string; campaignId?: number };
    }> = await t.ds.query(`SELECT * FROM messages WHERE "clientId" = ANY($1) ORDER BY id`, [
      [...clientIds, outsider, invalid],
    ]);
    expect(messages.map((m) => m.clientId).sort()).toEqual([...clientIds].sort());
    for (const message of messages) {
      expect(message).toMatchObject({ sender: 'BOT', type: 'template', messageStatus: 'sent' });
      expect(message.payload).toMatchObject({ automation: 'campaign', campaignId: view.id });
      expect(message.messageApiId).toMatch(/^wamid\.CAMPAIGN-/);
    }
    expect(new Set(rows.map((row) => row.messageId))).toEqual(new Set(messages.map((m) => m.id)));

    // Unanswered: the conversations wait in 'archivedBroadcast'.
    const clients: Array<{ id: number; isBroadcastMessage: boolean; lastMessageId: number | null }> =
      await t.ds.query(`SELECT id, "isBroadcastMessage", "lastMessageId" FROM clients WHERE id = ANY($1)`, [
        clientIds,
      ]);
    expect(clients.every((client) => client.isBroadcastMessage)).toBe(true);
    const [{ isBroadcastMessage: outsiderFlag }] = await t.ds.query(
      `SELECT "isBroadcastMessage" FROM clients WHERE id = $1`,
      [outsider],
    );
    expect(outsiderFlag).toBe(false);
    await seeChannel(s);
    const broadcastList = await api(s.token, 'post', '/conversations_by_filter').send({
      filterType: 'archivedBroadcast',
      channelsIds: [s.channelId],
    });
    expect(broadcastList.status, JSON.stringify(broadcastList.body)).toBe(200);
    expect((broadcastList.body.clients as Array<{ id: number }>).map((c) => c.id).sort()).toEqual(
      [...clientIds].sort(),
    );

    // The campaign's tag is on every recipient, and only on them.
    const row = await campaignRow(view.id);
    const tagged: Array<{ clientId: number }> = await t.ds.query(
      `SELECT "clientId" FROM client_tags WHERE "tagId" = $1 ORDER BY "clientId"`,
      [row.campaignTagId],
    );
    expect(tagged.map((r) => r.clientId).sort()).toEqual([...clientIds].sort());

    // The customer answers: the conversation leaves 'archivedBroadcast'; the others stay.
    const company = { providerId: s.providerId } as BotCompany;
    await deliver(t, customerText(company, recipients[0], '¡Me interesa!'));
    const answered = await eventually(
      () => t.ds.query(`SELECT "isBroadcastMessage" FROM clients WHERE id = $1`, [clientIds[0]]),
      (r: Array<{ isBroadcastMessage: boolean }>) => r[0]?.isBroadcastMessage === false,
    );
    expect(answered[0].isBroadcastMessage).toBe(false);
    const still: Array<{ isBroadcastMessage: boolean }> = await t.ds.query(
      `SELECT "isBroadcastMessage" FROM clients WHERE id = ANY($1)`,
      [clientIds.slice(1)],
    );
    expect(still.every((client) => client.isBroadcastMessage)).toBe(true);

    // The table shows it finished.
    const list = (await api(s.token, 'get', '/campaigns')).body as CampaignView[];
    expect(list.find((c) => c.id === view.id)).toMatchObject({
      status: 'FINISHED',
      statusLabel: 'Finalizada',
      total: 5,
      sent: 5,
      failed: 0,
    });
    // Exactly once, even after the sweeps that follow.
    expect(sendsOf(s.providerId)).toHaveLength(5);
    // The table heard the progress live; another company heard nothing of it.
    const last = await eventually(
      () => heard.filter((p) => p.id === view.id).at(-1),
      (p) => p?.status === 'FINISHED',
    );
    expect(last).toMatchObject({
      id: view.id,
      status: 'FINISHED',
      statusLabel: 'Finalizada',
      total: 5,
      sent: 5,
    });
    expect(heard.some((p) => p.id === view.id && p.status === 'IN_PROGRESS')).toBe(true);
    expect(strangerHeard.filter((p) => p.id === view.id)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('pause, resume and delete', () => {
  /** A company whose number sends slowly (campaignRate), with `count` contacts on one tag and a template. */
  async function slowShop(label: string, count: number) {
    const s = await shop(label);
    await t.ds.query(`UPDATE channels SET "campaignRate" = 20 WHERE id = $1`, [s.channelId]);
    const tag = await addTag(s.companyId, 'Lista');
    const phones = await addContacts(s.companyId, s.channelId, tag, count);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'recordatorio' });
    return { ...s, tag, phones, templateId };
  }

  /** A 60-recipient campaign of a slow number, started now, once its first three sends reached the provider. */
  async function runningCampaign(label: string) {
    const s = await slowShop(label, 60);
    const view = await createCampaign(
      s.token,
      draft(s.channelId, s.templateId, [s.tag], { sendAt: new Date().toISOString() }),
    );
    await eventually(
      () => sendsOf(s.providerId).length,
      (n) => n >= 3,
      20_000,
    );
    return { s, view };
  }

  it('a scheduled campaign pauses (Pausada) and resumes as scheduled; pausing twice is refused', async () => {
    const s = await slowShop('pausaprog', 3);
    const view = await createCampaign(s.token, draft(s.channelId, s.templateId, [s.tag]));
    const paused = await api(s.token, 'post', `/campaign/${view.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id: view.id, status: 'PAUSED', statusLabel: 'Pausada' });
    const again = await api(s.token, 'post', `/campaign/${view.id}/pause`);
    expect(again.status).toBe(400);
    expect(again.body.userMessage).toBe(CAMPAIGN_MESSAGES.notPausable);
    const resumed = await api(s.token, 'post', `/campaign/${view.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id: view.id, status: 'SCHEDULED', statusLabel: 'Programada' });
    const twice = await api(s.token, 'post', `/campaign/${view.id}/resume`);
    expect(twice.status).toBe(400);
    expect(twice.body.userMessage).toBe(CAMPAIGN_MESSAGES.notResumable);
  });

  it('a running campaign paused sends nothing more; resumed, the rest go out exactly once each', async () => {
    const { s, view } = await runningCampaign('pausa');
    const paused = await api(s.token, 'post', `/campaign/${view.id}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.status).toBe('PAUSED');
    const settled = await settledRecipients(view.id);
    const sentWhilePausing = settled.filter((r) => r.state === 'sent').length;
    expect(settled.filter((r) => r.state === 'pending').length).toBeGreaterThan(0);
    expect(sendsOf(s.providerId)).toHaveLength(sentWhilePausing);
    // Paused: nothing more reaches the provider (a moment beyond the dispatcher's next slice).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sendsOf(s.providerId)).toHaveLength(sentWhilePausing);
    expect((await campaignRow(view.id)).status).toBe('PAUSED');

    const resumed = await api(s.token, 'post', `/campaign/${view.id}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'IN_PROGRESS', statusLabel: 'En progreso' });
    const done = await campaignUntil(view.id, (row) => row.status === 'FINISHED');
    expect(done).toMatchObject({ total: 60, sent: 60, failed: 0 });
    const perPhone = counts(sendsOf(s.providerId).map((send) => send.to));
    expect(perPhone.size).toBe(60);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
  });

  it('deleting a running campaign stops it: what was sent stays, the rest is skipped, it is listed no more', async () => {
    const { s, view } = await runningCampaign('borrar');
    const removed = await api(s.token, 'delete', `/campaign/${view.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: view.id, deleted: true });
    const settled = await settledRecipients(view.id);
    const sent = settled.filter((r) => r.state === 'sent');
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThan(60);
    expect(settled.filter((r) => r.state !== 'sent').every((r) => r.state === 'skipped')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sendsOf(s.providerId)).toHaveLength(sent.length);
    // The sent messages stay in their conversations.
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM messages WHERE id = ANY($1) AND "messageApiId" IS NOT NULL`,
      [sent.map((r) => r.messageId)],
    );
    expect(n).toBe(sent.length);
    const list = (await api(s.token, 'get', '/campaigns')).body as CampaignView[];
    expect(list.map((c) => c.id)).not.toContain(view.id);
    const again = await api(s.token, 'delete', `/campaign/${view.id}`);
    expect(again.status).toBe(404);
    expect((await campaignRow(view.id)).status).not.toBe('IN_PROGRESS');
  });

  it('another company’s campaign is not found for delete, pause and resume, and stays as it was', async () => {
    const s = await slowShop('ajenaa', 2);
    const view = await createCampaign(s.token, draft(s.channelId, s.templateId, [s.tag]));
    const stranger = await shop('ajenab');
    for (const [method, path] of [
      ['delete', `/campaign/${view.id}`],
      ['post', `/campaign/${view.id}/pause`],
      ['post', `/campaign/${view.id}/resume`],
    ] as const) {
      const res = await api(stranger.token, method, path);
      expect([403, 404], `${method} ${path}`).toContain(res.status);
    }
    const row = await campaignRow(view.id);
    expect(row).toMatchObject({ status: 'SCHEDULED', deletedAt: null });
  });

  it('GraphQL campaigns by company or channel and deleteCampaign (02 §7): the REST views; refusals', async () => {
    const s = await slowShop('gqlcamp', 2);
    const other = await addChannel(t, t.ds, s.companyId, 'whatsapp_cloud', String(uniqueNumber()), 'tok-gql');
    const view = await createCampaign(s.token, draft(s.channelId, s.templateId, [s.tag]));
    const fields = `id name channelId companyId status statusLabel selectedTags { id name color } conjunction
      templateId templateName fileUrl sendAt createdAt lastSendAt total sent failed totalCost`;
    const list = `query($companyId: Int, $channelId: Int) { campaigns(companyId: $companyId, channelId: $channelId) {
      ${fields} } }`;
    const rest = (await api(s.token, 'get', '/campaigns')).body as CampaignView[];
    const byCompany = await gql<{ campaigns: CampaignView[] }>(t, s.token, list, { companyId: s.companyId });
    expect(byCompany.errors).toBeUndefined();
    expect(byCompany.data?.campaigns).toEqual(rest);
    expect(byCompany.data?.campaigns.map((c) => [c.id, c.statusLabel])).toEqual([[view.id, 'Programada']]);
    const byChannel = await gql<{ campaigns: CampaignView[] }>(t, s.token, list, { channelId: s.channelId });
    expect(byChannel.data?.campaigns.map((c) => c.id)).toEqual([view.id]);
    const otherChannel = await gql<{ campaigns: CampaignView[] }>(t, s.token, list, { channelId: other });
    expect(otherChannel.data?.campaigns).toEqual([]);

    const stranger = await shop('gqlcampb');
    const foreign = await gql(t, stranger.token, list, { companyId: s.companyId });
    expect(foreign.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const remove = 'mutation($id: Int!) { deleteCampaign(id: $id) { id deleted } }';
    const foreignDelete = await gql(t, stranger.token, remove, { id: view.id });
    expect(foreignDelete.errors?.[0]?.extensions.code).toBe('CAMPAIGN_NOT_FOUND');
    const agente = await login(t, 'agente@demo.local');
    expect((await gql(t, agente, list)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect((await gql(t, agente, remove, { id: view.id })).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await campaignRow(view.id)).toMatchObject({ deletedAt: null });

    const removed = await gql<{ deleteCampaign: { id: number; deleted: boolean } }>(t, s.token, remove, {
      id: view.id,
    });
    expect(removed.data?.deleteCampaign).toEqual({ id: view.id, deleted: true });
    const after = await gql<{ campaigns: CampaignView[] }>(t, s.token, list);
    expect(after.data?.campaigns).toEqual([]);
  });

  it('a user without the campaigns permission gets 403 on every route; without a token, 401', async () => {
    const agente = await login(t, 'agente@demo.local');
    const routes: Array<['get' | 'post' | 'delete', string]> = [
      ['get', '/campaigns'],
      ['get', '/campaigns?channelId=1'],
      ['post', '/campaign'],
      ['delete', '/campaign/1'],
      ['post', '/campaign/1/pause'],
      ['post', '/campaign/1/resume'],
      ['post', '/broadcast/getTotalPricing'],
      ['post', '/broadcast/audience'],
      ['get', '/broadcast/tags?channelId=1'],
      ['get', '/broadcast/get360Status?providerId=1'],
      ['post', '/broadcast/media'],
    ];
    for (const [method, path] of routes) {
      const res = await api(agente, method, path).send(method === 'get' ? undefined : {});
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
      const anonymous = await t.http[method](`/api${path}`);
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('the daily tier and the provider’s throttling', () => {
  it('TIER_250 with 300 recipients: 250 today, the rest wait; 24 h later the other 50 go out and it finishes', async () => {
    const s = await shop('nivel250');
    phoneNodes.set(s.providerId, healthyNode(s.providerId, 'TIER_250', 'GREEN'));
    const tag = await addTag(s.companyId, 'Todos');
    const phones = await addContacts(s.companyId, s.channelId, tag, 300);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'gran_venta' });
    const status = await api(s.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(status.body).toMatchObject({ current_limit: 'TIER_250', dailyLimit: 250 });
    const audience = await api(s.token, 'post', '/broadcast/audience').send({
      channelId: s.channelId,
      tagsIds: [tag],
      conjunction: null,
    });
    expect(audience.body).toEqual({ recipients: 300 });

    const view = await createCampaign(
      s.token,
      draft(s.channelId, templateId, [tag], { sendAt: new Date().toISOString() }),
    );
    const dispatchKey = `campaign-dispatch:${s.channelId}:0`;
    // The dispatcher spent the tier and waits for the rolling 24 h to free a place.
    const waiting = await eventually(
      async () => {
        const [job] = await t.ds.query(
          `SELECT run_at FROM graphile_worker.jobs WHERE key = $1 AND locked_at IS NULL`,
          [dispatchKey],
        );
        const [{ open }] = await t.ds.query(
          `SELECT count(*)::int AS open FROM campaign_recipients WHERE "campaignId" = $1 AND state = 'sending'`,
          [view.id],
        );
        return { runAt: job ? new Date(job.run_at as string).getTime() : 0, open: open as number };
      },
      (value) => value.runAt > Date.now() + 23 * 60 * 60 * 1000 && value.open === 0,
      30_000,
    );
    expect(waiting.runAt).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    expect(sendsOf(s.providerId)).toHaveLength(250);
    // Meta's default throughput (80 messages a second) is never exceeded.
    expect(maxPerSecond(sendsOf(s.providerId))).toBeLessThanOrEqual(80);
    const today = await recipientsOf(view.id);
    expect(counts(today.map((r) => r.state))).toEqual(
      new Map([
        ['sent', 250],
        ['pending', 50],
      ]),
    );
    expect((await campaignRow(view.id)).status).toBe('IN_PROGRESS');

    // A day later (the claims moved 24 h back), the waiting dispatch runs now.
    await t.ds.query(
      `UPDATE campaign_recipients SET "claimedAt" = "claimedAt" - interval '24 hours' WHERE "campaignId" = $1`,
      [view.id],
    );
    await t.ds.query(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = $1`, [dispatchKey]);
    const done = await campaignUntil(view.id, (row) => row.status === 'FINISHED');
    expect(done).toMatchObject({ status: 'FINISHED', total: 300, sent: 300, failed: 0 });
    const perPhone = counts(sendsOf(s.providerId).map((send) => send.to));
    expect(perPhone.size).toBe(300);
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    expect([...perPhone.keys()].sort()).toEqual([...phones].sort());
  });

  it('429 / 130429: the refused recipients are sent later, exactly once each', async () => {
    const s = await shop('limite');
    const tag = await addTag(s.companyId, 'Todos');
    const phones = await addContacts(s.companyId, s.channelId, tag, 20);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'aviso' });
    const throughput = {
      error: { message: '(#130429) Rate limit hit', type: 'OAuthException', code: 130429, fbtrace_id: 'A1' },
    };
    const refused: FakeReply[] = [
      { status: 400, body: throughput },
      { status: 429, body: throughput },
      { status: 429, body: '' },
      { status: 400, body: throughput },
      { status: 429, body: '<html>Too Many Requests</html>' },
    ];
    refusals.set(s.providerId, [...refused]);

    const view = await createCampaign(
      s.token,
      draft(s.channelId, templateId, [tag], { sendAt: new Date().toISOString() }),
    );
    const done = await campaignUntil(view.id, (row) => row.status === 'FINISHED', 40_000);
    expect(done).toMatchObject({ status: 'FINISHED', total: 20, sent: 20, failed: 0 });
    const all = sendsOf(s.providerId);
    expect(all).toHaveLength(20 + refused.length);
    const accepted = all.filter((send) => send.accepted);
    expect(accepted).toHaveLength(20);
    const perPhone = counts(accepted.map((send) => send.to));
    expect([...perPhone.keys()].sort()).toEqual([...phones].sort());
    expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
    // Each recipient's conversation holds one message, the accepted one.
    const rows = await recipientsOf(view.id);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM messages WHERE "clientId" = ANY($1) AND payload->>'automation' = 'campaign'`,
      [rows.map((r) => r.clientId)],
    );
    expect(n).toBe(20);
    const [{ dangling }] = await t.ds.query(
      `SELECT count(*)::int AS dangling FROM clients c WHERE c.id = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.id = c."lastMessageId")`,
      [rows.map((r) => r.clientId)],
    );
    expect(dangling).toBe(0);
  });

  it('131056 (pair rate): only that customer waits, then gets the message once; the number is not polled meanwhile', async () => {
    const s = await shop('limitepar');
    const tag = await addTag(s.companyId, 'Todos');
    const phones = await addContacts(s.companyId, s.channelId, tag, 10);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'aviso_par' });
    refusals.set(s.providerId, [
      {
        status: 400,
        headers: { 'retry-after': '2' },
        body: {
          error: {
            message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
            type: 'OAuthException',
            code: 131056,
          },
        },
      },
    ]);
    const nodeReads = () => t.graph.to('GET', `/v23.0/${s.providerId}`).length;
    const view = await createCampaign(
      s.token,
      draft(s.channelId, templateId, [tag], { sendAt: new Date().toISOString() }),
    );
    // Everyone else goes out at once; the refused customer is the only one pending.
    const firstPass = await eventually(
      () => recipientsOf(view.id),
      (rows) =>
        rows.length === 10 &&
        rows.filter((r) => r.state === 'sent').length === 9 &&
        rows.some((r) => r.state === 'pending'),
      20_000,
    );
    const waiting = firstPass.filter((r) => r.state !== 'sent');
    expect(waiting).toHaveLength(1);
    expect(waiting[0].state).toBe('pending');
    const readsBefore = nodeReads();
    const done = await campaignUntil(view.id, (row) => row.status === 'FINISHED', 40_000);
    expect(done).toMatchObject({ total: 10, sent: 10, failed: 0 });
    const accepted = sendsOf(s.providerId).filter((send) => send.accepted);
    expect(accepted.map((send) => send.to).sort()).toEqual([...phones].sort());
    expect(sendsOf(s.providerId)).toHaveLength(11);
    // While the one customer waits its 2 s, the dispatcher waits too instead of starting slice after slice (each
    // slice reads the number's status from Meta).
    expect(nodeReads() - readsBefore).toBeLessThanOrEqual(4);
  });

  it('the number’s configured rate (channels.campaignRate) is never exceeded in any one-second window', async () => {
    const s = await shop('ritmo');
    await t.ds.query(`UPDATE channels SET "campaignRate" = 5 WHERE id = $1`, [s.channelId]);
    const tag = await addTag(s.companyId, 'Todos');
    await addContacts(s.companyId, s.channelId, tag, 15);
    const templateId = await addTemplate(s.companyId, s.channelId, { name: 'pausado' });
    const status = await api(s.token, 'get', `/broadcast/get360Status?providerId=${s.providerId}`);
    expect(status.body.messagesPerSecond).toBe(5);
    const view = await createCampaign(
      s.token,
      draft(s.channelId, templateId, [tag], { sendAt: new Date().toISOString() }),
    );
    await campaignUntil(view.id, (row) => row.status === 'FINISHED', 40_000);
    expect(maxPerSecond(sendsOf(s.providerId))).toBeLessThanOrEqual(5);
  });
});
