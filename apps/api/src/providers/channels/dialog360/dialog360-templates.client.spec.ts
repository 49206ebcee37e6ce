import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTemplateComponents } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChannelCredentials,
  ProviderValidationError,
  type TemplateProviderPort,
  type TemplateSubmission,
} from '../channel-provider';
import {
  FakeProviderServer,
  fixtureJson,
  rejection,
} from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { Dialog360Adapter } from './dialog360.adapter';

const API_KEY = 'd360-api-key-abc';
const channel: ChannelCredentials = {
  platform: 'dialog360',
  providerId: '5215598765432',
  accessToken: API_KEY,
  phone: '5215598765432',
};

const submission: TemplateSubmission = {
  name: 'pedido_listo',
  language: 'es_MX',
  category: 'utility',
  components: buildTemplateComponents({ text: 'Hola {{1}}, tu pedido está listo.', examples: ['Ana'] }),
};

/** One item of 360dialog's waba_templates: Meta's template, status in lower case, Meta's id as external_id. */
function wabaTemplate(name: string, status: string, externalId: string, extra: Record<string, unknown> = {}) {
  return {
    category: 'UTILITY',
    components: [{ type: 'BODY', text: `Texto de ${name}` }],
    external_id: externalId,
    language: 'es_MX',
    name,
    namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574',
    rejected_reason: 'NONE',
    status,
    ...extra,
  };
}

describe('Dialog360Adapter.templates', () => {
  let fake: FakeProviderServer;
  let templates: TemplateProviderPort;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 500,
      body: { meta: { developer_message: 'unexpected' } },
    });
    templates = new Dialog360Adapter({ baseUrl: `${fake.url}/`, webhookToken: 'token' }).templates;
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('uploads a pdf header through 360dialog’s upload sessions, then submits the template with the handle', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0x00, 0xe2, 0xe3, 0xcf, 0xd3])]);
    fake.replyOnce({ status: 200, body: { id: 'upload:OTc2NDU1MjM0?sig=ARaT3' } });
    fake.replyOnce({ status: 200, body: { h: '4::YXBwbGljYXRpb24vcGRm:ARZp' } });
    fake.replyOnce({ status: 200, body: { id: '594425479261596', status: 'PENDING', category: 'UTILITY' } });

    const handle = await templates.uploadTemplateMedia(channel, {
      bytes,
      mimeType: 'application/pdf',
      fileName: 'menu.pdf',
    });
    const created = await templates.createTemplate(channel, {
      ...submission,
      components: buildTemplateComponents({
        text: 'Hola {{1}}, te enviamos el menú.',
        examples: ['Ana'],
        header: { type: 'doc', handle, mimeType: 'application/pdf' },
      }),
    });

    expect(created).toEqual({ providerTemplateId: '594425479261596', rawStatus: 'PENDING' });
    const [session, upload, create] = fake.requests;
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /uploads',
      'POST /upload:OTc2NDU1MjM0',
      'POST /v1/configs/templates',
    ]);
    expect(Object.fromEntries(session?.query ?? [])).toEqual({
      file_name: 'menu.pdf',
      file_length: String(bytes.length),
      file_type: 'application/pdf',
    });
    expect(upload?.query.get('sig')).toBe('ARaT3');
    expect(upload?.headers.file_offset).toBe('0');
    expect(upload?.raw?.equals(bytes)).toBe(true);
    for (const request of fake.requests) {
      expect(request.headers['d360-api-key']).toBe(API_KEY);
      expect(request.headers.authorization).toBeUndefined();
    }
    expect(JSON.parse(create?.body ?? '')).toEqual({
      name: 'pedido_listo',
      language: 'es_MX',
      category: 'UTILITY',
      components: [
        { type: 'HEADER', format: 'DOCUMENT', example: { header_handle: ['4::YXBwbGljYXRpb24vcGRm:ARZp'] } },
        { type: 'BODY', text: 'Hola {{1}}, te enviamos el menú.', example: { body_text: [['Ana']] } },
      ],
    });
  });

  it('lists every template, page after page by offset until the total', async () => {
    fake.replyOnce({
      status: 200,
      body: {
        count: 2,
        filters: {},
        limit: 1000,
        offset: 0,
        sort: ['id'],
        total: 3,
        waba_templates: [
          wabaTemplate('pedido_listo', 'approved', '1667192013751005'),
          wabaTemplate('promo_julio', 'rejected', '1667192013751006', {
            category: 'MARKETING',
            rejected_reason: 'PROMOTIONAL',
          }),
        ],
      },
    });
    fake.replyOnce({
      status: 200,
      body: {
        count: 1,
        filters: {},
        limit: 1000,
        offset: 2,
        sort: ['id'],
        total: 3,
        waba_templates: [wabaTemplate('cita_manana', 'submitted', '1667192013751007')],
      },
    });

    const list = await templates.listTemplates(channel);

    expect(list).toEqual([
      {
        providerTemplateId: '1667192013751005',
        name: 'pedido_listo',
        language: 'es_MX',
        category: 'UTILITY',
        rawStatus: 'approved',
        reason: 'NONE',
        components: [{ type: 'BODY', text: 'Texto de pedido_listo' }],
      },
      {
        providerTemplateId: '1667192013751006',
        name: 'promo_julio',
        language: 'es_MX',
        category: 'MARKETING',
        rawStatus: 'rejected',
        reason: 'PROMOTIONAL',
        components: [{ type: 'BODY', text: 'Texto de promo_julio' }],
      },
      {
        providerTemplateId: '1667192013751007',
        name: 'cita_manana',
        language: 'es_MX',
        category: 'UTILITY',
        rawStatus: 'submitted',
        reason: 'NONE',
        components: [{ type: 'BODY', text: 'Texto de cita_manana' }],
      },
    ]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}?${r.query.toString()}`)).toEqual([
      'GET /v1/configs/templates?limit=1000&offset=0',
      'GET /v1/configs/templates?limit=1000&offset=2',
    ]);
    expect(fake.requests.every((r) => r.headers['d360-api-key'] === API_KEY)).toBe(true);
  });

  it('deletes a template by name with DELETE /v1/configs/templates/{name}', async () => {
    fake.replyOnce({
      status: 200,
      body: {
        meta: { developer_message: 'template name=pedido_listo was deleted', http_code: 200, success: true },
      },
    });
    await templates.deleteTemplate(channel, 'pedido_listo');
    const request = fake.last();
    expect(request.method).toBe('DELETE');
    expect(request.path).toBe('/v1/configs/templates/pedido_listo');
    expect(request.headers['d360-api-key']).toBe(API_KEY);
    expect(request.body).toBe('');
  });

  it('maps Meta’s refusals, forwarded by 360dialog, as for the Cloud API', async () => {
    fake.replyOnce({
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter',
          type: 'OAuthException',
          code: 100,
          error_subcode: 2388024,
          error_user_title: 'Message template already exists',
          error_user_msg: 'There is already Spanish (MEX) content for this template.',
          fbtrace_id: 'Ax1',
        },
      },
    });
    expect((await rejection(templates.createTemplate(channel, submission))).code).toBe(
      'TEMPLATE_ALREADY_EXISTS',
    );

    fake.replyOnce({
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter',
          code: 100,
          error_subcode: 2388023,
          error_user_title: 'Message template is being deleted',
        },
      },
    });
    expect((await rejection(templates.createTemplate(channel, submission))).code).toBe(
      'TEMPLATE_NAME_NOT_AVAILABLE',
    );

    fake.replyOnce({
      status: 400,
      body: {
        error: {
          message: 'Invalid parameter',
          code: 100,
          error_subcode: 2388047,
          error_user_title: 'Message header format is incorrect',
        },
      },
    });
    const invalid = await rejection(templates.createTemplate(channel, submission));
    expect(invalid).toBeInstanceOf(ProviderValidationError);
    expect((invalid as ProviderValidationError).field).toBe('header');
  });

  it('maps 360dialog’s own gateway errors: a bad key, a throttle, a name in use', async () => {
    fake.replyOnce({ status: 401, body: fixtureJson(__dirname, 'error-invalid-api-key.json') });
    const key = await rejection(templates.listTemplates(channel));
    expect(key.code).toBe('PROVIDER_AUTH_ERROR');
    expect(key.info).toContain('Invalid api_key');

    fake.replyOnce({
      status: 429,
      body: { meta: { success: false, http_code: 429, developer_message: 'Too many requests' } },
      headers: { 'retry-after': '12' },
    });
    const throttled = await rejection(templates.createTemplate(channel, submission));
    expect(throttled.code).toBe('PROVIDER_RATE_LIMITED');
    expect(throttled.retryable).toBe(true);
    expect(throttled.retryAfterMs).toBe(12_000);

    fake.replyOnce({
      status: 400,
      body: {
        meta: {
          success: false,
          http_code: 400,
          developer_message: 'Template with name pedido_listo already exists',
        },
      },
    });
    expect((await rejection(templates.createTemplate(channel, submission))).code).toBe(
      'TEMPLATE_ALREADY_EXISTS',
    );

    fake.replyOnce({
      status: 400,
      body: { meta: { success: false, http_code: 400, developer_message: 'Invalid components' } },
    });
    const other = await rejection(templates.createTemplate(channel, submission));
    expect(other.code).toBe('TEMPLATE_ERROR');
    expect(other.retryable).toBe(false);
  });

  it('reads a delete of a name the number does not have as TEMPLATE_NOT_FOUND, by status or by words', async () => {
    fake.replyOnce({
      status: 404,
      body: { meta: { success: false, http_code: 404, developer_message: 'Not Found' } },
    });
    expect((await rejection(templates.deleteTemplate(channel, 'ya_no_existe'))).code).toBe(
      'TEMPLATE_NOT_FOUND',
    );

    fake.replyOnce({
      status: 400,
      body: {
        meta: { success: false, http_code: 400, developer_message: 'Template ya_no_existe does not exist' },
      },
    });
    const gone = await rejection(templates.deleteTemplate(channel, 'ya_no_existe'));
    expect(gone.code).toBe('TEMPLATE_NOT_FOUND');
    expect(gone.retryable).toBe(false);
  });
});

describe('Dialog360Adapter.parseWebhook: message_template_status_update', () => {
  const adapter = new Dialog360Adapter({ baseUrl: 'http://unused.invalid', webhookToken: 'token' });
  const sharedFixtures = join(__dirname, '../../../../../../../shared/fixtures/provider-webhooks.json');

  it('reads the status Meta sends through 360dialog, naming the channel of the webhook URL', () => {
    const file = JSON.parse(readFileSync(sharedFixtures, 'utf8')) as {
      fixtures: Array<{ id: string; body: unknown }>;
    };
    const body = file.fixtures.find((f) => f.id === 'wa.pywa.template_status_update')?.body;
    const events = adapter.parseWebhook({
      headers: {},
      rawBody: Buffer.from(JSON.stringify(body)),
      url: 'https://crm.example.com/webhooks/360dialog/5215598765432',
      channelHint: '5215598765432',
    });
    expect(events).toEqual([
      {
        kind: 'templateStatus',
        accountId: '102290129340398',
        channelProviderId: '5215598765432',
        providerTemplateId: '1689556908129832',
        name: 'order_confirmation',
        language: 'en_US',
        rawStatus: 'APPROVED',
        reason: 'NONE',
        category: 'UTILITY',
        at: new Date(1751247548 * 1000),
      },
    ]);
  });

  it('reads a rejection with its reason', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          time: 1751250000,
          changes: [
            {
              field: 'message_template_status_update',
              value: {
                event: 'REJECTED',
                message_template_id: 594425479261596,
                message_template_name: 'pedido_listo',
                message_template_language: 'es_MX',
                reason: 'INCORRECT_CATEGORY',
              },
            },
          ],
        },
      ],
    };
    const [event] = adapter.parseWebhook({
      headers: {},
      rawBody: Buffer.from(JSON.stringify(body)),
      url: '',
    });
    expect(event).toMatchObject({
      kind: 'templateStatus',
      providerTemplateId: '594425479261596',
      rawStatus: 'REJECTED',
      reason: 'INCORRECT_CATEGORY',
      at: new Date(1751250000 * 1000),
    });
  });
});
