import { buildTemplateComponents } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChannelCredentials,
  ProviderValidationError,
  type TemplateProviderPort,
  type TemplateSubmission,
} from '../channel-provider';
import { closedPortUrl, FakeProviderServer, rejection } from './__fixtures__/fake-provider-server';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';

const TOKEN = 'EAAG-system-user-token';
const channel: ChannelCredentials = {
  platform: 'whatsapp_cloud',
  providerId: '106540352242922',
  accessToken: TOKEN,
  phone: '15550783881',
};

/** GET /debug_token of a system user token that manages one account. */
function debugToken(wabaIds: string[], appId = '670843887433847') {
  return {
    status: 200,
    body: {
      data: {
        app_id: appId,
        application: 'Charla CRM',
        type: 'SYSTEM_USER',
        is_valid: true,
        scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
        granular_scopes: [
          { scope: 'whatsapp_business_management', target_ids: wabaIds },
          { scope: 'whatsapp_business_messaging', target_ids: wabaIds },
        ],
      },
    },
  };
}

function graphError(
  code: number,
  subcode: number | undefined,
  title?: string,
  message?: string,
  status = 400,
) {
  return {
    status,
    body: {
      error: {
        message: 'Invalid parameter',
        type: 'OAuthException',
        code,
        ...(subcode === undefined ? {} : { error_subcode: subcode }),
        is_transient: false,
        ...(title ? { error_user_title: title } : {}),
        ...(message ? { error_user_msg: message } : {}),
        fbtrace_id: 'AbCdEfGh123',
      },
    },
  };
}

const submission: TemplateSubmission = {
  name: 'pedido_listo',
  language: 'es_MX',
  category: 'utility',
  components: buildTemplateComponents({
    text: 'Hola {{1}}, tu pedido {{2}} está listo.',
    examples: ['Ana', 'A-123'],
  }),
};

describe('WhatsappCloudAdapter.templates', () => {
  let fake: FakeProviderServer;
  let templates: TemplateProviderPort;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 500,
      body: { error: { message: 'unexpected', code: 1 } },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    // A fresh adapter per test: the account found from the token is kept per adapter.
    templates = new WhatsappCloudAdapter({ graphUrl: `${fake.url}/v25.0`, appSecret: 'secret' }).templates;
  });

  it('uploads a media header through the resumable upload, then submits the template with the handle', async () => {
    const bytes = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
    ]);
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce({ status: 200, body: { id: 'upload:MTphdHRhY2htZW50OjlkYWQ4YWUx?sig=ARZ4n9lh' } });
    fake.replyOnce({ status: 200, body: { h: '4::aW1hZ2UvanBlZw==:ARYmVnVHo0f' } });
    fake.replyOnce({ status: 200, body: { id: '1689556908129832', status: 'PENDING', category: 'UTILITY' } });

    const handle = await templates.uploadTemplateMedia(channel, {
      bytes,
      mimeType: 'image/jpeg',
      fileName: 'promo.jpg',
    });
    const components = buildTemplateComponents({
      text: 'Hola {{1}}, tu pedido {{2}} está listo.',
      examples: ['Ana', 'A-123'],
      header: { type: 'imagen', handle, mimeType: 'image/jpeg' },
      footer: 'Gracias por tu compra',
    });
    const created = await templates.createTemplate(channel, {
      name: 'pedido_listo',
      language: 'es_MX',
      category: 'utility',
      components,
    });

    expect(handle).toBe('4::aW1hZ2UvanBlZw==:ARYmVnVHo0f');
    expect(created).toEqual({
      providerTemplateId: '1689556908129832',
      rawStatus: 'PENDING',
      accountId: '102290129340398',
    });
    // The token's account and app are asked once, then kept.
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v25.0/debug_token',
      'POST /v25.0/670843887433847/uploads',
      'POST /v25.0/upload:MTphdHRhY2htZW50OjlkYWQ4YWUx',
      'POST /v25.0/102290129340398/message_templates',
    ]);
    const [debug, session, upload, create] = fake.requests;
    expect(Object.fromEntries(debug?.query ?? [])).toEqual({ input_token: TOKEN });
    expect(debug?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    expect(Object.fromEntries(session?.query ?? [])).toEqual({
      file_name: 'promo.jpg',
      file_length: String(bytes.length),
      file_type: 'image/jpeg',
    });
    expect(session?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    expect(Object.fromEntries(upload?.query ?? [])).toEqual({ sig: 'ARZ4n9lh' });
    expect(upload?.headers.authorization).toBe(`OAuth ${TOKEN}`);
    expect(upload?.headers.file_offset).toBe('0');
    expect(upload?.headers['content-type']).toBe('application/octet-stream');
    expect(upload?.raw?.equals(bytes)).toBe(true);

    expect(create?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(create?.headers['content-type']).toBe('application/json');
    expect([...(create?.query.keys() ?? [])]).toEqual([]);
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'pedido_listo',
      language: 'es_MX',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvanBlZw==:ARYmVnVHo0f'] } },
        {
          type: 'BODY',
          text: 'Hola {{1}}, tu pedido {{2}} está listo.',
          example: { body_text: [['Ana', 'A-123']] },
        },
        { type: 'FOOTER', text: 'Gracias por tu compra' },
      ],
    });
  });

  it('submits a marketing template with a text header and no variables', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce({ status: 200, body: { id: '998877', status: 'PENDING', category: 'MARKETING' } });
    await templates.createTemplate(channel, {
      name: 'promo_julio',
      language: 'es_MX',
      category: 'marketing',
      components: buildTemplateComponents({
        text: 'Todo al 2x1 este fin.',
        header: { type: 'text', text: 'Promo' },
      }),
    });
    expect(JSON.parse(fake.last().body)).toEqual({
      name: 'promo_julio',
      language: 'es_MX',
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Promo' },
        { type: 'BODY', text: 'Todo al 2x1 este fin.' },
      ],
    });
  });

  it('finds the channel’s account by its numbers when the token manages several', async () => {
    fake.replyOnce(debugToken(['111111111111111', '222222222222222']));
    fake.replyOnce({ status: 200, body: { data: [{ id: '500000000000001' }], paging: { cursors: {} } } });
    fake.replyOnce({ status: 200, body: { data: [{ id: '500000000000002' }, { id: channel.providerId }] } });
    fake.replyOnce({ status: 200, body: { id: '1234', status: 'PENDING', category: 'UTILITY' } });

    await templates.createTemplate(channel, submission);

    expect(fake.requests.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
      `GET /v25.0/debug_token?input_token=${TOKEN}`,
      'GET /v25.0/111111111111111/phone_numbers?fields=id&limit=100',
      'GET /v25.0/222222222222222/phone_numbers?fields=id&limit=100',
      'POST /v25.0/222222222222222/message_templates?',
    ]);
  });

  it('lists every template of the account, following the after cursor while Graph gives a next page', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce({
      status: 200,
      body: {
        data: [
          {
            name: 'pedido_listo',
            components: [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }],
            language: 'es_MX',
            status: 'APPROVED',
            category: 'UTILITY',
            id: '1667192013751005',
          },
          {
            name: 'promo_julio',
            components: [{ type: 'BODY', text: 'Todo al 2x1' }],
            language: 'es_MX',
            status: 'REJECTED',
            rejected_reason: 'PROMOTIONAL',
            category: 'MARKETING',
            id: '1667192013751006',
          },
        ],
        paging: {
          cursors: { before: 'MAZDZD', after: 'MjQZD' },
          next: 'https://graph.facebook.com/v25.0/102290129340398/message_templates?after=MjQZD',
        },
      },
    });
    fake.replyOnce({
      status: 200,
      body: {
        data: [
          {
            name: 'hello_world',
            components: [{ type: 'BODY', text: 'Hello World' }],
            language: 'en_US',
            status: 'APPROVED',
            category: 'UTILITY',
            id: '1667192013751007',
          },
          // Nothing to store without a status: left out.
          { name: 'broken', language: 'es_MX', id: '9' },
        ],
        paging: { cursors: { before: 'NDZD', after: 'NTZD' } },
      },
    });

    const list = await templates.listTemplates(channel);

    expect(list).toEqual([
      {
        providerTemplateId: '1667192013751005',
        name: 'pedido_listo',
        language: 'es_MX',
        category: 'UTILITY',
        rawStatus: 'APPROVED',
        reason: null,
        components: [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }],
        accountId: '102290129340398',
      },
      {
        providerTemplateId: '1667192013751006',
        name: 'promo_julio',
        language: 'es_MX',
        category: 'MARKETING',
        rawStatus: 'REJECTED',
        reason: 'PROMOTIONAL',
        components: [{ type: 'BODY', text: 'Todo al 2x1' }],
        accountId: '102290129340398',
      },
      {
        providerTemplateId: '1667192013751007',
        name: 'hello_world',
        language: 'en_US',
        category: 'UTILITY',
        rawStatus: 'APPROVED',
        reason: null,
        components: [{ type: 'BODY', text: 'Hello World' }],
        accountId: '102290129340398',
      },
    ]);
    const pages = fake.requests.slice(1);
    expect(pages.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v25.0/102290129340398/message_templates',
      'GET /v25.0/102290129340398/message_templates',
    ]);
    const fields = 'id,name,language,category,status,rejected_reason,components';
    expect(Object.fromEntries(pages[0]?.query ?? [])).toEqual({ fields, limit: '100' });
    expect(Object.fromEntries(pages[1]?.query ?? [])).toEqual({ fields, limit: '100', after: 'MjQZD' });
    expect(pages.every((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true);
  });

  it('stops when Graph gives back a cursor it already gave', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    const page = {
      data: [],
      paging: { cursors: { after: 'SAME' }, next: 'https://graph.facebook.com/next' },
    };
    fake.replyOnce({ status: 200, body: page });
    fake.replyOnce({ status: 200, body: page });
    expect(await templates.listTemplates(channel)).toEqual([]);
    expect(fake.requests).toHaveLength(3);
  });

  it('deletes a template by name with DELETE /{waba-id}/message_templates?name=', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce({ status: 200, body: { success: true } });

    await templates.deleteTemplate(channel, 'pedido_listo');

    const request = fake.last();
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe('/v25.0/102290129340398/message_templates');
    expect(Object.fromEntries(request.query)).toEqual({ name: 'pedido_listo' });
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.body).toBe('');
  });

  it('deletes only one template with hsm_id and name when its id is given', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce({ status: 200, body: { success: true } });

    await templates.deleteTemplate(channel, 'pedido_listo', '1689556908129832');

    const request = fake.last();
    expect(request.path).toBe('/v25.0/102290129340398/message_templates');
    expect(Object.fromEntries(request.query)).toEqual({ hsm_id: '1689556908129832', name: 'pedido_listo' });
  });

  it.each([
    [
      'a name that already has content in the language',
      graphError(
        100,
        2388024,
        'Message template already exists',
        'There is already Spanish (MEX) content for this template.',
      ),
      'TEMPLATE_ALREADY_EXISTS',
    ],
    [
      'a name still being deleted',
      graphError(
        100,
        2388023,
        'Message template is being deleted',
        "Spanish (MEX) content can't be added while the existing content is being deleted. Try again in 4 weeks.",
      ),
      'TEMPLATE_NAME_NOT_AVAILABLE',
    ],
    [
      'the words alone, without the subcode',
      graphError(100, undefined, 'Template name already exists'),
      'TEMPLATE_ALREADY_EXISTS',
    ],
    [
      'a template refused as a whole',
      graphError(200002, 2388109, 'Message Cannot Be Submitted', 'This message template cannot be created.'),
      'TEMPLATE_ERROR',
    ],
    [
      'any other refusal of the call',
      graphError(368, undefined, 'Temporarily blocked for policies violations'),
      'TEMPLATE_ERROR',
    ],
  ])('maps %s', async (_case, reply, code) => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce(reply);
    const error = await rejection(templates.createTemplate(channel, submission));
    expect(error.code).toBe(code);
    expect(error.retryable).toBe(false);
    expect(error.info).toContain(reply.body.error.error_user_title ?? 'Invalid parameter');
  });

  it.each([
    ['header', 2388047, 'Message header format is incorrect', 'The header media handle is not valid.'],
    ['text', 2388040, 'Character limit exceeded', 'The body of the template is over 1024 characters.'],
    ['variables', 2388043, 'Missing sample values', 'Add an example value for each variable parameter.'],
    [
      'name',
      2388001,
      'Invalid template name',
      'The name can only contain lowercase letters and underscores.',
    ],
    ['category', 2388002, 'Invalid category', 'The category UTILITY is not valid for this content.'],
    // The subcode says which part when the words do not.
    ['header', 2388047, undefined, undefined],
    ['text', 2388999, undefined, undefined],
  ])('maps an invalid parameter to a validation error on %s', async (field, subcode, title, message) => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce(graphError(100, subcode, title, message));
    const error = await rejection(templates.createTemplate(channel, submission));
    expect(error).toBeInstanceOf(ProviderValidationError);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect((error as ProviderValidationError).field).toBe(field);
    expect(error.providerCode).toBe(`100/${subcode}`);
    expect(error.retryable).toBe(false);
  });

  it('retries the account rate limit (80008) and a 429 with its Retry-After', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce(graphError(80008, 2446079, undefined, undefined, 400));
    const limited = await rejection(templates.createTemplate(channel, submission));
    expect(limited.code).toBe('PROVIDER_RATE_LIMITED');
    expect(limited.retryable).toBe(true);

    fake.replyOnce({ status: 429, body: 'Too Many Requests', headers: { 'retry-after': '30' } });
    const throttled = await rejection(templates.listTemplates(channel));
    expect(throttled.code).toBe('PROVIDER_RATE_LIMITED');
    expect(throttled.retryable).toBe(true);
    expect(throttled.retryAfterMs).toBe(30_000);
  });

  it('reads a delete of a name the account no longer has as TEMPLATE_NOT_FOUND', async () => {
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce(
      graphError(
        100,
        2593002,
        'Message template not found',
        "The message template pedido_listo wasn't found.",
      ),
    );
    const error = await rejection(templates.deleteTemplate(channel, 'pedido_listo'));
    expect(error.code).toBe('TEMPLATE_NOT_FOUND');
  });

  it('refuses a token that manages no account, and asks again on the next call', async () => {
    fake.replyOnce({ status: 200, body: { data: { app_id: '1', is_valid: true, granular_scopes: [] } } });
    const error = await rejection(templates.listTemplates(channel));
    expect(error.code).toBe('PROVIDER_AUTH_ERROR');

    fake.replyOnce(graphError(190, 463, undefined, undefined, 401));
    const expired = await rejection(templates.listTemplates(channel));
    expect(expired.code).toBe('PROVIDER_AUTH_ERROR');
    expect(fake.requests.map((r) => r.path)).toEqual(['/v25.0/debug_token', '/v25.0/debug_token']);
  });

  it('reads a refused upload session as the provider’s error and a session without an id as an upload error', async () => {
    const file = { bytes: Buffer.from('%PDF-1.4'), mimeType: 'application/pdf', fileName: 'menu.pdf' };
    fake.replyOnce(debugToken(['102290129340398']));
    fake.replyOnce(graphError(100, undefined, undefined, undefined));
    const refused = await rejection(templates.uploadTemplateMedia(channel, file));
    expect(refused.code).toBe('VALIDATION_ERROR');

    fake.replyOnce({ status: 200, body: { id: 'upload:../../me' } });
    const odd = await rejection(templates.uploadTemplateMedia(channel, file));
    expect(odd.code).toBe('TEMPLATE_MEDIA_UPLOAD_ERROR');
    // Nothing was sent to a path the answer made up.
    expect(fake.requests).toHaveLength(3);
  });

  it('makes an unreachable Graph API a retryable error', async () => {
    const offline = new WhatsappCloudAdapter({ graphUrl: await closedPortUrl(), appSecret: 's' }).templates;
    const error = await rejection(offline.createTemplate(channel, submission));
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(error.retryable).toBe(true);
  });
});
