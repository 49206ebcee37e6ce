import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChannelCredentials,
  type OutboundMessage,
  ProviderError,
  WebhookParseError,
  type WebhookRequest,
} from '../channel-provider';
import {
  closedPortUrl,
  FakeProviderServer,
  fixtureBytes,
  fixtureJson,
  rejection,
} from './__fixtures__/fake-provider-server';
import { signMetaBody } from './meta-signature';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';

const APP_SECRET = 'meta-app-secret';
const channel: ChannelCredentials = {
  platform: 'whatsapp_cloud',
  providerId: '106540352242922',
  accessToken: 'EAAG-system-user-token',
  phone: '15550783881',
};

describe('WhatsappCloudAdapter.send', () => {
  let fake: FakeProviderServer;
  let adapter: WhatsappCloudAdapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 200,
      body: fixtureJson(__dirname, 'send-response.json'),
    });
    adapter = new WhatsappCloudAdapter({ graphUrl: `${fake.url}/v25.0`, appSecret: APP_SECRET });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  async function sentBody(message: OutboundMessage): Promise<unknown> {
    await adapter.send(channel, message);
    return JSON.parse(fake.last().body);
  }

  it('posts a text message to /{phone-number-id}/messages with the bearer token and returns the wamid', async () => {
    const result = await adapter.send(channel, {
      to: '+52 1 55 1234 5678',
      content: { type: 'text', text: 'Hola' },
    });

    expect(result).toEqual({
      providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
    });
    const request = fake.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v25.0/106540352242922/messages');
    expect([...request.query.keys()]).toEqual([]);
    expect(request.headers.authorization).toBe('Bearer EAAG-system-user-token');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5215512345678',
      type: 'text',
      text: { body: 'Hola', preview_url: false },
    });
  });

  it('asks for a link preview only when the text contains a URL', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: { type: 'text', text: 'Mira https://example.com/p' },
    });
    expect(body).toMatchObject({ text: { body: 'Mira https://example.com/p', preview_url: true } });
  });

  it('quotes the replied message in context.message_id', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: { type: 'text', text: 'Claro' },
      replyToProviderMessageId: 'wamid.QUOTED',
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      context: { message_id: 'wamid.QUOTED' },
      type: 'text',
      text: { body: 'Claro', preview_url: false },
    });
  });

  it.each([
    ['image', { link: 'https://cdn.example.com/a.jpg', caption: 'Foto' }],
    ['video', { link: 'https://cdn.example.com/a.jpg', caption: 'Foto' }],
    ['audio', { link: 'https://cdn.example.com/a.jpg' }],
    ['sticker', { link: 'https://cdn.example.com/a.jpg' }],
    ['document', { link: 'https://cdn.example.com/a.jpg', caption: 'Foto', filename: 'factura.pdf' }],
  ] as const)('sends %s media by link with only the fields the API accepts', async (type, expected) => {
    const body = await sentBody({
      to: '16505551234',
      content: { type, url: 'https://cdn.example.com/a.jpg', caption: 'Foto', filename: 'factura.pdf' },
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type,
      [type]: expected,
    });
  });

  it('sends a location', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: { type: 'location', latitude: 19.4326, longitude: -99.1332, name: 'Zócalo', address: 'CDMX' },
    });
    expect(body).toMatchObject({
      type: 'location',
      location: { latitude: 19.4326, longitude: -99.1332, name: 'Zócalo', address: 'CDMX' },
    });
  });

  it('sends contact cards', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: {
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Ana López', first_name: 'Ana' },
            phones: [{ phone: '+5215512345678', type: 'CELL' }],
          },
        ],
      },
    });
    expect(body).toMatchObject({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Ana López', first_name: 'Ana' },
          phones: [{ phone: '+5215512345678', type: 'CELL' }],
        },
      ],
    });
  });

  it('sends a template with its language code and components', async () => {
    const components = [
      {
        type: 'header' as const,
        // Graph's media parameter: the medium's object under its type's name.
        parameters: [{ type: 'image' as const, image: { link: 'https://cdn.example.com/h.png' } }],
      },
      { type: 'body' as const, parameters: [{ type: 'text' as const, text: 'Ana' }] },
      {
        type: 'button' as const,
        sub_type: 'quick_reply',
        index: 0,
        parameters: [{ type: 'payload' as const, payload: 'STOP' }],
      },
    ];
    const body = await sentBody({
      to: '16505551234',
      content: { type: 'template', name: 'order_confirmation', language: 'es_MX', components },
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'template',
      template: { name: 'order_confirmation', language: { code: 'es_MX' }, components },
    });
  });

  it('sends a reaction without a reply context', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: { type: 'reaction', providerMessageId: 'wamid.TARGET', emoji: '👍' },
      replyToProviderMessageId: 'wamid.TARGET',
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'reaction',
      reaction: { message_id: 'wamid.TARGET', emoji: '👍' },
    });
  });

  it('sends a menu of up to 3 options as interactive reply buttons', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: {
        type: 'interactive',
        interactive: {
          kind: 'buttons',
          body: '¿En qué te ayudamos?',
          buttons: [
            { id: 'opt-ventas', title: 'Ventas' },
            { id: 'opt-asesor', title: 'Hablar con asesor' },
          ],
        },
      },
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: '¿En qué te ayudamos?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'opt-ventas', title: 'Ventas' } },
            { type: 'reply', reply: { id: 'opt-asesor', title: 'Hablar con asesor' } },
          ],
        },
      },
    });
  });

  it('sends a longer menu as an interactive list: one untitled section, descriptions only where set', async () => {
    const body = await sentBody({
      to: '16505551234',
      content: {
        type: 'interactive',
        interactive: {
          kind: 'list',
          body: 'Elige una opción',
          button: 'Ver opciones',
          rows: [
            { id: 'r1', title: 'Ventas', description: 'Precios y pedidos' },
            { id: 'r2', title: 'Soporte' },
            { id: 'r3', title: 'Envíos', description: '' },
            { id: 'r4', title: 'Asesor' },
          ],
        },
      },
      replyToProviderMessageId: 'wamid.QUOTED',
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505551234',
      context: { message_id: 'wamid.QUOTED' },
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Elige una opción' },
        action: {
          button: 'Ver opciones',
          sections: [
            {
              rows: [
                { id: 'r1', title: 'Ventas', description: 'Precios y pedidos' },
                { id: 'r2', title: 'Soporte' },
                { id: 'r3', title: 'Envíos' },
                { id: 'r4', title: 'Asesor' },
              ],
            },
          ],
        },
      },
    });
  });

  it('turns a throughput 429 into a retryable rate limit honouring Retry-After', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '7' },
      body: fixtureJson(__dirname, 'error-throughput.json'),
    });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 130429,
      retryAfterMs: 7000,
      info: '(#130429) Rate limit hit: Cloud API message throughput has been reached.',
    });
  });

  it.each([
    [131056, 400],
    [4, 400],
    [80007, 400],
  ])('treats Graph code %i as a retryable rate limit', async (code, status) => {
    fake.replyOnce({ status, body: { error: { message: 'Rate limited', type: 'OAuthException', code } } });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true, providerCode: code });
  });

  it('fails an undeliverable message for good, with the provider code and details', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-undeliverable.json') });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'PROVIDER_UNDELIVERABLE',
      retryable: false,
      providerCode: 131026,
      retryAfterMs: undefined,
      info: '(#131026) Message Undeliverable.: Unable to deliver message. Reasons can include: the recipient phone number is not a WhatsApp phone number.',
    });
  });

  it.each([
    ['error-reengagement.json', 400, 'OUTSIDE_MESSAGING_WINDOW', 131047],
    ['error-template-param.json', 400, 'TEMPLATE_ERROR', 132000],
    ['error-token-expired.json', 401, 'PROVIDER_AUTH_ERROR', 190],
  ])('maps %s to a non-retryable %s', async (fixture, status, code, providerCode) => {
    fake.replyOnce({ status: status as number, body: fixtureJson(__dirname, fixture as string) });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code, retryable: false, providerCode });
  });

  it('maps an unsupported message type (131051) and unknown codes to non-retryable errors', async () => {
    fake.replyOnce({ status: 400, body: { error: { message: 'Unsupported message type', code: 131051 } } });
    const unsupported = await rejection(
      adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }),
    );
    expect(unsupported).toMatchObject({
      code: 'UNSUPPORTED_CONTENT',
      retryable: false,
      providerCode: 131051,
    });

    fake.replyOnce({ status: 400, body: { error: { message: '(#100) Invalid parameter', code: 100 } } });
    const other = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(other).toMatchObject({
      code: 'SEND_MESSAGE_ERROR',
      retryable: false,
      providerCode: 100,
      info: '(#100) Invalid parameter',
    });
  });

  it('retries a 5xx answer that carries no Graph error', async () => {
    fake.replyOnce({ status: 502, body: '<html><body>Bad Gateway</body></html>' });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
      providerCode: 502,
      info: 'HTTP 502: <html><body>Bad Gateway</body></html>',
    });
  });

  it('refuses a success answer without a message id', async () => {
    fake.replyOnce({ status: 200, body: { messaging_product: 'whatsapp', messages: [] } });
    const error = await rejection(adapter.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'SEND_MESSAGE_ERROR', retryable: false });
  });

  it('reports an unreachable Graph API as retryable PROVIDER_UNAVAILABLE', async () => {
    const offline = new WhatsappCloudAdapter({
      graphUrl: `${await closedPortUrl()}/v25.0`,
      appSecret: APP_SECRET,
    });
    const error = await rejection(offline.send(channel, { to: '1', content: { type: 'text', text: 'x' } }));
    expect(error.code).toBe('PROVIDER_UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.info).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/v25\.0\/106540352242922\/messages: connect ECONNREFUSED/,
    );
  });
});

describe('WhatsappCloudAdapter.verifyWebhook', () => {
  const adapter = new WhatsappCloudAdapter({ graphUrl: 'http://unused.invalid', appSecret: APP_SECRET });
  const rawBody = fixtureBytes(__dirname, 'message-text.json');
  const request = (headers: WebhookRequest['headers'], body: Buffer = rawBody): WebhookRequest => ({
    headers,
    rawBody: body,
    url: 'https://crm.example.com/webhooks/whatsapp',
  });

  it('accepts the HMAC-SHA256 of the raw body keyed with the app secret', () => {
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, APP_SECRET) }))).toBe(
      true,
    );
  });

  it('reads the header whatever its case and when it is repeated', () => {
    const signature = signMetaBody(rawBody, APP_SECRET);
    expect(adapter.verifyWebhook(request({ 'X-Hub-Signature-256': signature }))).toBe(true);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': [signature] }))).toBe(true);
  });

  it('rejects a signature made with another secret', () => {
    expect(
      adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, 'other-secret') })),
    ).toBe(false);
  });

  it('rejects a valid signature of a different body', () => {
    const tampered = Buffer.from(rawBody.toString('utf8').replace('another color', 'a better price'));
    expect(
      adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, APP_SECRET) }, tampered)),
    ).toBe(false);
  });

  it('rejects a missing or malformed signature header', () => {
    const hex = signMetaBody(rawBody, APP_SECRET).slice('sha256='.length);
    expect(adapter.verifyWebhook(request({}))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': '' }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': hex }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': `sha1=${hex}` }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': `sha256=${hex.slice(2)}` }))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': `sha256=${'z'.repeat(64)}` }))).toBe(false);
  });

  it('rejects everything when no app secret is configured', () => {
    const unconfigured = new WhatsappCloudAdapter({ graphUrl: 'http://unused.invalid', appSecret: '' });
    expect(unconfigured.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, '') }))).toBe(
      false,
    );
  });
});

describe('WhatsappCloudAdapter.parseWebhook', () => {
  const adapter = new WhatsappCloudAdapter({ graphUrl: 'http://unused.invalid', appSecret: APP_SECRET });
  const parse = (fixture: string) =>
    adapter.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, fixture),
      url: 'https://crm.example.com/webhooks/whatsapp',
    });
  const parseBody = (body: string) =>
    adapter.parseWebhook({
      headers: {},
      rawBody: Buffer.from(body),
      url: 'https://crm.example.com/webhooks/whatsapp',
    });
  const sender = {
    kind: 'message',
    channelProviderId: '106540352242922',
    from: '16505551234',
    profileName: 'Sheena Nelson',
  };

  it('reads a text message with the sender profile name', () => {
    expect(parse('message-text.json')).toEqual([
      {
        ...sender,
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        timestamp: new Date(1749416383 * 1000),
        content: { type: 'text', text: 'Does it come in another color?' },
      },
    ]);
  });

  it.each([
    [
      'message-image.json',
      {
        type: 'image',
        providerMediaId: '1003383421387256',
        mimeType: 'image/jpeg',
        caption: 'This is an image',
      },
    ],
    [
      'message-video.json',
      { type: 'video', providerMediaId: '1574447123604418', mimeType: 'video/mp4', caption: 'Look at this' },
    ],
    [
      'message-audio.json',
      { type: 'audio', providerMediaId: '1227829768545455', mimeType: 'audio/ogg; codecs=opus' },
    ],
    [
      'message-document.json',
      {
        type: 'document',
        providerMediaId: '1003383421387299',
        mimeType: 'application/pdf',
        caption: 'Lucky Shrub Invoice',
        filename: 'lucky-shrub-invoice.pdf',
      },
    ],
    [
      'message-sticker.json',
      { type: 'sticker', providerMediaId: '1550131592538296', mimeType: 'image/webp' },
    ],
  ])('reads %s as media with its id and mime type', (fixture, content) => {
    const [event] = parse(fixture);
    expect(event).toMatchObject({ ...sender });
    expect(event.kind === 'message' && event.content).toEqual(content);
  });

  it('reads a shared location', () => {
    const [event] = parse('message-location.json');
    expect(event).toMatchObject({ ...sender, timestamp: new Date(1744344850 * 1000) });
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'location',
      latitude: 37.483307,
      longitude: -122.148981,
      name: 'Philz Coffee',
      address: '1 Hacker Way, Menlo Park, CA 94025',
      url: 'https://philzcoffee.com/',
    });
  });

  it('reads shared contact cards', () => {
    const [event] = parse('message-contacts.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Barbara J. Johnson', first_name: 'Barbara', last_name: 'Johnson' },
          phones: [
            { phone: '+1 (940) 555-1234', wa_id: '19405551234', type: 'HOME' },
            { phone: '+1 (650) 555-1234', type: 'WORK' },
          ],
        },
      ],
    });
  });

  it('reads a reply button tap and the message that carried the buttons', () => {
    expect(parse('message-interactive-button-reply.json')).toEqual([
      {
        ...sender,
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUJDMjQ1MzE0NjYzQkU4OUU2AA==',
        timestamp: new Date(1744345000 * 1000),
        content: { type: 'interactive', replyId: 'cancel-button', title: 'Cancel' },
        quotedProviderMessageId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
      },
    ]);
  });

  it('reads a list row choice with its description', () => {
    const [event] = parse('message-interactive-list-reply.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'interactive',
      replyId: 'priority_express',
      title: 'Priority Mail Express',
      description: 'Next Day to 2 Days',
    });
  });

  it('reads a template quick-reply button tap', () => {
    const [event] = parse('message-button.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'button',
      payload: 'Unsubscribe from Promos',
      text: 'Unsubscribe from Promos',
    });
  });

  it('reads a reaction to one of our messages', () => {
    const [event] = parse('message-reaction.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'reaction',
      providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA',
      emoji: '👍',
    });
  });

  it('keeps the quoted message id of a reply', () => {
    const [event] = parse('message-reply-with-context.json');
    expect(event).toMatchObject({
      ...sender,
      content: { type: 'text', text: 'Yes, the blue one please' },
      quotedProviderMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMTE4RTUA',
    });
  });

  it('marks a message type WhatsApp could not deliver to us as unsupported', () => {
    const [event] = parse('message-unsupported.json');
    expect(event.kind === 'message' && event.content).toMatchObject({
      type: 'unsupported',
      rawType: 'unsupported',
      // Kept whole, errors included, for later.
      raw: { type: 'unsupported', errors: [expect.objectContaining({ code: 131051 })] },
    });
  });

  it('marks a message type newer than this code as unsupported', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    body.entry[0].changes[0].value.messages[0] = {
      from: '16505551234',
      id: 'wamid.NEW',
      timestamp: '1749416400',
      type: 'hologram',
      hologram: { id: '1' },
    };
    const [event] = parseBody(JSON.stringify(body));
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'unsupported',
      rawType: 'hologram',
      raw: body.entry[0].changes[0].value.messages[0],
    });
  });

  it('reads a sent status with the end of the reply window', () => {
    expect(parse('status-sent.json')).toEqual([
      {
        kind: 'status',
        channelProviderId: '106540352242922',
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
        status: 'sent',
        timestamp: new Date(1750263480 * 1000),
        recipient: '16505551234',
        windowExpiresAt: new Date(1750349880 * 1000),
      },
    ]);
  });

  it('reads delivered and read statuses, read as viewed', () => {
    expect(parse('status-delivered.json')).toMatchObject([{ kind: 'status', status: 'delivered' }]);
    expect(parse('status-delivered.json')[0]).not.toHaveProperty('windowExpiresAt');
    expect(parse('status-read.json')).toEqual([
      {
        kind: 'status',
        channelProviderId: '106540352242922',
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3MTE5MjVBOTE3MDk5QUVFM0YA',
        status: 'viewed',
        timestamp: new Date(1750263490 * 1000),
        recipient: '16505551234',
      },
    ]);
  });

  it('reads a failed status with the error code, title and details', () => {
    expect(parse('status-failed.json')).toEqual([
      {
        kind: 'status',
        channelProviderId: '106540352242922',
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJGRjE0QkI3NkIwQUZBQzdGNEYA',
        status: 'failed',
        timestamp: new Date(1750263500 * 1000),
        recipient: '16505551234',
        error: {
          code: '131047',
          title: 'Re-engagement message',
          details:
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        },
      },
    ]);
  });

  it('reads every message and status of every change of every entry, in order', () => {
    const events = parse('batch-two-entries.json');
    expect(
      events.map((event) => [
        event.kind,
        event.channelProviderId,
        'providerMessageId' in event && event.providerMessageId,
      ]),
    ).toEqual([
      ['message', '106540352242922', 'wamid.BATCH.IN.1'],
      ['message', '106540352242922', 'wamid.BATCH.IN.2'],
      ['status', '106540352242922', 'wamid.BATCH.OUT.1'],
      ['status', '106540352242922', 'wamid.BATCH.OUT.2'],
      ['message', '209871234567890', 'wamid.BATCH.IN.3'],
      ['status', '209871234567890', 'wamid.BATCH.OUT.3'],
    ]);
    expect(events[1]).toMatchObject({
      from: '5215512345678',
      profileName: 'Lucía Pérez',
      content: { type: 'image' },
    });
    expect(events[3]).toMatchObject({ status: 'viewed' });
    expect(events[4]).toMatchObject({
      from: '5491123456789',
      profileName: 'Diego Ramos',
      content: { text: '¿Tienen envío?' },
    });
    expect(events[5]).toMatchObject({
      status: 'failed',
      error: { code: '131026', title: 'Message undeliverable' },
    });
  });

  it('ignores status values it does not know, even ones named like object properties', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'status-read.json').toString('utf8'));
    body.entry[0].changes[0].value.statuses = [
      { ...body.entry[0].changes[0].value.statuses[0], status: 'constructor' },
      { ...body.entry[0].changes[0].value.statuses[0], status: 'warning' },
    ];
    expect(parseBody(JSON.stringify(body))).toEqual([]);
  });

  it('names a user who hides their number by their business-scoped id', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    const value = body.entry[0].changes[0].value;
    value.contacts = [
      { profile: { name: 'Sheena', username: '@sheena' }, user_id: 'US.13491208655302741918' },
    ];
    delete value.messages[0].from;
    value.messages[0].from_user_id = 'US.13491208655302741918';
    const [event] = parseBody(JSON.stringify(body));
    expect(event).toMatchObject({ from: 'US.13491208655302741918', profileName: 'Sheena' });
  });

  it('yields nothing for changes of other webhook fields', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'template-status-update.json').toString('utf8'));
    body.entry[0].changes[0] = {
      field: 'account_update',
      value: { phone_number: '15550783881', event: 'VERIFIED_ACCOUNT' },
    };
    expect(parseBody(JSON.stringify(body))).toEqual([]);
  });

  it('rejects a body that is not JSON', () => {
    expect(() => parseBody('{"object":"whatsapp_business_account",')).toThrow(WebhookParseError);
  });

  it('rejects JSON that is not a WhatsApp Business Account notification', () => {
    expect(() => parseBody(JSON.stringify({ object: 'page', entry: [] }))).toThrow(WebhookParseError);
    expect(() => parseBody(JSON.stringify({ object: 'whatsapp_business_account' }))).toThrow(
      WebhookParseError,
    );
    expect(() => parseBody('[]')).toThrow(WebhookParseError);
  });

  it('rejects a message without a timestamp', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    delete body.entry[0].changes[0].value.messages[0].timestamp;
    expect(() => parseBody(JSON.stringify(body))).toThrow(WebhookParseError);
  });
});

describe('WhatsappCloudAdapter.parseWebhook, beyond text and files', () => {
  const adapter = new WhatsappCloudAdapter({ graphUrl: 'http://unused.invalid', appSecret: APP_SECRET });
  const parse = (fixture: string, channelHint?: string) =>
    adapter.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, fixture),
      url: 'https://crm.example.com/webhooks/whatsapp',
      channelHint,
    });

  it('reads an order with every item, quantity and price', () => {
    const [event] = parse('message-order.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'order',
      catalogId: '354160437058781',
      items: [
        { productId: 'HAMBURGER', quantity: 3, itemPrice: 30, currency: 'ILS' },
        { productId: 'FRENCH_FRIES', quantity: 2, itemPrice: 35, currency: 'ILS' },
        { productId: 'SODA', quantity: 2, itemPrice: 10, currency: 'ILS' },
      ],
    });
  });

  it('reads a completed Flow as its answers, without the flow token', () => {
    const [event] = parse('message-flow-reply.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'flow_reply',
      name: 'flow',
      body: 'Sent',
      fields: [
        { key: 'screen_0_name_0', value: 'Email' },
        { key: 'screen_0_orderNumber_1', value: 'ID' },
      ],
    });
  });

  it('reads a number change as a system notice naming the new number', () => {
    const [event] = parse('message-system-number-change.json');
    expect(event).toMatchObject({
      kind: 'message',
      from: '972987654321',
      content: {
        type: 'system',
        notice: { event: 'number_changed', rawType: 'user_changed_number', newSenderId: '972912345678' },
      },
    });
  });

  it('reads an identity change as a system notice', () => {
    const [event] = parse('message-system-identity-change.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'system',
      notice: {
        event: 'identity_changed',
        rawType: 'customer_identity_changed',
        body: 'User identity changed',
      },
    });
  });

  it('reads an edit as a change of the original message, with its new content', () => {
    expect(parse('message-edit.json')).toEqual([
      {
        kind: 'change',
        channelProviderId: '106540352242922',
        providerMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
        originalProviderMessageId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
        from: '16505551234',
        timestamp: new Date(1749854575 * 1000),
        change: {
          type: 'edit',
          content: {
            type: 'image',
            providerMediaId: '1234567890',
            mimeType: 'image/jpeg',
            caption: 'Updated image caption',
          },
        },
      },
    ]);
  });

  it('reads a deleted message as a revoke of the original, not as a new message', () => {
    const [event] = parse('message-revoke.json');
    expect(event).toMatchObject({
      kind: 'change',
      originalProviderMessageId: '<ORIGINAL_WHATSAPP_MESSAGE_ID>',
      change: { type: 'revoke' },
    });
  });

  it('keeps the click-to-WhatsApp ad a text came from', () => {
    const [event] = parse('message-ad-referral.json', '106540352242922');
    expect(event).toMatchObject({
      kind: 'message',
      content: { type: 'text', text: 'Hello nielekeze' },
      referral: {
        source: 'ad',
        sourceUrl: 'https://fb.me/3TYpooaRT',
        sourceId: '52558118838064',
        headline: 'Diana Digital',
        body: 'washa data tu',
        mediaType: 'video',
        ctwaClid: 'AfhcQdP2E4A8wWpeb1FqUzUi',
      },
    });
  });

  it('keeps the ad, the forwarding mark and the product asked about of a button tap', () => {
    const [event] = parse('message-button-referral.json');
    expect(event).toMatchObject({
      content: { type: 'button', payload: 'No-Button-Payload', text: 'No' },
      referral: { source: 'ad', headline: 'AD_TITLE', sourceId: 'ADID' },
      forwarded: 'many',
      referredProduct: { catalogId: 'CATALOG_ID', productId: 'PRODUCT_ID' },
    });
  });

  it('reads what the business sent from the WhatsApp Business app as an echo to the customer', () => {
    const [event] = parse('smb-message-echo.json');
    expect(event).toMatchObject({
      kind: 'message',
      echo: true,
      from: '<WHATSAPP_USER_PHONE_NUMBER>',
      providerMessageId: '<WHATSAPP_MESSAGE_ID>',
      content: { type: 'text', text: 'Test message' },
    });
  });

  it('keeps an interactive message WhatsApp could not read, with the change’s errors', () => {
    const [event] = parse('message-interactive-error.json');
    expect(event.kind === 'message' && event.content).toMatchObject({
      type: 'unsupported',
      rawType: 'interactive',
      raw: { errors: [expect.objectContaining({ code: 131000 })] },
    });
  });

  it('gives a message that comes without an id one derived from its bytes, the same on every redelivery', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    delete body.entry[0].changes[0].value.messages[0].id;
    const read = () =>
      adapter.parseWebhook({ headers: {}, rawBody: Buffer.from(JSON.stringify(body)), url: '' })[0];
    expect(read()).toMatchObject({
      providerMessageId: expect.stringMatching(/^wamid\.derived\.[0-9a-f]{64}$/),
    });
    expect(read().kind === 'message' && read()).toEqual(read());
  });

  it('names the channel from the URL when a change has no metadata', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'message-text.json').toString('utf8'));
    delete body.entry[0].changes[0].value.metadata;
    const parseWith = (channelHint?: string) =>
      adapter.parseWebhook({ headers: {}, rawBody: Buffer.from(JSON.stringify(body)), url: '', channelHint });
    expect(parseWith('106540352242922')[0]).toMatchObject({ channelProviderId: '106540352242922' });
    expect(() => parseWith()).toThrow(WebhookParseError);
  });
});
