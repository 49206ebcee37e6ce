import { buildTemplateComponents, type TemplateComponent, type TemplateView } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobQueueService } from '../src/jobs/job-queue.service';
import { FakeProviderServer } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';
import {
  addChannel,
  api,
  createTemplate,
  failingInserts,
  GRAPH_HEADER_HANDLE,
  GRAPH_UPLOAD_SESSION,
  type GraphTemplateAccounts,
  JPEG,
  newCompany,
  routeGraphTemplates,
  rowNamed,
  rowsOf,
  statusWebhook,
  uniqueNumber,
  waitFor,
} from './template-helpers';
import { postWhatsapp } from './webhook-helpers';

// Issue 16: WhatsApp templates over HTTP, against a fake Graph API and a fake 360dialog on 127.0.0.1 that record
// every request, the sandbox's simulated review, status webhooks, syncs and the delete guard.

let t: TestApp;
let ds: TestSql;
/** Graph API (under /v25.0) and 360dialog (under /d360) on one loopback server, answering by route like the real ones. */
let meta: FakeProviderServer;
let accounts: GraphTemplateAccounts;
const sockets: Socket[] = [];

beforeAll(async () => {
  meta = await FakeProviderServer.start();
  accounts = routeGraphTemplates(meta, 1689556908000000);
  // 360dialog: the header upload, and an account that takes every template and lists none.
  meta
    .route('POST', '/d360/uploads', { status: 200, body: { id: GRAPH_UPLOAD_SESSION } })
    .route('POST', /^\/d360\/upload:/, { status: 200, body: { h: GRAPH_HEADER_HANDLE } })
    .route('GET', '/d360/v1/configs/templates', {
      status: 200,
      body: { waba_templates: [], count: 0, total: 0, offset: 0, limit: 1000 },
    })
    .route('POST', '/d360/v1/configs/templates', () => ({
      status: 200,
      body: { id: accounts.nextId(), status: 'PENDING', category: 'UTILITY' },
    }));
  t = await startTestApp({
    WHATSAPP_GRAPH_URL: `${meta.url}/v25.0`,
    DIALOG360_URL: `${meta.url}/d360`,
    SANDBOX_TEMPLATE_DELAY_MS: '400',
    JOB_POLL_MS: '100',
  });
  ds = testSql();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await meta.close();
});
beforeEach(() => meta.reset());

// ---------------------------------------------------------------------------------------------------------
// Companies and channels of each test.

interface Company {
  token: string;
  companyId: number;
  /** WhatsApp Cloud API channel and its account. */
  cloud: number;
  waba: string;
  sandbox: number;
  messenger: number;
  dialog: number;
  dialogPhone: string;
}

async function freshCompany(): Promise<Company> {
  const { token, companyId } = await newCompany(t, ds, 'plantillas');
  const n = uniqueNumber();
  const waba = String(102290000000000 + n);
  const dialogPhone = `52155${String(n).slice(-8).padStart(8, '0')}`;
  const channel = (platform: string, providerId: string, secret: string | null) =>
    addChannel(t, ds, companyId, platform, providerId, secret);
  return {
    token,
    companyId,
    waba,
    cloud: await channel('whatsapp_cloud', String(106540000000000 + n), `token-${waba}`),
    sandbox: await channel('sandbox', `sandbox-tpl-${n}`, null),
    messenger: await channel('messenger', `page-tpl-${n}`, 'page-token'),
    dialog: await channel('dialog360', dialogPhone, 'd360-key'),
    dialogPhone,
  };
}

function components(
  text: string,
  examples: string[] = [],
  extra: Partial<{ header: TemplateComponent }> = {},
) {
  const built = buildTemplateComponents({ text, examples });
  return extra.header ? [extra.header, ...built] : built;
}

function create(c: Company, body: Record<string, unknown>) {
  return createTemplate(t, c.token, c.cloud, body);
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function uploadMedia(c: Company, channelId: number, file: Buffer, filename: string, headerType?: string) {
  const req = api(t, 'post', '/whatsappTemplate/media', c.token)
    .field('channelId', String(channelId))
    .attach('file', file, { filename });
  return headerType ? req.field('headerType', headerType) : req;
}

// ---------------------------------------------------------------------------------------------------------

describe('POST /api/identify-variables', () => {
  it('proposes numbered variables with their examples and a category, as the spec shapes it', async () => {
    const c = await freshCompany();
    const text = 'Hola Ana, tu pedido A-12345 llega el 5 de mayo.';
    const res = await api(t, 'post', '/identify-variables', c.token).send({
      text,
      isIdentifyVariables: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.category).toBe('utility');
    expect(res.body.proposal.originalText).toBe(text);
    expect(res.body.proposal.text).toMatch(/\{\{1\}\}.*\{\{2\}\}/);
    expect(JSON.parse(res.body.variables)).toEqual(res.body.proposal.variables);
    expect(res.body.proposal.variables.map((v: { example: string }) => v.example)).toContain('Ana');

    const categoryOnly = await api(t, 'post', '/identify-variables', c.token).send({
      text: '¡Aprovecha 30% de descuento en toda la tienda este fin de semana!',
    });
    expect(categoryOnly.status).toBe(200);
    expect(categoryOnly.body).toMatchObject({ category: 'marketing', variables: null });
    expect(categoryOnly.body.proposal.variables).toEqual([]);
  });

  it('falls back to utility without variables on an empty text, refuses a text that is not a string', async () => {
    const c = await freshCompany();
    const empty = await api(t, 'post', '/identify-variables', c.token).send({
      text: '',
      isIdentifyVariables: true,
    });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ category: 'utility', variables: '[]' });
    const bad = await api(t, 'post', '/identify-variables', c.token).send({ text: 42 });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'text' });
  });

  it('needs the whatsappTemplate permission', async () => {
    const agente = await login(t, 'agente@demo.local');
    const res = await api(t, 'post', '/identify-variables', agente).send({ text: 'Hola' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });
});

describe('header media, then the template (WhatsApp Cloud API)', () => {
  it('uploads the header through the resumable upload and submits the template with its handle', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    const media = await uploadMedia(c, c.cloud, JPEG, 'promo.jpg');
    expect(media.status).toBe(200);
    expect(media.body).toMatchObject({
      handle: '4::aW1hZ2U=:ARYmVnVHo0f',
      mimeType: 'image/jpeg',
      fileName: 'promo.jpg',
      size: JPEG.length,
    });
    const session = meta.to('POST', /\/uploads/)[0];
    expect(Object.fromEntries(session.query)).toEqual({
      file_name: 'promo.jpg',
      file_length: String(JPEG.length),
      file_type: 'image/jpeg',
    });
    expect(session.headers.authorization).toBe(`Bearer token-${c.waba}`);
    const bytes = meta.to('POST', /\/upload:/)[0];
    expect(bytes.raw.equals(JPEG)).toBe(true);
    expect(bytes.headers.authorization).toBe(`OAuth token-${c.waba}`);
    // Our copy is public by its unguessable URL, for previews.
    const copy = await t.http.get(new URL(media.body.url).pathname);
    expect(copy.status).toBe(200);

    meta.reset();
    const updated = nextEvent<TemplateView>(socket, 'whatsappTemplateUpdated');
    const body = buildTemplateComponents({
      text: 'Hola {{1}}, tu pedido {{2}} está listo.',
      examples: ['Ana', 'A-123'],
      header: { type: 'imagen', handle: media.body.url, mimeType: 'image/jpeg' },
      footer: 'Gracias por tu compra',
    });
    const res = await create(c, { name: 'pedido_listo', components: body });
    expect(res.status).toBe(200);
    const view = res.body.createWhatsappTemplate as TemplateView;
    expect(view).toMatchObject({
      channelId: c.cloud,
      channel: { id: c.cloud, providerId: expect.any(String) },
      name: 'pedido_listo',
      language: 'es_MX',
      status: 'submitted',
      rawStatus: 'PENDING',
      reason: null,
      type: 'NORMAL_TEMPLATE',
      category: 'utility',
      variables: 2,
    });
    // The preview's header is our copy; the provider got its own handle.
    expect(view.components).toEqual(body);
    expect(meta.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v25.0/${c.waba}/message_templates`,
    ]);
    expect(JSON.parse(meta.requests[0].body)).toEqual({
      name: 'pedido_listo',
      language: 'es_MX',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U=:ARYmVnVHo0f'] } },
        {
          type: 'BODY',
          text: 'Hola {{1}}, tu pedido {{2}} está listo.',
          example: { body_text: [['Ana', 'A-123']] },
        },
        { type: 'FOOTER', text: 'Gracias por tu compra' },
      ],
    });
    expect(await updated).toEqual(view);
    const row = await rowNamed(ds, c.companyId, 'pedido_listo');
    expect(row).toMatchObject({
      origin: 'created',
      providerAccountId: c.waba,
      providerTemplateId: expect.stringMatching(/^\d+$/),
    });
  });

  it('takes a text header and a document header, and refuses media of another channel', async () => {
    const c = await freshCompany();
    const text = await create(c, {
      name: 'con_titulo',
      language: 'en_US',
      components: components('Your order is ready.', [], {
        header: { type: 'HEADER', format: 'TEXT', text: 'Order' },
      }),
    });
    expect(text.status).toBe(200);
    expect(JSON.parse(meta.to('POST', /\/message_templates/)[0].body).components[0]).toEqual({
      type: 'HEADER',
      format: 'TEXT',
      text: 'Order',
    });
    const pdf = await uploadMedia(c, c.cloud, PDF, 'catalogo.pdf');
    expect(pdf.status).toBe(200);
    const doc = await create(c, {
      name: 'con_documento',
      components: components('Te compartimos el catálogo.', [], {
        header: { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: [pdf.body.url] } },
      }),
    });
    expect(doc.status).toBe(200);
    expect(doc.body.createWhatsappTemplate.components[0]).toEqual({
      type: 'HEADER',
      format: 'DOCUMENT',
      example: { header_handle: [pdf.body.url] },
    });
    const elsewhere = await create(c, {
      name: 'otro_canal',
      channelId: c.dialog,
      components: components('Te compartimos el catálogo.', [], {
        header: { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: [pdf.body.url] } },
      }),
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.field).toBe('header');
  });

  it("takes the spec's component shape {format, text, exampleBody.body_text, exampleHeader.header_handle}", async () => {
    const c = await freshCompany();
    const media = await uploadMedia(c, c.cloud, JPEG, 'promo.jpg');
    expect(media.status).toBe(200);
    meta.reset();
    // 02 §3 / 01 §3: one component carrying the text, the body examples and the header media's URL.
    const res = await create(c, {
      name: 'forma_del_spec',
      components: [
        {
          format: 'IMAGE',
          text: 'Hola {{1}}, tu pedido {{2}} está listo.',
          exampleBody: { body_text: [['Ana', 'A-123']] },
          exampleHeader: { header_handle: [media.body.url] },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.createWhatsappTemplate).toMatchObject({ name: 'forma_del_spec', variables: 2 });
    expect(JSON.parse(meta.to('POST', /\/message_templates/)[0].body).components).toEqual([
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U=:ARYmVnVHo0f'] } },
      {
        type: 'BODY',
        text: 'Hola {{1}}, tu pedido {{2}} está listo.',
        example: { body_text: [['Ana', 'A-123']] },
      },
    ]);
    // Without the examples its variables need, the spec-shaped body is refused like any other.
    const bare = await create(c, { name: 'sin_ejemplos', components: [{ text: 'Hola {{1}}' }] });
    expect(bare.status).toBe(400);
    expect(bare.body.field).toBe('variables');
  });

  it('refuses media that is not a template file, or that does not fit the header', async () => {
    const c = await freshCompany();
    const text = await uploadMedia(c, c.cloud, Buffer.from('hola'), 'notas.txt');
    expect(text.status).toBe(400);
    expect(text.body.field).toBe('file');
    const pdfAsImage = await uploadMedia(c, c.cloud, PDF, 'catalogo.pdf', 'imagen');
    expect(pdfAsImage.status).toBe(400);
    expect(pdfAsImage.body.field).toBe('file');
    const none = await api(t, 'post', '/whatsappTemplate/media', c.token).field('channelId', String(c.cloud));
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('file');
    const messenger = await uploadMedia(c, c.messenger, JPEG, 'promo.jpg');
    expect(messenger.status).toBe(400);
    expect(messenger.body.code).toBe('TEMPLATES_NOT_SUPPORTED');
    const other = await freshCompany();
    const foreign = await uploadMedia(c, other.cloud, JPEG, 'promo.jpg');
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    expect(meta.requests).toEqual([]);
  });

  it('answers the provider’s refusal as its code, and stores nothing', async () => {
    const c = await freshCompany();
    meta.routeOnce('POST', /^\/v25\.0\/\d+\/upload/, {
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100, error_subcode: 2388047 } },
    });
    const failed = await uploadMedia(c, c.cloud, JPEG, 'promo.jpg');
    expect(failed.status).toBe(400);
    expect(failed.body.field).toBe('header');
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM whatsapp_template_media WHERE "companyId" = $1`,
      [c.companyId],
    );
    expect(n).toBe(0);
  });
});

describe('POST /api/whatsappTemplate rules', () => {
  it('answers every refused part with its field and Spanish text, without calling the provider', async () => {
    const c = await freshCompany();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: 'Pedido Listo', components: components('Hola') }, 'name', 'VALIDATION_ERROR'],
      [{ name: '', components: components('Hola') }, 'name', 'VALIDATION_ERROR'],
      [{ name: 'x'.repeat(513), components: components('Hola') }, 'name', 'VALIDATION_ERROR'],
      [{ name: 'sin_texto', components: [] }, 'text', 'EMPTY_EDITOR_CONTENT_ERROR'],
      [{ name: 'texto_blanco', components: components('   ') }, 'text', 'EMPTY_EDITOR_CONTENT_ERROR'],
      [{ name: 'muy_largo', components: components('a'.repeat(1025)) }, 'text', 'INPUT_SIZE_LIMIT_ERROR'],
      [{ name: 'sin_tipo', type: undefined, components: components('Hola') }, 'type', 'EMPTY_TYPE_ERROR'],
      [{ name: 'tipo_raro', type: 'OTRO', components: components('Hola') }, 'type', 'EMPTY_TYPE_ERROR'],
      [
        { name: 'sin_cat', category: null, components: components('Hola') },
        'category',
        'EMPTY_CATEGORY_ERROR',
      ],
      [
        { name: 'saltos', components: components('Hola {{1}} y {{3}} ok', ['a', 'b', 'c']) },
        'variables',
        'VALIDATION_ERROR',
      ],
      [
        { name: 'sin_ejemplo', components: components('Hola {{1}}, gracias.') },
        'variables',
        'VALIDATION_ERROR',
      ],
      [
        { name: 'al_borde', components: components('{{1}} gracias', ['Ana']) },
        'variables',
        'VALIDATION_ERROR',
      ],
      [
        {
          name: 'titulo_largo',
          components: components('Hola', [], {
            header: { type: 'HEADER', format: 'TEXT', text: 'x'.repeat(61) },
          }),
        },
        'header',
        'VALIDATION_ERROR',
      ],
      [
        {
          name: 'sin_archivo',
          components: components('Hola', [], {
            header: {
              type: 'HEADER',
              format: 'IMAGE',
              example: { header_handle: ['https://otro.example/a.jpg'] },
            },
          }),
        },
        'header',
        'VALIDATION_ERROR',
      ],
      [
        { name: 'idioma', language: 'español', components: components('Hola') },
        'language',
        'VALIDATION_ERROR',
      ],
      [
        { name: 'botones', components: [...components('Hola'), { type: 'BUTTONS', buttons: [] }] },
        'components',
        'VALIDATION_ERROR',
      ],
      [
        { name: 'pie', components: [...components('Hola'), { type: 'FOOTER', text: 'x'.repeat(61) }] },
        'footer',
        'VALIDATION_ERROR',
      ],
      [{ name: 'no_lista', components: 'BODY' }, 'components', 'VALIDATION_ERROR'],
      [{ name: 'canal', channelId: 'uno', components: components('Hola') }, 'channelId', 'VALIDATION_ERROR'],
    ];
    for (const [body, field, code] of cases) {
      const res = await create(c, body);
      expect(res.status, field).toBe(400);
      expect(res.body.field, JSON.stringify(body).slice(0, 80)).toBe(field);
      expect(res.body.code, field).toBe(code);
      expect(res.body.userMessage, field).toMatch(/\S/);
      expect(res.body.fields?.[field], field).toBe(res.body.userMessage);
    }
    const tooLong = await create(c, { name: 'muy_largo', components: components('a'.repeat(1025)) });
    expect(tooLong.body.userMessage).toBe('El mensaje no debe exceder los 1024 caracteres');
    expect(meta.requests).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
  });

  it("refuses another company's channel and a channel without templates", async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    const foreign = await create(c, {
      name: 'ajena',
      channelId: other.cloud,
      components: components('Hola'),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    const messenger = await create(c, {
      name: 'messenger',
      channelId: c.messenger,
      components: components('Hola'),
    });
    expect(messenger.status).toBe(400);
    expect(messenger.body.code).toBe('TEMPLATES_NOT_SUPPORTED');
    expect(meta.requests).toEqual([]);
  });

  it('refuses a name the channel has in that language, and the provider’s name refusals, storing nothing', async () => {
    const c = await freshCompany();
    expect((await create(c, { name: 'aviso', components: components('Hola') })).status).toBe(200);
    meta.reset();
    const again = await create(c, { name: 'aviso', components: components('Otra vez') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'TEMPLATE_ALREADY_EXISTS', field: 'name' });
    expect(again.body.userMessage).toBe('Ya existe una plantilla con ese nombre.');
    expect(meta.requests).toEqual([]);
    // Another language of the name is another template.
    expect(
      (await create(c, { name: 'aviso', language: 'en_US', components: components('Hello') })).status,
    ).toBe(200);

    const graphError = (subcode: number, title: string) => ({
      status: 400,
      body: {
        error: { message: 'Invalid parameter', code: 100, error_subcode: subcode, error_user_title: title },
      },
    });
    meta.routeOnce('POST', /message_templates/, graphError(2388024, 'Message template already exists'));
    const taken = await create(c, { name: 'tomado', components: components('Hola') });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'TEMPLATE_ALREADY_EXISTS', field: 'name' });
    meta.routeOnce('POST', /message_templates/, graphError(2388023, 'Message template is being deleted'));
    const deleting = await create(c, { name: 'borrandose', components: components('Hola') });
    expect(deleting.status).toBe(409);
    expect(deleting.body).toMatchObject({ code: 'TEMPLATE_NAME_NOT_AVAILABLE', field: 'name' });
    meta.routeOnce('POST', /message_templates/, {
      status: 400,
      body: {
        error: { message: 'Invalid parameter', code: 100, error_user_msg: 'The body text is invalid' },
      },
    });
    const refused = await create(c, { name: 'rechazada', components: components('Hola') });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'TEMPLATE_ERROR', field: 'text' });
    meta.routeOnce('POST', /message_templates/, {
      status: 503,
      body: { error: { message: 'down', code: 2 } },
    });
    const down = await create(c, { name: 'caida', components: components('Hola') });
    expect(down.body.code).toBe('PROVIDER_UNAVAILABLE');
    const names = (await rowsOf(ds, c.companyId)).map((row: { name: string }) => row.name);
    expect(names).toEqual(['aviso', 'aviso']);
  });

  it('stops at 5 templates created by the company (02 §9); imported ones do not count', async () => {
    const c = await freshCompany();
    await ds.query(
      `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, origin) VALUES ($1, $2, 'importada', 'es_MX', 'imported')`,
      [c.companyId, c.cloud],
    );
    for (let i = 1; i <= 5; i += 1) {
      const res = await create(c, { name: `plantilla_${i}`, components: components('Hola') });
      expect(res.status, `template ${i}`).toBe(200);
    }
    meta.reset();
    const sixth = await create(c, {
      name: 'plantilla_6',
      channelId: c.sandbox,
      components: components('Hola'),
    });
    expect(sixth.status).toBe(400);
    expect(sixth.body).toMatchObject({
      code: 'WHATSAPP_TEMPLATES_LIMIT_REACHED',
      userMessage: 'Alcanzaste el límite de plantillas.',
    });
    expect(meta.requests).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toHaveLength(6);
  });

  it('counts concurrent creations against the limit one at a time', async () => {
    const c = await freshCompany();
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        create(c, { name: `a_la_vez_${i}`, components: components('Hola') }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.body.code === 'WHATSAPP_TEMPLATES_LIMIT_REACHED')).toHaveLength(2);
    expect(await rowsOf(ds, c.companyId)).toHaveLength(5);
  });
});

describe('nothing half-stored', () => {
  // Our table refuses the row after the provider took the template (a trigger stands for any storage failure).
  it('withdraws the template at the provider (that one only, by its id) when our table does not take it', async () => {
    const c = await freshCompany();
    const res = await failingInserts(ds, 'no_se_guarda', () =>
      create(c, { name: 'no_se_guarda', components: components('Hola') }),
    );
    expect(res.status).toBe(500);
    expect(meta.to('POST', /\/message_templates/)).toHaveLength(1);
    const withdrawn = meta.to('DELETE', /\/message_templates/);
    expect(withdrawn).toHaveLength(1);
    expect(withdrawn[0].query.get('name')).toBe('no_se_guarda');
    expect(withdrawn[0].query.get('hsm_id')).toMatch(/^\d+$/);
    expect(accounts.account(c.waba)).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
  });

  it('imports it whole by a sync instead when a delete would take other languages of the name', async () => {
    const c = await freshCompany();
    expect(
      (await create(c, { name: 'bilingue', language: 'en_US', components: components('Hi') })).status,
    ).toBe(200);
    meta.reset();
    const res = await failingInserts(ds, 'bilingue', () =>
      create(c, { name: 'bilingue', components: components('Hola') }),
    );
    expect(res.status).toBe(500);
    expect(meta.to('DELETE', /\/message_templates/)).toEqual([]);
    const imported = await waitFor(
      () =>
        ds.query(`SELECT * FROM whatsapp_templates WHERE "companyId" = $1 AND language = 'es_MX'`, [
          c.companyId,
        ]),
      (rows: unknown[]) => rows.length > 0,
    );
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({
      name: 'bilingue',
      origin: 'imported',
      status: 'submitted',
      rawStatus: 'PENDING',
      providerTemplateId: String(accounts.account(c.waba).find((item) => item.language === 'es_MX')?.id),
    });
  });
});

describe('status webhooks (message_template_status_update)', () => {
  async function created(c: Company, name: string): Promise<{ id: number; providerId: string }> {
    const res = await create(c, { name, components: components('Hola, tu pedido va en camino.') });
    expect(res.status).toBe(200);
    const row = await rowNamed(ds, c.companyId, name);
    return { id: row.id, providerId: row.providerTemplateId };
  }

  async function post(
    c: Company,
    event: string,
    name: string,
    id: string | null,
    time: number,
    reason?: string,
  ) {
    const res = await postWhatsapp(
      t,
      statusWebhook(c.waba, { event, id, name, language: 'es_MX', reason }, time),
    );
    expect(res.status).toBe(200);
    return rowNamed(ds, c.companyId, name);
  }

  it('moves the template to accepted and tells the company, live', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    const { id, providerId } = await created(c, 'aprobada');
    const updated = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      3000,
      (v) => v.status === 'accepted',
    );
    const row = await post(c, 'APPROVED', 'aprobada', providerId, 1750263700);
    expect(row).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED', reason: null });
    expect(await updated).toMatchObject({
      id,
      status: 'accepted',
      rawStatus: 'APPROVED',
      channel: { id: c.cloud },
    });
  });

  it('ignores a late PENDING after APPROVED, and an older event after a newer one, in any order', async () => {
    const c = await freshCompany();
    const a = await created(c, 'orden_a');
    const b = await created(c, 'orden_b');
    // A: approved, then the submission's PENDING arrives late (even stamped later).
    await post(c, 'APPROVED', 'orden_a', a.providerId, 1750263700);
    expect(await post(c, 'PENDING', 'orden_a', a.providerId, 1750263800)).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
    // B: the same two the other way round end the same.
    await post(c, 'PENDING', 'orden_b', b.providerId, 1750263600);
    expect(await post(c, 'APPROVED', 'orden_b', b.providerId, 1750263700)).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
    // A rejection stamped before the approval changes nothing; a later pause does, and its end too.
    expect(await post(c, 'REJECTED', 'orden_a', a.providerId, 1750263650, 'INVALID_FORMAT')).toMatchObject({
      status: 'accepted',
    });
    expect(await post(c, 'PAUSED', 'orden_a', a.providerId, 1750263900)).toMatchObject({
      status: 'denied',
      rawStatus: 'PAUSED',
    });
    expect(await post(c, 'APPROVED', 'orden_a', a.providerId, 1750264000)).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
  });

  it('keeps the rejection reason, and finds the template by account, name and language when the id is lost', async () => {
    const c = await freshCompany();
    await created(c, 'sin_id');
    // An id beyond 2^53 has lost digits in JSON: the event carries none.
    const row = await post(c, 'REJECTED', 'sin_id', '98765432109876543210', 1750263700, 'INCORRECT_CATEGORY');
    expect(row).toMatchObject({ status: 'denied', rawStatus: 'REJECTED', reason: 'INCORRECT_CATEGORY' });
    const list = await api(t, 'get', `/whatsappTemplate/${c.companyId}`, c.token);
    expect(list.body.find((v: TemplateView) => v.name === 'sin_id')).toMatchObject({
      status: 'denied',
      rawStatus: 'REJECTED',
      reason: 'INCORRECT_CATEGORY',
    });
  });

  it("leaves other accounts' templates of the same name alone", async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    await created(c, 'mismo_nombre');
    const theirs = await created(other, 'mismo_nombre');
    await post(other, 'APPROVED', 'mismo_nombre', null, 1750263700);
    expect(await rowNamed(ds, c.companyId, 'mismo_nombre')).toMatchObject({ status: 'submitted' });
    expect(await rowNamed(ds, other.companyId, 'mismo_nombre')).toMatchObject({
      id: theirs.id,
      status: 'accepted',
    });
  });

  it('applies a status that arrives before the template is stored, once it is', async () => {
    const c = await freshCompany();
    const res = await postWhatsapp(
      t,
      statusWebhook(
        c.waba,
        { event: 'APPROVED', id: '1689556999999999', name: 'llega_antes', language: 'es_MX' },
        1750263700,
      ),
    );
    expect(res.status).toBe(200);
    // The template is stored just after (a provider that approves at once races our commit).
    await ds.query(
      `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, "providerTemplateId", origin)
       VALUES ($1, $2, 'llega_antes', 'es_MX', '1689556999999999', 'created')`,
      [c.companyId, c.cloud],
    );
    const row = await waitFor(
      () => rowNamed(ds, c.companyId, 'llega_antes'),
      (r: { status: string }) => r.status === 'accepted',
    );
    expect(row).toMatchObject({ status: 'accepted', rawStatus: 'APPROVED', providerAccountId: c.waba });
  });
});

describe('POST /api/whatsappTemplate/sync', () => {
  it('imports templates created elsewhere and reconciles statuses; a second sync changes nothing', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    expect((await create(c, { name: 'nuestra', components: components('Hola') })).status).toBe(200);
    const account = accounts.account(c.waba);
    account[0].status = 'APPROVED';
    account.push(
      {
        id: '1667192013751006',
        name: 'hecha_afuera',
        language: 'es_MX',
        category: 'MARKETING',
        status: 'REJECTED',
        rejected_reason: 'PROMOTIONAL',
        components: [{ type: 'BODY', text: 'Todo al 2x1 para {{1}}', example: { body_text: [['Ana']] } }],
      },
      {
        id: '1667192013751007',
        name: 'borrada',
        language: 'es_MX',
        category: 'UTILITY',
        status: 'DELETED',
        components: [],
      },
    );
    meta.reset();
    const imported = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      3000,
      (v) => v.name === 'hecha_afuera',
    );
    const res = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId: c.cloud });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 1, updated: 1, total: 3 });
    expect(meta.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v25.0/${c.waba}/message_templates`,
    ]);
    expect(await imported).toMatchObject({
      name: 'hecha_afuera',
      status: 'denied',
      rawStatus: 'REJECTED',
      reason: 'PROMOTIONAL',
      category: 'marketing',
      variables: 1,
    });
    expect(await rowNamed(ds, c.companyId, 'nuestra')).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
    });
    expect(await rowNamed(ds, c.companyId, 'hecha_afuera')).toMatchObject({
      origin: 'imported',
      providerTemplateId: '1667192013751006',
      providerAccountId: c.waba,
    });
    expect(await rowNamed(ds, c.companyId, 'borrada')).toBeUndefined();
    const again = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId: c.cloud });
    expect(again.body).toEqual({ imported: 0, updated: 0, total: 3 });
  });

  it("refuses another company's channel and answers the provider's failure", async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    const foreign = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId: other.cloud });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    const bad = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({});
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('channelId');
    meta.routeOnce('GET', /message_templates/, {
      status: 503,
      body: { error: { message: 'down', code: 2 } },
    });
    const down = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId: c.cloud });
    expect(down.body.code).toBe('PROVIDER_UNAVAILABLE');
  });
});

describe('GET /api/whatsappTemplate/{companyId} and the GraphQL whatsappTemplates', () => {
  it("lists the company's templates newest first, the same views as GraphQL", async () => {
    const c = await freshCompany();
    expect((await create(c, { name: 'primera', components: components('Hola') })).status).toBe(200);
    expect(
      (await create(c, { name: 'segunda', category: 'marketing', components: components('Oferta') })).status,
    ).toBe(200);
    const res = await api(t, 'get', `/whatsappTemplate/${c.companyId}`, c.token);
    expect(res.status).toBe(200);
    expect(res.body.map((v: TemplateView) => v.name)).toEqual(['segunda', 'primera']);
    expect(res.body[0]).toMatchObject({
      channel: { id: c.cloud, name: expect.any(String), providerId: expect.any(String) },
      status: 'submitted',
      category: 'marketing',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      origin: 'created',
    });
    const graph = await gql<{ whatsappTemplates: TemplateView[] }>(
      t,
      c.token,
      `query($channelId: Int) { whatsappTemplates(channelId: $channelId) {
        id channelId channel { id name providerId } name language status rawStatus reason type category components variables createdAt origin
      } }`,
      { channelId: c.cloud },
    );
    expect(graph.errors).toBeUndefined();
    const byName = [...res.body].sort((a: TemplateView, b: TemplateView) => a.name.localeCompare(b.name));
    expect(graph.data?.whatsappTemplates).toEqual(byName);
    const accepted = await gql<{ whatsappTemplates: TemplateView[] }>(
      t,
      c.token,
      `{ whatsappTemplates(status: "accepted") { id } }`,
    );
    expect(accepted.data?.whatsappTemplates).toEqual([]);
    // 01 §7 "whatsappTemplates where companyId": the caller's company gives the same list.
    const byCompany = await gql<{ whatsappTemplates: Array<{ name: string }> }>(
      t,
      c.token,
      'query($companyId: Int) { whatsappTemplates(companyId: $companyId) { name } }',
      { companyId: c.companyId },
    );
    expect(byCompany.errors).toBeUndefined();
    expect(byCompany.data?.whatsappTemplates.map((v) => v.name)).toEqual(['primera', 'segunda']);
  });

  it("answers 403 for another company's id and for a role without the permission", async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    const foreign = await api(t, 'get', `/whatsappTemplate/${other.companyId}`, c.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
    const foreignGraph = await gql(
      t,
      c.token,
      'query($companyId: Int) { whatsappTemplates(companyId: $companyId) { id } }',
      { companyId: other.companyId },
    );
    expect(foreignGraph.errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    const agente = await login(t, 'agente@demo.local');
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = 'agente@demo.local'`);
    expect((await api(t, 'get', `/whatsappTemplate/${companyId}`, agente)).status).toBe(403);
    const bad = await api(t, 'get', '/whatsappTemplate/abc', c.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('companyId');
  });
});

describe('DELETE /api/whatsappTemplate (02 §4 delete guard)', () => {
  async function clientOf(c: Company, name: string): Promise<number> {
    const n = uniqueNumber();
    const [row] = await ds.query(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [c.companyId, c.cloud, `${c.cloud}-5215${n}`, `5215${n}`, name],
    );
    return row.id;
  }

  it('refuses each combination of uses with its key and a message naming them; deletes when nothing uses it', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    expect((await create(c, { name: 'en_uso', components: components('Hola') })).status).toBe(200);
    expect(
      (await create(c, { name: 'en_uso', language: 'en_US', components: components('Hi') })).status,
    ).toBe(200);
    const [es, en] = (await rowsOf(ds, c.companyId)).map((row: { id: number }) => row.id);
    const clientId = await clientOf(c, 'Lucía Pérez');
    const [{ name: channelName }] = await ds.query(`SELECT name FROM channels WHERE id = $1`, [c.cloud]);
    const use = {
      followUp: () =>
        ds.query(
          `INSERT INTO follow_up_messages ("companyId", "clientId", "channelId", "sendAt", "templateId") VALUES ($1, $2, $3, now() + interval '1 day', $4)`,
          [c.companyId, clientId, c.cloud, es],
        ),
      bot: () =>
        ds.query(
          `INSERT INTO message_bot_configs ("companyId", "channelId", "templateId") VALUES ($1, $2, $3)`,
          [c.companyId, c.cloud, en],
        ),
      welcome: () =>
        ds.query(
          `INSERT INTO welcome_messages ("companyId", "channelId", "templateId") VALUES ($1, $2, $3)`,
          [c.companyId, c.cloud, es],
        ),
    };
    const clear = async () => {
      for (const table of ['follow_up_messages', 'message_bot_configs', 'welcome_messages'])
        await ds.query(`DELETE FROM ${table} WHERE "companyId" = $1`, [c.companyId]);
    };
    const combinations: Array<
      [
        Array<keyof typeof use>,
        string,
        { followUps: number; botFollowUps: number; welcomeMessages: number },
        string,
      ]
    > = [
      [
        ['followUp', 'bot', 'welcome'],
        'all',
        { followUps: 1, botFollowUps: 1, welcomeMessages: 1 },
        'la usan',
      ],
      [
        ['followUp'],
        'followUp',
        { followUps: 1, botFollowUps: 0, welcomeMessages: 0 },
        'el mensaje programado para "Lucía Pérez"',
      ],
      [
        ['bot'],
        'botFollowUp',
        { followUps: 0, botFollowUps: 1, welcomeMessages: 0 },
        `el bot de seguimiento "${channelName}"`,
      ],
      [
        ['welcome'],
        'welcomeMessages',
        { followUps: 0, botFollowUps: 0, welcomeMessages: 1 },
        `el mensaje de bienvenida del canal "${channelName}"`,
      ],
      [
        ['followUp', 'bot'],
        'followUpAndBot',
        { followUps: 1, botFollowUps: 1, welcomeMessages: 0 },
        'y el bot',
      ],
      [
        ['bot', 'welcome'],
        'botFollowUpAndWelcome',
        { followUps: 0, botFollowUps: 1, welcomeMessages: 1 },
        'y el mensaje de bienvenida',
      ],
      [
        ['followUp', 'welcome'],
        'followUpAndwelcome',
        { followUps: 1, botFollowUps: 0, welcomeMessages: 1 },
        'y el mensaje de bienvenida',
      ],
    ];
    meta.reset();
    for (const [uses, key, counts, words] of combinations) {
      await clear();
      for (const u of uses) await use[u]();
      const res = await api(t, 'delete', '/whatsappTemplate', c.token).send({
        templateName: 'en_uso',
        channelId: c.cloud,
      });
      expect(res.status, key).toBe(409);
      expect(res.body, key).toMatchObject({
        code: 'TEMPLATE_IN_USE',
        field: 'templateName',
        details: { usage: key, ...counts },
      });
      expect(res.body.userMessage, key).toContain('No se puede eliminar la plantilla porque');
      expect(res.body.userMessage, key).toContain(words);
    }
    expect(meta.requests).toEqual([]);
    expect(await rowsOf(ds, c.companyId)).toHaveLength(2);

    // A follow-up already sent no longer uses it.
    await clear();
    await use.followUp();
    await ds.query(`UPDATE follow_up_messages SET status = 'sent' WHERE "companyId" = $1`, [c.companyId]);
    const deleted = nextEvent<{ id: number; channelId: number }>(socket, 'whatsappTemplateDeleted');
    const res = await api(t, 'delete', '/whatsappTemplate', c.token).send({
      templateName: 'en_uso',
      channelId: c.cloud,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(meta.requests.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
      `DELETE /v25.0/${c.waba}/message_templates?name=en_uso`,
    ]);
    expect(await rowsOf(ds, c.companyId)).toEqual([]);
    expect([es, en]).toContain((await deleted).id);
  });

  it('answers 404 for an unknown name, keeps the template when the provider fails, refuses other companies', async () => {
    const c = await freshCompany();
    const other = await freshCompany();
    const unknown = await api(t, 'delete', '/whatsappTemplate', c.token).send({
      templateName: 'no_existe',
      channelId: c.cloud,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'TEMPLATE_NOT_FOUND', field: 'templateName' });
    expect((await create(c, { name: 'falla', components: components('Hola') })).status).toBe(200);
    meta.routeOnce('DELETE', /message_templates/, {
      status: 500,
      body: { error: { message: 'boom', code: 1 } },
    });
    const failed = await api(t, 'delete', '/whatsappTemplate', c.token).send({
      templateName: 'falla',
      channelId: c.cloud,
    });
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe('ERROR_DELETING_WHATSAPPTEMPLATE');
    expect(await rowNamed(ds, c.companyId, 'falla')).toBeDefined();
    const foreign = await api(t, 'delete', '/whatsappTemplate', other.token).send({
      templateName: 'falla',
      channelId: c.cloud,
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
    const noName = await api(t, 'delete', '/whatsappTemplate', c.token).send({ channelId: c.cloud });
    expect(noName.status).toBe(400);
    expect(noName.body.field).toBe('templateName');
    // Gone at the provider already (deleted in WhatsApp Manager): ours goes too.
    meta.routeOnce('DELETE', /message_templates/, {
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100, error_subcode: 2593002 } },
    });
    const gone = await api(t, 'delete', '/whatsappTemplate', c.token).send({
      templateName: 'falla',
      channelId: c.cloud,
    });
    expect(gone.status).toBe(200);
    expect(await rowNamed(ds, c.companyId, 'falla')).toBeUndefined();
  });
});

describe('the sandbox channel', () => {
  it('submits, then approves a few moments later through the status path; #fallo is rejected', async () => {
    const c = await freshCompany();
    const socket = await connect(c.token);
    const media = await uploadMedia(c, c.sandbox, JPEG, 'promo.jpg');
    expect(media.status).toBe(200);
    expect(media.body.handle).toMatch(/^sandbox-media\./);
    const approved = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      8000,
      (v) => v.name === 'de_prueba' && v.status === 'accepted',
    );
    const rejected = nextEvent<TemplateView>(
      socket,
      'whatsappTemplateUpdated',
      8000,
      (v) => v.name === 'con_fallo' && v.status === 'denied',
    );
    const res = await create(c, {
      name: 'de_prueba',
      channelId: c.sandbox,
      components: buildTemplateComponents({
        text: 'Hola {{1}}, bienvenido.',
        examples: ['Ana'],
        header: { type: 'imagen', handle: media.body.url, mimeType: 'image/jpeg' },
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.createWhatsappTemplate).toMatchObject({ status: 'submitted', rawStatus: 'PENDING' });
    const bad = await create(c, {
      name: 'con_fallo',
      channelId: c.sandbox,
      components: components('Prueba #fallo'),
    });
    expect(bad.status).toBe(200);
    expect(await approved).toMatchObject({ rawStatus: 'APPROVED', reason: null });
    expect(await rejected).toMatchObject({ rawStatus: 'REJECTED', reason: 'INVALID_FORMAT' });
    const again = await create(c, {
      name: 'de_prueba',
      language: 'en_US',
      channelId: c.sandbox,
      components: components('Hi'),
    });
    expect(again.status).toBe(200);
    const sync = await api(t, 'post', '/whatsappTemplate/sync', c.token).send({ channelId: c.sandbox });
    expect(sync.body).toMatchObject({ imported: 0, total: 3 });
    const del = await api(t, 'delete', '/whatsappTemplate', c.token).send({
      templateName: 'de_prueba',
      channelId: c.sandbox,
    });
    expect(del.status).toBe(200);
    expect((await rowsOf(ds, c.companyId)).map((r: { name: string }) => r.name)).toEqual(['con_fallo']);
    expect(meta.requests).toEqual([]);
  });
});

describe('360dialog', () => {
  it("submits with the channel's key and follows the status its per-number webhook posts", async () => {
    const c = await freshCompany();
    const res = await create(c, {
      name: 'por_dialog',
      channelId: c.dialog,
      components: components('Hola {{1}}, gracias.', ['Ana']),
    });
    expect(res.status).toBe(200);
    const [request] = meta.to('POST', '/d360/v1/configs/templates');
    expect(request.headers['d360-api-key']).toBe('d360-key');
    expect(JSON.parse(request.body)).toEqual({
      name: 'por_dialog',
      language: 'es_MX',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hola {{1}}, gracias.', example: { body_text: [['Ana']] } }],
    });
    // 360dialog's webhook names the number in its URL; the account id is one we never saw.
    const body = statusWebhook(
      '999000111',
      { event: 'APPROVED', id: null, name: 'por_dialog', language: 'es_MX' },
      1750263700,
    );
    const hook = await t.http
      .post(`/webhooks/360dialog/${c.dialogPhone}`)
      .set('Content-Type', 'application/json')
      .set('x-webhook-token', 'dev-360dialog-webhook-token')
      .send(body);
    expect(hook.status).toBe(200);
    expect(await rowNamed(ds, c.companyId, 'por_dialog')).toMatchObject({
      status: 'accepted',
      rawStatus: 'APPROVED',
      providerAccountId: '999000111',
    });
  });
});

// Last: the daily tick syncs every channel of every company of the run.
describe('the daily sync', () => {
  it('runs daily for every channel with templates, through Graphile cron', async () => {
    const c = await freshCompany();
    accounts.account(c.waba).push({
      id: '1667192013759999',
      name: 'diaria',
      language: 'es_MX',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Hola' }],
    });
    const [crontab] = await ds.query(
      `SELECT identifier FROM graphile_worker._private_known_crontabs WHERE identifier = 'templates-sync-daily'`,
    );
    expect(crontab).toBeDefined();
    // The cron's job, as Graphile adds it at 04:17 UTC.
    await (t.app.get(JobQueueService) as JobQueueService).enqueue('templates-sync-daily', {});
    const row = await waitFor(
      () => rowNamed(ds, c.companyId, 'diaria'),
      (r) => r !== undefined,
      15000,
    );
    expect(row).toMatchObject({ status: 'accepted', origin: 'imported' });
  });
});
