import { buildTemplateComponents, type TemplateView } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeProviderServer,
  type FakeReply,
  type ProviderRequest,
} from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import {
  api,
  createTemplate,
  failingInserts,
  JPEG,
  newCompany,
  rowNamed,
  rowsOf,
  statusWebhook,
  waitFor,
} from './template-helpers';

// Issue 16: WhatsApp templates of a 360dialog number over HTTP, end to end: the number connected through the API,
// header media, submission, status webhooks at the URL the connection registered, syncs, deletes and 360dialog's
// refusals, against a fake 360dialog on 127.0.0.1 that checks each API key and records every request.

/** One item of 360dialog's waba_templates: Meta's template, its status in lower case, Meta's id as external_id. */
interface WabaTemplate {
  id: string;
  external_id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejected_reason: string;
  namespace: string;
  components: unknown[];
}

const APP_URL = 'https://crm.example.com';
const WEBHOOK_SECRET = 'd360-templates-webhook-secret';
const SESSION_ID = 'upload:ZDM2MC1zZXNzaW9u?sig=ARb1d360';
const HANDLE = '4::ZDM2MC1pbWFnZQ==:ARZd360h';

/** Meta's refusal as 360dialog forwards it (the Cloud API's error object, unchanged). */
function metaError(subcode: number | undefined, title: string, message = 'Invalid parameter'): FakeReply {
  return {
    status: 400,
    body: {
      error: {
        message,
        type: 'OAuthException',
        code: 100,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        error_user_title: title,
        fbtrace_id: 'AzD360trace',
      },
    },
  };
}

/** 360dialog's gateway's own refusal: an HTTP status and a developer message. */
function gatewayError(status: number, message: string, headers?: Record<string, string>): FakeReply {
  return {
    status,
    body: { meta: { success: false, http_code: status, developer_message: message } },
    headers,
  };
}

/**
 * The 360dialog Hub for the numbers of this run: each API key names one number and its account, whose templates
 * live here (created through the API or, for the tests, in the Hub).
 */
const dialogHub = {
  accounts: new Map<string, WabaTemplate[]>(),
  nextId: 1790000000000000,

  /** A key 360dialog issued for a number (its account starts empty). */
  issue(apiKey: string): void {
    dialogHub.accounts.set(apiKey, []);
  },

  /** The key stops working (revoked in the Hub). */
  revoke(apiKey: string): void {
    dialogHub.accounts.delete(apiKey);
  },

  account(apiKey: string): WabaTemplate[] {
    const account = dialogHub.accounts.get(apiKey);
    if (!account) throw new Error(`no account for ${apiKey}`);
    return account;
  },

  /** A template as the account holds it, made in the Hub unless the API made it. */
  template(apiKey: string, template: Partial<WabaTemplate> & { name: string }): WabaTemplate {
    const metaId = String(dialogHub.nextId++);
    const item: WabaTemplate = {
      id: `d360-${metaId.slice(-6)}`,
      external_id: metaId,
      language: 'es_MX',
      category: 'UTILITY',
      status: 'approved',
      rejected_reason: 'NONE',
      namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
      components: [{ type: 'BODY', text: `Texto de ${template.name}` }],
      ...template,
    };
    dialogHub.account(apiKey).push(item);
    return item;
  },
};

/** The key a request carries, when the Hub issued it and has not revoked it. */
function issuedKey(request: ProviderRequest): string | undefined {
  const key = request.headers['d360-api-key'];
  return typeof key === 'string' && dialogHub.accounts.has(key) ? key : undefined;
}

/** 360dialog's Messaging API on the fake: every call needs an issued key and acts on that key's account. */
function route360dialog(fake: FakeProviderServer): void {
  fake
    .route('*', (request) => issuedKey(request) === undefined, gatewayError(401, 'Invalid api_key'))
    .route('POST', '/v1/configs/webhook', (request) => ({ status: 200, body: request.json }))
    .route('POST', '/uploads', { status: 200, body: { id: SESSION_ID } })
    .route('POST', `/${SESSION_ID.split('?')[0]}`, { status: 200, body: { h: HANDLE } })
    .route('POST', '/v1/configs/templates', (request) => {
      const key = issuedKey(request) as string;
      const body = request.json as { name: string; language: string; category: string };
      if (dialogHub.account(key).some((t) => t.name === body.name && t.language === body.language)) {
        return metaError(2388024, 'Message template already exists');
      }
      const item = dialogHub.template(key, { ...body, status: 'submitted' });
      return { status: 200, body: { id: item.external_id, status: 'PENDING', category: body.category } };
    })
    .route('GET', '/v1/configs/templates', (request) => {
      const account = dialogHub.account(issuedKey(request) as string);
      const offset = Number(request.query.get('offset') ?? 0);
      const limit = Number(request.query.get('limit') ?? 1000);
      const page = account.slice(offset, offset + limit);
      return {
        status: 200,
        body: {
          count: page.length,
          filters: {},
          limit,
          offset,
          sort: ['id'],
          total: account.length,
          waba_templates: page,
        },
      };
    })
    .route('DELETE', /^\/v1\/configs\/templates\/([^/]+)$/, (request, [encoded]) => {
      const account = dialogHub.account(issuedKey(request) as string);
      const name = decodeURIComponent(encoded);
      if (!account.some((t) => t.name === name)) return metaError(2593002, 'Message template not found');
      const kept = account.filter((t) => t.name !== name);
      account.splice(0, account.length, ...kept);
      return {
        status: 200,
        body: {
          meta: { developer_message: `template name=${name} was deleted`, http_code: 200, success: true },
        },
      };
    });
}

let t: TestApp;
let ds: TestSql;
let d360: FakeProviderServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  d360 = await FakeProviderServer.start((request) =>
    gatewayError(404, `unexpected ${request.method} ${request.path}`),
  );
  route360dialog(d360);
  t = await startTestApp({
    APP_URL,
    DIALOG360_URL: d360.url,
    DIALOG360_WEBHOOK_TOKEN: WEBHOOK_SECRET,
    JOB_POLL_MS: '100',
  });
  ds = testSql();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await d360.close();
});
beforeEach(() => d360.reset());

// ---------------------------------------------------------------------------------------------------------
// Companies and their 360dialog numbers.

let seq = 0;
function unique(): string {
  seq += 1;
  return `${process.pid % 100}${String(Date.now()).slice(-5)}${seq}`.slice(-8).padStart(8, '0');
}

interface Company {
  token: string;
  companyId: number;
  channelId: number;
  phone: string;
  apiKey: string;
  /** The WhatsApp Business Account behind the number: 360dialog's API never tells it, its webhooks do. */
  waba: string;
  /** What the connection registered with 360dialog: the webhook URL and the headers sent with every call. */
  registration: ProviderRequest;
}

const CONNECT = `mutation($input: ConnectDialog360ChannelInput!) {
  connectDialog360Channel(input: $input) { id name platform phone }
}`;

/** A new company whose owner connects a 360dialog number through the API, as the channels screen does. */
async function freshCompany(): Promise<Company> {
  const { token, companyId } = await newCompany(t, ds, 'd360tpl');
  const n = unique();
  const phone = `52133${n}`;
  const apiKey = `D360Key_${n}_AK`;
  dialogHub.issue(apiKey);
  const before = d360.requests.length;
  const res = await gql<{ connectDialog360Channel: { id: number; platform: string; phone: string } }>(
    t,
    token,
    CONNECT,
    { input: { apiKey, phoneNumber: `+${phone}` } },
  );
  expect(res.errors).toBeUndefined();
  const channel = res.data?.connectDialog360Channel;
  expect(channel).toMatchObject({ platform: 'dialog360', phone });
  const registration = d360.requests[before];
  // Setting up is not what the tests look at.
  d360.requests.length = 0;
  return {
    token,
    companyId,
    channelId: channel?.id ?? 0,
    phone,
    apiKey,
    waba: `1022${n}`,
    registration,
  };
}

function components(text: string, examples: string[] = []) {
  return buildTemplateComponents({ text, examples });
}

function create(c: Company, body: Record<string, unknown>) {
  return createTemplate(t, c.token, c.channelId, body);
}

function remove(c: Company, templateName: string) {
  return api(t, 'delete', '/whatsappTemplate', c.token).send({ templateName, channelId: c.channelId });
}

function sync(c: Company, channelId = c.channelId) {
  return api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId });
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

/** POST to our webhook as 360dialog does: the registered URL with the registered headers (unless told otherwise). */
function postWebhook(c: Company, body: string, headers?: Record<string, string>, path?: string) {
  const registered = JSON.parse(c.registration.body) as { url: string; headers: Record<string, string> };
  const req = t.http.post(path ?? new URL(registered.url).pathname).set('Content-Type', 'application/json');
  for (const [name, value] of Object.entries(headers ?? registered.headers)) req.set(name, value);
  return req.send(body);
}

// ---------------------------------------------------------------------------------------------------------

describe('a 360dialog number: header media, then the template', () => {
  it('uploads the header through 360dialog with the number’s key and submits the template with the handle', async () => {
    const c = await freshCompany();
    // The connection registered our per-number webhook URL with the secret every call must carry.
    expect(c.registration.method).toBe('POST');
    expect(c.registration.path).toBe('/v1/configs/webhook');
    expect(c.registration.headers['d360-api-key']).toBe(c.apiKey);
    expect(JSON.parse(c.registration.body)).toEqual({
      url: `${APP_URL}/webhooks/360dialog/${c.phone}`,
      headers: { 'x-webhook-token': WEBHOOK_SECRET },
    });
    const socket = await connect(c.token);

    const media = await api(t, 'post', '/whatsappTemplate/media', c.token)
      .field('channelId', String(c.channelId))
      .attach('file', JPEG, { filename: 'promo.jpg' });
    expect(media.status).toBe(200);
    expect(media.body).toMatchObject({
      handle: HANDLE,
      mimeType: 'image/jpeg',
      fileName: 'promo.jpg',
      size: JPEG.length,
    });
    expect(d360.lines()).toEqual([
      `POST /uploads?file_name=promo.jpg&file_length=${JPEG.length}&file_type=image%2Fjpeg`,
      `POST /${SESSION_ID}`,
    ]);
    const [session, bytes] = d360.requests;
    expect(JSON.parse(session.body)).toEqual({});
    expect(bytes.headers.file_offset).toBe('0');
    expect(bytes.raw.equals(JPEG)).toBe(true);
    for (const request of d360.requests) {
      expect(request.headers['d360-api-key']).toBe(c.apiKey);
      expect(request.headers.authorization).toBeUndefined();
    }

    d360.reset();
    const updated = nextEvent<TemplateView>(socket, 'whatsappTemplateUpdated');
    const body = buildTemplateComponents({
      text: 'Hola {{1}}, tu pedido {{2}} está listo.',
      examples: ['Ana', 'A-123'],
      header: { type: 'imagen', handle: media.body.url, mimeType: 'image/jpeg' },
      footer: 'Gracias por tu compra',
    });
    const res = await create(c, { name: 'pedido_listo', components: body });
    expect(res.status).toBe(200);
    expect(d360.lines()).toEqual(['POST /v1/configs/templates']);
    const [submission] = d360.requests;
    expect(submission.headers['d360-api-key']).toBe(c.apiKey);
    expect(submission.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(submission.body)).toEqual({
      name: 'pedido_listo',
      language: 'es_MX',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [HANDLE] } },
        {
          type: 'BODY',
          text: 'Hola {{1}}, tu pedido {{2}} está listo.',
          example: { body_text: [['Ana', 'A-123']] },
        },
        { type: 'FOOTER', text: 'Gracias por tu compra' },
      ],
    });
    const [atProvider] = dialogHub.account(c.apiKey);
    const view = res.body.createWhatsappTemplate as TemplateView;
    expect(view).toMatchObject({
      channelId: c.channelId,
      channel: { id: c.channelId, name: `WhatsApp +${c.phone}`, providerId: c.phone },
      name: 'pedido_listo',
      language: 'es_MX',
      status: 'submitted',
      rawStatus: 'PENDING',
      reason: null,
      category: 'utility',
      variables: 2,
    });
    // The preview keeps our copy of the header; 360dialog got its own handle.
    expect(view.components).toEqual(body);
    expect(await updated).toEqual(view);
    expect(await rowNamed(ds, c.companyId, 'pedido_listo')).toMatchObject({
      origin: 'created',
      providerTemplateId: atProvider.external_id,
      // 360dialog's answer does not name the account; its first status webhook will.
      providerAccountId: null,
    });
  });

  it('answers 360dialog’s refusal of the upload and keeps no file', async () => {
    const c = await freshCompany();
    d360.routeOnce('POST', /^\/upload:/, metaError(2388047, 'Message header format is incorrect'));
    const failed = await api(t, 'post', '/whatsappTemplate/media', c.token)
      .field('channelId', String(c.channelId))
      .attach('file', JPEG, { filename: 'promo.jpg' });
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ code: 'TEMPLATE_ERROR', field: 'header' });
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM whatsapp_template_media WHERE "companyId" = $1`,
      [c.companyId],
    );
    expect(n).toBe(0);
  });
});

describe('a 360dialog number: the provider’s refusals of a template', () => {
  it('answers a name taken at 360dialog as 409 TEMPLATE_ALREADY_EXISTS, and each other refusal as its code, storing nothing', async () => {
    const c = await freshCompany();
    // Made in the 360dialog Hub, so not in our table: only 360dialog knows the name is taken.
    dialogHub.template(c.apiKey, { name: 'ya_existe' });
    const taken = await create(c, { name: 'ya_existe', components: components('Hola') });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      code: 'TEMPLATE_ALREADY_EXISTS',
      field: 'name',
      userMessage: 'Ya existe una plantilla con ese nombre.',
    });
    expect(d360.lines()).toEqual(['POST /v1/configs/templates']);
    expect(d360.requests[0].headers['d360-api-key']).toBe(c.apiKey);
    expect(JSON.parse(d360.requests[0].body)).toMatchObject({ name: 'ya_existe', language: 'es_MX' });

    const cases: Array<[FakeReply, number, string, string | undefined]> = [
      // 360dialog's gateway words it itself.
      [
        gatewayError(400, 'Template with name en_palabras already exists'),
        409,
        'TEMPLATE_ALREADY_EXISTS',
        'name',
      ],
      [metaError(2388023, 'Message template is being deleted'), 409, 'TEMPLATE_NAME_NOT_AVAILABLE', 'name'],
      [
        gatewayError(429, 'Too many requests', { 'retry-after': '12' }),
        429,
        'PROVIDER_RATE_LIMITED',
        undefined,
      ],
      [gatewayError(401, 'Invalid api_key'), 400, 'PROVIDER_AUTH_ERROR', undefined],
      [{ status: 502, body: 'Bad Gateway' }, 503, 'PROVIDER_UNAVAILABLE', undefined],
      [gatewayError(400, 'Invalid components'), 400, 'TEMPLATE_ERROR', undefined],
    ];
    for (const [reply, status, code, field] of cases) {
      d360.routeOnce('POST', '/v1/configs/templates', reply);
      const res = await create(c, { name: 'en_palabras', components: components('Hola') });
      expect(res.status, code).toBe(status);
      expect(res.body.code, code).toBe(code);
      expect(res.body.field, code).toBe(field);
      expect(res.body.userMessage, code).toMatch(/\S/);
    }
    expect(await rowsOf(ds, c.companyId)).toEqual([]);

    // A name the channel has in that language is refused before 360dialog is asked.
    expect((await create(c, { name: 'propia', components: components('Hola') })).status).toBe(200);
    d360.reset();
    const again = await create(c, { name: 'propia', components: components('Otra vez') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TEMPLATE_ALREADY_EXISTS', field: 'name' });
    expect(d360.requests).toEqual([]);
    expect((await rowsOf(ds, c.companyId)).map((r: { name: string }) => r.name)).toEqual(['propia']);
  });
});

describe('a 360dialog number: status webhooks', () => {
  it('moves the template to accepted, then to denied with the reason, live, from the registered URL only', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    expect(
      (await create(c, { name: 'estado', components: components('Tu pedido va en camino.') })).status,
    ).toBe(200);
    const { id, providerTemplateId } = await rowNamed(ds, c.companyId, 'estado');
    d360.reset();

    const approval = statusWebhook(
      c.waba,
      { event: 'APPROVED', id: providerTemplateId, name: 'estado' },
      1750263700,
    );
    // Without the secret 360dialog was given, or with another one, nothing changes.
    expect((await postWebhook(c, approval, {})).status).toBe(401);
    expect(
      (await postWebhook(c, approval, { 'x-webhook-token': 'dev-360dialog-webhook-token' })).status,
    ).toBe(401);
    expect(await rowNamed(ds, c.companyId, 'estado')).toMatchObject({
      status: 'submitted',
      rawStatus: 'PENDING',
    });

    const accepted = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      3000,
      (v) => v.status === 'accepted',
    );
    const hook = await postWebhook(c, approval);
    expect(hook.status).toBe(200);
    expect(hook.body).toEqual({ received: true });
    expect(await accepted).toMatchObject({ id, name: 'estado', rawStatus: 'APPROVED', reason: null });
    expect(await rowNamed(ds, c.companyId, 'estado')).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
      reason: null,
      // Learned from the webhook: 360dialog's API never names it.
      providerAccountId: c.waba,
    });

    // The submission's PENDING arriving late changes nothing.
    const late = statusWebhook(
      c.waba,
      { event: 'PENDING', id: providerTemplateId, name: 'estado' },
      1750263800,
    );
    expect((await postWebhook(c, late)).status).toBe(200);
    expect(await rowNamed(ds, c.companyId, 'estado')).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });

    const denied = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      3000,
      (v) => v.status === 'denied',
    );
    const rejection = statusWebhook(
      c.waba,
      { event: 'REJECTED', id: providerTemplateId, name: 'estado', reason: 'INCORRECT_CATEGORY' },
      1750263900,
    );
    expect((await postWebhook(c, rejection)).status).toBe(200);
    expect(await denied).toMatchObject({ id, rawStatus: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    expect(await rowNamed(ds, c.companyId, 'estado')).toMatchObject({
      status: 'denied',
      rawStatus: 'REJECTED',
      reason: 'INCORRECT_CATEGORY',
    });
    const list = await api(t, 'get', `/whatsappTemplate/${c.companyId}`, c.token);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        id,
        channel: { id: c.channelId, name: `WhatsApp +${c.phone}`, providerId: c.phone },
        status: 'denied',
        rawStatus: 'REJECTED',
        reason: 'INCORRECT_CATEGORY',
      }),
    ]);
    // Webhooks and our list never call 360dialog.
    expect(d360.requests).toEqual([]);
  });

  it('finds the template by the number of the URL when the event has no id, leaving other numbers alone', async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    for (const company of [c, other]) {
      expect((await create(company, { name: 'mismo_nombre', components: components('Hola') })).status).toBe(
        200,
      );
    }
    // An id beyond 2^53 has lost digits in JSON: the event carries none.
    const approval = statusWebhook(
      c.waba,
      { event: 'APPROVED', id: '98765432109876543210', name: 'mismo_nombre' },
      1750263700,
    );
    expect((await postWebhook(c, approval)).status).toBe(200);
    expect(await rowNamed(ds, c.companyId, 'mismo_nombre')).toMatchObject({
      status: 'accepted',
      providerAccountId: c.waba,
    });
    expect(await rowNamed(ds, other.companyId, 'mismo_nombre')).toMatchObject({ status: 'submitted' });

    // At the URL without a number (an older registration), Meta's id alone names the template.
    const { providerTemplateId } = await rowNamed(ds, other.companyId, 'mismo_nombre');
    const rejection = statusWebhook(
      other.waba,
      { event: 'REJECTED', id: providerTemplateId, name: 'mismo_nombre', reason: 'PROMOTIONAL' },
      1750263700,
    );
    expect((await postWebhook(other, rejection, undefined, '/webhooks/360dialog')).status).toBe(200);
    expect(await rowNamed(ds, other.companyId, 'mismo_nombre')).toMatchObject({
      status: 'denied',
      reason: 'PROMOTIONAL',
    });
    expect(await rowNamed(ds, c.companyId, 'mismo_nombre')).toMatchObject({ status: 'accepted' });
  });
});

describe('a 360dialog number: POST /api/whatsappTemplate/sync', () => {
  it('imports the templates made in the 360dialog Hub and reconciles ours; a second sync changes nothing', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    expect((await create(c, { name: 'nuestra', components: components('Hola') })).status).toBe(200);
    const [ours] = dialogHub.account(c.apiKey);
    ours.status = 'approved';
    const hub = dialogHub.template(c.apiKey, {
      name: 'hecha_en_hub',
      category: 'MARKETING',
      status: 'rejected',
      rejected_reason: 'PROMOTIONAL',
      components: [{ type: 'BODY', text: 'Todo al 2x1 para {{1}}', example: { body_text: [['Ana']] } }],
    });
    const review = dialogHub.template(c.apiKey, {
      name: 'en_revision',
      language: 'en_US',
      status: 'submitted',
    });
    dialogHub.template(c.apiKey, { name: 'borrada', status: 'deleted', components: [] });
    d360.reset();

    const imported = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      3000,
      (v) => v.name === 'hecha_en_hub',
    );
    const res = await sync(c);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 2, updated: 1, total: 4 });
    expect(d360.lines()).toEqual(['GET /v1/configs/templates?limit=1000&offset=0']);
    expect(d360.requests[0].headers['d360-api-key']).toBe(c.apiKey);
    expect(await imported).toMatchObject({
      name: 'hecha_en_hub',
      status: 'denied',
      rawStatus: 'REJECTED',
      reason: 'PROMOTIONAL',
      category: 'marketing',
      variables: 1,
      components: hub.components,
    });
    expect(await rowNamed(ds, c.companyId, 'nuestra')).toMatchObject({
      origin: 'created',
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
    // Meta's id, which status webhooks carry, not 360dialog's own.
    expect(await rowNamed(ds, c.companyId, 'hecha_en_hub')).toMatchObject({
      origin: 'imported',
      providerTemplateId: hub.external_id,
    });
    expect(await rowNamed(ds, c.companyId, 'en_revision', 'en_US')).toMatchObject({
      origin: 'imported',
      status: 'submitted',
      rawStatus: 'PENDING',
      providerTemplateId: review.external_id,
    });
    expect(await rowNamed(ds, c.companyId, 'borrada')).toBeUndefined();

    const again = await sync(c);
    expect(again.body).toEqual({ imported: 0, updated: 0, total: 4 });

    // A webhook for an imported template finds it by Meta's id (sent after the sync read the list).
    const approval = statusWebhook(
      c.waba,
      { event: 'APPROVED', id: review.external_id, name: 'en_revision', language: 'en_US' },
      Math.floor(Date.now() / 1000) + 60,
    );
    expect((await postWebhook(c, approval)).status).toBe(200);
    expect(await rowNamed(ds, c.companyId, 'en_revision', 'en_US')).toMatchObject({ status: 'accepted' });
  });

  it("refuses another company's channel and answers 360dialog's failures with their codes", async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    const foreign = await sync(c, other.channelId);
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    d360.routeOnce('GET', '/v1/configs/templates', { status: 503, body: 'Service Unavailable' });
    const down = await sync(c);
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('PROVIDER_UNAVAILABLE');
    dialogHub.revoke(c.apiKey);
    const revoked = await sync(c);
    expect(revoked.status).toBe(400);
    expect(revoked.body.code).toBe('PROVIDER_AUTH_ERROR');
    expect(d360.requests.every((r) => r.headers['d360-api-key'] === c.apiKey)).toBe(true);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
  });
});

describe('a 360dialog number: DELETE /api/whatsappTemplate', () => {
  it('deletes the name at 360dialog (every language) once nothing uses it', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    expect((await create(c, { name: 'adios', components: components('Hasta luego') })).status).toBe(200);
    expect(
      (await create(c, { name: 'adios', language: 'en_US', components: components('Goodbye') })).status,
    ).toBe(200);
    const [es, en] = (await rowsOf(ds, c.companyId)).map((row: { id: number }) => row.id);
    await ds.query(
      `INSERT INTO welcome_messages ("companyId", "channelId", "templateId") VALUES ($1, $2, $3)`,
      [c.companyId, c.channelId, en],
    );
    d360.reset();
    const inUse = await remove(c, 'adios');
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({
      code: 'TEMPLATE_IN_USE',
      field: 'templateName',
      details: { usage: 'welcomeMessages', followUps: 0, botFollowUps: 0, welcomeMessages: 1 },
    });
    expect(inUse.body.userMessage).toContain(`el mensaje de bienvenida del canal "WhatsApp +${c.phone}"`);
    expect(d360.requests).toEqual([]);

    await ds.query(`DELETE FROM welcome_messages WHERE "companyId" = $1`, [c.companyId]);
    const gone: number[] = [];
    socket.on('whatsappTemplateDeleted', (payload: { id: number }) => gone.push(payload.id));
    const res = await remove(c, 'adios');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(d360.lines()).toEqual(['DELETE /v1/configs/templates/adios']);
    expect(d360.requests[0].headers['d360-api-key']).toBe(c.apiKey);
    expect(d360.requests[0].body).toBe('');
    expect(dialogHub.account(c.apiKey)).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
    await waitFor(
      async () => gone.length,
      (n) => n === 2,
      3000,
    );
    expect([...gone].sort((a, b) => a - b)).toEqual([es, en]);
  });

  it('keeps the template when 360dialog fails, follows a delete done in the Hub, refuses other companies', async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    expect((await create(c, { name: 'se_queda', components: components('Hola') })).status).toBe(200);
    d360.reset();
    d360.routeOnce('DELETE', () => true, gatewayError(500, 'Internal error'));
    const failed = await remove(c, 'se_queda');
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ code: 'ERROR_DELETING_WHATSAPPTEMPLATE', field: 'templateName' });
    expect(await rowNamed(ds, c.companyId, 'se_queda')).toBeDefined();

    const foreign = await api(t, 'delete', '/whatsappTemplate', other.token).send({
      templateName: 'se_queda',
      channelId: c.channelId,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    const unknown = await remove(c, 'no_existe');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', field: 'templateName' });

    // Deleted in the 360dialog Hub meanwhile: 360dialog no longer has it, so ours goes too.
    dialogHub.account(c.apiKey).length = 0;
    d360.reset();
    const res = await remove(c, 'se_queda');
    expect(res.status).toBe(200);
    expect(d360.lines()).toEqual(['DELETE /v1/configs/templates/se_queda']);
    expect(await rowNamed(ds, c.companyId, 'se_queda')).toBeUndefined();
  });
});

describe('a 360dialog number: nothing half-stored', () => {
  // Our table refuses the row after 360dialog took the template (a trigger stands for any storage failure).
  it('withdraws the template at 360dialog by its name when our table does not take it', async () => {
    const c = await freshCompany();
    const res = await failingInserts(ds, 'no_se_guarda', () =>
      create(c, { name: 'no_se_guarda', components: components('Hola') }),
    );
    expect(res.status).toBe(500);
    expect(d360.lines()).toEqual(['POST /v1/configs/templates', 'DELETE /v1/configs/templates/no_se_guarda']);
    expect(dialogHub.account(c.apiKey)).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
  });

  it('imports it by a sync instead when deleting the name would take its other languages', async () => {
    const c = await freshCompany();
    expect(
      (await create(c, { name: 'bilingue', language: 'en_US', components: components('Hi') })).status,
    ).toBe(200);
    d360.reset();
    const res = await failingInserts(ds, 'bilingue', () =>
      create(c, { name: 'bilingue', components: components('Hola') }),
    );
    expect(res.status).toBe(500);
    const imported = await waitFor(
      () => rowNamed(ds, c.companyId, 'bilingue'),
      (row) => row !== undefined,
    );
    expect(imported).toMatchObject({
      origin: 'imported',
      status: 'submitted',
      rawStatus: 'PENDING',
      providerTemplateId: dialogHub.account(c.apiKey).find((item) => item.language === 'es_MX')?.external_id,
    });
    expect(d360.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(
      dialogHub
        .account(c.apiKey)
        .map((item) => item.language)
        .sort(),
    ).toEqual(['en_US', 'es_MX']);
    expect(await rowNamed(ds, c.companyId, 'bilingue', 'en_US')).toMatchObject({ origin: 'created' });
  });
});
