import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ChannelCredentials, WebhookParseError, type WebhookRequest } from '../channel-provider';
import {
  closedPortUrl,
  FakeProviderServer,
  fixtureBytes,
  fixtureJson,
  rejection,
} from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { Dialog360Adapter } from './dialog360.adapter';

const WEBHOOK_TOKEN = 'c2f1d6f0-webhook-token-9a7e';
const channel: ChannelCredentials = {
  platform: 'dialog360',
  providerId: '5215598765432',
  accessToken: 'd360-api-key-abc',
  phone: '5215598765432',
};

describe('Dialog360Adapter.send', () => {
  let fake: FakeProviderServer;
  let adapter: Dialog360Adapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 200,
      body: fixtureJson(__dirname, 'send-response.json'),
    });
    adapter = new Dialog360Adapter({ baseUrl: `${fake.url}/`, webhookToken: WEBHOOK_TOKEN });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('posts the Cloud API body to /messages with the D360-API-KEY header', async () => {
    const result = await adapter.send(channel, {
      to: '5215512345678',
      content: { type: 'text', text: 'Sí, hasta las 8' },
      replyToProviderMessageId: 'wamid.QUOTED',
    });

    expect(result).toEqual({
      providerMessageId: 'wamid.HBgNNTIxNTUxMjM0NTY3OBUCABEYEjRDQzE1RjA2QjdFNzg3RjYzOQA=',
    });
    const request = fake.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/messages');
    expect(request.headers['d360-api-key']).toBe('d360-api-key-abc');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5215512345678',
      context: { message_id: 'wamid.QUOTED' },
      type: 'text',
      text: { body: 'Sí, hasta las 8', preview_url: false },
    });
  });

  it('sends media and templates exactly as the Cloud API does', async () => {
    await adapter.send(channel, {
      to: '5215512345678',
      content: { type: 'document', url: 'https://cdn.example.com/menu.pdf', filename: 'menu.pdf' },
    });
    expect(JSON.parse(fake.last().body)).toMatchObject({
      type: 'document',
      document: { link: 'https://cdn.example.com/menu.pdf', filename: 'menu.pdf' },
    });

    await adapter.send(channel, {
      to: '5215512345678',
      content: { type: 'template', name: 'recordatorio', language: 'es', components: [] },
    });
    expect(JSON.parse(fake.last().body)).toMatchObject({
      type: 'template',
      template: { name: 'recordatorio', language: { code: 'es' }, components: [] },
    });
  });

  it("sends a bot's menu as the Cloud API's interactive buttons and list", async () => {
    await adapter.send(channel, {
      to: '5215512345678',
      content: {
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hola', buttons: [{ id: 'si', title: 'Sí' }] },
      },
    });
    expect(fake.last().path).toBe('/messages');
    expect(JSON.parse(fake.last().body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5215512345678',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Hola' },
        action: { buttons: [{ type: 'reply', reply: { id: 'si', title: 'Sí' } }] },
      },
    });

    await adapter.send(channel, {
      to: '5215512345678',
      content: {
        type: 'interactive',
        interactive: {
          kind: 'list',
          body: 'Elige',
          button: 'Ver opciones',
          rows: [{ id: 'a', title: 'Ventas', description: 'Precios' }],
        },
      },
    });
    expect(JSON.parse(fake.last().body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5215512345678',
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Elige' },
        action: {
          button: 'Ver opciones',
          sections: [{ rows: [{ id: 'a', title: 'Ventas', description: 'Precios' }] }],
        },
      },
    });
  });

  it('retries a pair rate limit after the Retry-After delay', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '12' },
      body: fixtureJson(__dirname, 'error-pair-rate-limit.json'),
    });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 131056,
      retryAfterMs: 12_000,
    });
  });

  it("fails Meta's undeliverable error for good", async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-undeliverable.json') });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_UNDELIVERABLE', retryable: false, providerCode: 131026 });
    expect(error.info).toContain('the recipient phone number is not a WhatsApp phone number');
  });

  it("reports 360dialog's own invalid-key error as an auth error with its message", async () => {
    fake.replyOnce({ status: 401, body: fixtureJson(__dirname, 'error-invalid-api-key.json') });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_AUTH_ERROR',
      retryable: false,
      providerCode: 401,
      info: 'HTTP 401: Invalid api_key',
    });
  });

  it('retries a 5xx from the gateway', async () => {
    fake.replyOnce({
      status: 502,
      body: {
        meta: {
          success: false,
          http_code: 502,
          developer_message: 'WhatsApp for Business API not available',
        },
      },
    });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true, providerCode: 502 });
  });

  it('reports an unreachable gateway as retryable PROVIDER_UNAVAILABLE', async () => {
    const offline = new Dialog360Adapter({ baseUrl: await closedPortUrl(), webhookToken: WEBHOOK_TOKEN });
    const error = await rejection(offline.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
  });
});

describe('Dialog360Adapter.verifyWebhook', () => {
  const adapter = new Dialog360Adapter({ baseUrl: 'http://unused.invalid', webhookToken: WEBHOOK_TOKEN });
  const request = (headers: WebhookRequest['headers']): WebhookRequest => ({
    headers,
    rawBody: fixtureBytes(__dirname, 'message-text.json'),
    url: 'https://crm.example.com/webhooks/dialog360',
  });

  it('accepts the configured X-Webhook-Token', () => {
    expect(adapter.verifyWebhook(request({ 'x-webhook-token': WEBHOOK_TOKEN }))).toBe(true);
    expect(adapter.verifyWebhook(request({ 'X-Webhook-Token': WEBHOOK_TOKEN }))).toBe(true);
  });

  it('rejects a wrong, truncated or missing token', () => {
    expect(adapter.verifyWebhook(request({ 'x-webhook-token': 'guess' }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-webhook-token': WEBHOOK_TOKEN.slice(0, -1) }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-webhook-token': '' }))).toBe(false);
    expect(adapter.verifyWebhook(request({}))).toBe(false);
  });

  it('rejects everything when no token is configured', () => {
    const unconfigured = new Dialog360Adapter({ baseUrl: 'http://unused.invalid', webhookToken: '' });
    expect(unconfigured.verifyWebhook(request({ 'x-webhook-token': '' }))).toBe(false);
  });
});

describe('Dialog360Adapter.parseWebhook', () => {
  const adapter = new Dialog360Adapter({ baseUrl: 'http://unused.invalid', webhookToken: WEBHOOK_TOKEN });
  const parse = (body: Buffer) =>
    adapter.parseWebhook({ headers: {}, rawBody: body, url: 'https://crm.example.com/webhooks/dialog360' });

  it('reads a forwarded Cloud API message and names the channel by its phone number', () => {
    expect(parse(fixtureBytes(__dirname, 'message-text.json'))).toEqual([
      {
        kind: 'message',
        channelProviderId: '5215598765432',
        providerMessageId: 'wamid.HBgNNTIxNTUxMjM0NTY3OBUCABIYFDNBMDI4RjQ5RTFGQkVCMzQ0QTA4AA==',
        from: '5215512345678',
        profileName: 'Lucía Pérez',
        timestamp: new Date(1763781000 * 1000),
        content: { type: 'text', text: 'Hola, ¿siguen abiertos?' },
      },
    ]);
  });

  it('keeps only the digits of a formatted display number', () => {
    const [event] = parse(fixtureBytes(__dirname, 'message-no-phone-number-id.json'));
    expect(event).toMatchObject({
      channelProviderId: '5215598765432',
      content: { text: '¿Y los domingos?' },
    });
  });

  it('reads a delivered status with the reply window', () => {
    expect(parse(fixtureBytes(__dirname, 'status-delivered.json'))).toEqual([
      {
        kind: 'status',
        channelProviderId: '5215598765432',
        providerMessageId: 'wamid.HBgNNTIxNTUxMjM0NTY3OBUCABEYEjRDQzE1RjA2QjdFNzg3RjYzOQA=',
        status: 'delivered',
        timestamp: new Date(1763781060 * 1000),
        recipient: '5215512345678',
        windowExpiresAt: new Date(1763867400 * 1000),
      },
    ]);
  });

  it('reads the WhatsApp Cloud fixtures the same way, keyed by the number', () => {
    const events = parse(fixtureBytes(`${__dirname}/../whatsapp-cloud`, 'batch-two-entries.json'));
    expect(events.map((event) => event.channelProviderId)).toEqual([
      '15550783881',
      '15550783881',
      '15550783881',
      '15550783881',
      '15550001111',
      '15550001111',
    ]);
  });

  it('rejects malformed JSON and payloads of another object', () => {
    expect(() => parse(Buffer.from('not json'))).toThrow(WebhookParseError);
    expect(() => parse(Buffer.from(JSON.stringify({ object: 'page', entry: [] })))).toThrow(
      WebhookParseError,
    );
  });
});

describe('Dialog360Adapter.parseWebhook, On-Premise payloads', () => {
  const adapter = new Dialog360Adapter({ baseUrl: 'http://unused.invalid', webhookToken: WEBHOOK_TOKEN });

  it('reads the envelope-less On-Premise shape for the number the webhook URL names', () => {
    const events = adapter.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, 'message-on-premise.json'),
      url: 'https://crm.example.com/webhooks/360dialog/5215598765432',
      channelHint: '5215598765432',
    });
    expect(events).toEqual([
      {
        kind: 'message',
        channelProviderId: '5215598765432',
        providerMessageId: 'SDFADSf23sfasdafasdfa',
        from: '2423423243',
        profileName: 'Sojan Jose',
        timestamp: new Date(1633034394 * 1000),
        content: { type: 'interactive', replyId: '1', title: 'First Button' },
      },
    ]);
  });
});
