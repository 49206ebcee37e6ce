import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChannelCredentials,
  type OutboundMessage,
  type WebhookContext,
  WebhookParseError,
  type WebhookRequest,
} from '../channel-provider';
import {
  closedPortUrl,
  FakeProviderServer,
  fixtureBytes,
  fixtureJson,
  rejection,
} from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { SmsAdapter } from './sms.adapter';
import { twilioSignature } from './twilio-signature';

const ACCOUNT_SID = 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX';
const AUTH_TOKEN = 'twilio-auth-token-1234';
const OUR_NUMBER = '15557122661';
const CUSTOMER = '5215512345678';
const WEBHOOK_URL = 'https://crm.example.com/webhooks/sms';
const RECEIVED_AT = new Date('2026-11-22T03:58:30Z');
const channel: ChannelCredentials = {
  platform: 'sms',
  providerId: OUR_NUMBER,
  accessToken: `${ACCOUNT_SID}:${AUTH_TOKEN}`,
  phone: OUR_NUMBER,
};

describe('SmsAdapter.send', () => {
  let fake: FakeProviderServer;
  let adapter: SmsAdapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 201,
      body: fixtureJson(__dirname, 'message-created.json'),
    });
    adapter = new SmsAdapter({ apiUrl: `${fake.url}/2010-04-01`, statusCallbackUrl: WEBHOOK_URL });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('creates a message with HTTP Basic auth and a form body, returning its sid', async () => {
    const result = await adapter.send(channel, {
      to: CUSTOMER,
      content: { type: 'text', text: 'Abrimos a las 9 & cerramos a las 8' },
    });

    expect(result).toEqual({ providerMessageId: 'SMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX10' });
    const request = fake.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toBe(
      'To=%2B5215512345678&From=%2B15557122661&Body=Abrimos+a+las+9+%26+cerramos+a+las+8' +
        '&StatusCallback=https%3A%2F%2Fcrm.example.com%2Fwebhooks%2Fsms',
    );
  });

  it('sends media as MMS with the caption as body', async () => {
    await adapter.send(channel, {
      to: `+${CUSTOMER}`,
      content: { type: 'image', url: 'https://cdn.example.com/promo.jpg', caption: 'Promo' },
    });
    expect([...new URLSearchParams(fake.last().body)]).toEqual([
      ['To', '+5215512345678'],
      ['From', '+15557122661'],
      ['Body', 'Promo'],
      ['MediaUrl', 'https://cdn.example.com/promo.jpg'],
      ['StatusCallback', WEBHOOK_URL],
    ]);
  });

  it("sends a bot's menu as its numbered text", async () => {
    await adapter.send(channel, {
      to: CUSTOMER,
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
    expect([...new URLSearchParams(fake.last().body)]).toEqual([
      ['To', '+5215512345678'],
      ['From', '+15557122661'],
      ['Body', '¿En qué te ayudamos?\n\n1. Ventas\n2. Hablar con asesor'],
      ['StatusCallback', WEBHOOK_URL],
    ]);
  });

  it('omits StatusCallback when none is configured', async () => {
    const bare = new SmsAdapter({ apiUrl: `${fake.url}/2010-04-01` });
    await bare.send(channel, {
      to: CUSTOMER,
      content: { type: 'document', url: 'https://cdn.example.com/a.pdf' },
    });
    expect(fake.last().body).toBe(
      'To=%2B5215512345678&From=%2B15557122661&MediaUrl=https%3A%2F%2Fcdn.example.com%2Fa.pdf',
    );
  });

  it.each<OutboundMessage['content']>([
    { type: 'location', latitude: 1, longitude: 2 },
    { type: 'contacts', contacts: [] },
    { type: 'template', name: 'promo', language: 'es', components: [] },
    { type: 'reaction', providerMessageId: 'SM1', emoji: '👍' },
  ])('refuses $type content without calling the API', async (content) => {
    const error = await rejection(adapter.send(channel, { to: CUSTOMER, content }));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_CONTENT', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses credentials that are not "accountSid:authToken"', async () => {
    const error = await rejection(
      adapter.send(
        { ...channel, accessToken: 'only-a-token' },
        { to: CUSTOMER, content: { type: 'text', text: 'x' } },
      ),
    );
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('retries Too Many Requests after Retry-After', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '3' },
      body: fixtureJson(__dirname, 'error-too-many-requests.json'),
    });
    const error = await rejection(
      adapter.send(channel, { to: CUSTOMER, content: { type: 'text', text: 'x' } }),
    );
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 20429,
      retryAfterMs: 3000,
      info: 'Too Many Requests',
    });
  });

  it('fails an invalid To number for good with the Twilio code and message', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-invalid-to.json') });
    const error = await rejection(
      adapter.send(channel, { to: CUSTOMER, content: { type: 'text', text: 'x' } }),
    );
    expect(error).toMatchObject({
      code: 'PROVIDER_INVALID_RECIPIENT',
      retryable: false,
      providerCode: 21211,
      info: "Invalid 'To' Phone Number: +52155123",
    });
  });

  it.each([
    ['error-unsubscribed.json', 400, 'RECIPIENT_UNSUBSCRIBED', 21610],
    ['error-authenticate.json', 401, 'PROVIDER_AUTH_ERROR', 20003],
  ])('maps %s to non-retryable %s', async (fixture, status, code, providerCode) => {
    fake.replyOnce({ status: status as number, body: fixtureJson(__dirname, fixture as string) });
    const error = await rejection(
      adapter.send(channel, { to: CUSTOMER, content: { type: 'text', text: 'x' } }),
    );
    expect(error).toMatchObject({ code, retryable: false, providerCode });
  });

  it('retries a 503 from the API', async () => {
    fake.replyOnce({ status: 503, body: { code: 20500, message: 'Internal Server Error', status: 503 } });
    const error = await rejection(
      adapter.send(channel, { to: CUSTOMER, content: { type: 'text', text: 'x' } }),
    );
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true, providerCode: 20500 });
  });

  it('reports an unreachable API as retryable PROVIDER_UNAVAILABLE', async () => {
    const offline = new SmsAdapter({ apiUrl: await closedPortUrl() });
    const error = await rejection(
      offline.send(channel, { to: CUSTOMER, content: { type: 'text', text: 'x' } }),
    );
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect(error.info).not.toContain(AUTH_TOKEN);
  });
});

describe('SmsAdapter.verifyWebhook', () => {
  const tokens: Record<string, string> = { [OUR_NUMBER]: AUTH_TOKEN };
  const adapter = new SmsAdapter({ apiUrl: 'http://unused.invalid' });
  // Our channels as the registry looks them up: the account's "accountSid:authToken" per number.
  const context: WebhookContext = {
    credentialsFor: async (number) =>
      tokens[number] ? { platform: 'sms', providerId: number, accessToken: `AC123:${tokens[number]}` } : null,
  };
  const signed = (fixture: string, token = AUTH_TOKEN, url = WEBHOOK_URL): WebhookRequest => {
    const rawBody = fixtureBytes(__dirname, fixture);
    return {
      headers: {
        'x-twilio-signature': twilioSignature(token, url, new URLSearchParams(rawBody.toString('utf8'))),
      },
      rawBody,
      url: WEBHOOK_URL,
    };
  };

  it("matches Twilio's documented example signature", () => {
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    });
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      '0/KCTR6DLpKmkAf8muzZqo1nDgQ=',
    );
  });

  it('accepts an incoming message signed with the token of the number it was sent to', async () => {
    expect(await adapter.verifyWebhook(signed('inbound-sms.txt'), context)).toBe(true);
    expect(await adapter.verifyWebhook(signed('inbound-mms.txt'), context)).toBe(true);
  });

  it('accepts a status callback, keyed by our number in From', async () => {
    expect(SmsAdapter.channelNumber(signed('status-delivered.txt'))).toBe(OUR_NUMBER);
    expect(await adapter.verifyWebhook(signed('status-delivered.txt'), context)).toBe(true);
  });

  it('accepts a signature computed over the URL with the default port', async () => {
    expect(
      await adapter.verifyWebhook(
        signed('inbound-sms.txt', AUTH_TOKEN, 'https://crm.example.com:443/webhooks/sms'),
        context,
      ),
    ).toBe(true);
  });

  it('rejects a wrong token, another URL, a tampered body or no signature', async () => {
    expect(await adapter.verifyWebhook(signed('inbound-sms.txt', 'other-token'), context)).toBe(false);
    expect(
      await adapter.verifyWebhook(
        signed('inbound-sms.txt', AUTH_TOKEN, 'https://evil.example.com/webhooks/sms'),
        context,
      ),
    ).toBe(false);
    const request = signed('inbound-sms.txt');
    const tampered = {
      ...request,
      rawBody: Buffer.from(request.rawBody.toString('utf8').replace('Hola', 'Adios')),
    };
    expect(await adapter.verifyWebhook(tampered, context)).toBe(false);
    expect(await adapter.verifyWebhook({ ...request, headers: {} }, context)).toBe(false);
  });

  it('rejects a request for a number no channel owns', async () => {
    const request = signed('inbound-sms.txt');
    const body = request.rawBody.toString('utf8').replace('To=%2B15557122661', 'To=%2B15550000000');
    const params = new URLSearchParams(body);
    expect(
      await adapter.verifyWebhook(
        {
          headers: { 'x-twilio-signature': twilioSignature(AUTH_TOKEN, WEBHOOK_URL, params) },
          rawBody: Buffer.from(body),
          url: WEBHOOK_URL,
        },
        context,
      ),
    ).toBe(false);
  });

  it('verifies with a token the caller looked up itself', async () => {
    const withoutLookup = new SmsAdapter({ apiUrl: 'http://unused.invalid' });
    expect(
      await withoutLookup.verifyWebhook(signed('inbound-sms.txt'), { credentialsFor: async () => null }),
    ).toBe(false);
    expect(withoutLookup.verifyWebhookWith(signed('inbound-sms.txt'), AUTH_TOKEN)).toBe(true);
    expect(withoutLookup.verifyWebhookWith(signed('inbound-sms.txt'), 'other-token')).toBe(false);
  });
});

describe('SmsAdapter.parseWebhook', () => {
  const adapter = new SmsAdapter({ apiUrl: 'http://unused.invalid', now: () => RECEIVED_AT });
  const parseBody = (body: string | Buffer) =>
    adapter.parseWebhook({ headers: {}, rawBody: Buffer.from(body), url: WEBHOOK_URL });
  const parse = (fixture: string) => parseBody(fixtureBytes(__dirname, fixture));

  it('reads an incoming SMS: channel from To, sender from From', () => {
    expect(parse('inbound-sms.txt')).toEqual([
      {
        kind: 'message',
        channelProviderId: OUR_NUMBER,
        providerMessageId: 'SMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX1',
        from: CUSTOMER,
        timestamp: RECEIVED_AT,
        content: { type: 'text', text: 'Hola, ¿a qué hora abren?' },
      },
    ]);
  });

  it('reads every file of an MMS, the text as the first caption', () => {
    const media = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT_SID}/Messages/MMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX2/Media`;
    expect(parse('inbound-mms.txt')).toEqual([
      {
        kind: 'message',
        channelProviderId: OUR_NUMBER,
        providerMessageId: 'MMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX2',
        from: CUSTOMER,
        timestamp: RECEIVED_AT,
        content: {
          type: 'image',
          url: `${media}/MEXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX0`,
          mimeType: 'image/jpeg',
          caption: 'Así quedó',
        },
      },
      {
        kind: 'message',
        channelProviderId: OUR_NUMBER,
        providerMessageId: 'MMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX2#1',
        from: CUSTOMER,
        timestamp: RECEIVED_AT,
        content: {
          type: 'document',
          url: `${media}/MEXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX1`,
          mimeType: 'application/pdf',
        },
      },
    ]);
  });

  it.each([
    ['status-queued.txt', 'sent'],
    ['status-sent.txt', 'sent'],
    ['status-delivered.txt', 'delivered'],
    ['status-read.txt', 'viewed'],
  ])('reads %s as %s for our message', (fixture, status) => {
    expect(parse(fixture)).toEqual([
      {
        kind: 'status',
        channelProviderId: OUR_NUMBER,
        providerMessageId: 'SMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX10',
        status,
        timestamp: RECEIVED_AT,
        recipient: CUSTOMER,
      },
    ]);
  });

  it.each([
    [
      'status-undelivered.txt',
      'SMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX11',
      '30003',
      'Unreachable destination handset',
    ],
    ['status-failed.txt', 'SMXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX12', '30007', 'Message filtered'],
  ])('reads %s as failed with the error code', (fixture, sid, code, title) => {
    expect(parse(fixture)).toEqual([
      {
        kind: 'status',
        channelProviderId: OUR_NUMBER,
        providerMessageId: sid,
        status: 'failed',
        timestamp: RECEIVED_AT,
        recipient: CUSTOMER,
        error: { code, title },
      },
    ]);
  });

  it('ignores a status this code does not know', () => {
    const body = fixtureBytes(__dirname, 'status-sent.txt')
      .toString('utf8')
      .replaceAll('=sent', '=partially_delivered');
    expect(parseBody(body)).toEqual([]);
  });

  it('rejects a body that is not a Twilio messaging webhook', () => {
    expect(() => parseBody('{"MessageSid":"SM1"}')).toThrow(WebhookParseError);
    expect(() => parseBody('MessageSid=SM1&From=%2B1555')).toThrow(WebhookParseError);
    expect(() =>
      parseBody('MessageSid=SM1&From=%2B1555&To=%2B1556&NumMedia=2&MediaUrl0=https%3A%2F%2Fx'),
    ).toThrow(WebhookParseError);
  });
});

describe('SmsAdapter.parseWebhook, typed messages and names', () => {
  const adapter = new SmsAdapter({ apiUrl: 'http://unused.invalid', now: () => RECEIVED_AT });
  const parse = (fixture: string, channelHint?: string) =>
    adapter.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, fixture),
      url: WEBHOOK_URL,
      channelHint,
    });

  it('reads a shared location (MessageType=location) as a location', () => {
    expect(parse('inbound-location.txt')).toEqual([
      {
        kind: 'message',
        channelProviderId: OUR_NUMBER,
        providerMessageId: 'SMxx',
        from: '12345',
        timestamp: RECEIVED_AT,
        content: { type: 'location', latitude: 12.160894393921, longitude: 75.265205383301 },
      },
    ]);
  });

  it('names the sender by ProfileName', () => {
    const [event] = parse('inbound-profile-name.txt');
    expect(event).toMatchObject({ from: '1234567890', profileName: 'John Doe' });
  });

  it('takes our number from the webhook URL when the form leaves To out', () => {
    const body = fixtureBytes(__dirname, 'inbound-profile-name.txt')
      .toString('utf8')
      .replace(/&To=[^&]*/, '');
    const request = { headers: {}, rawBody: Buffer.from(body), url: `${WEBHOOK_URL}/${OUR_NUMBER}` };
    expect(SmsAdapter.channelNumber({ ...request, channelHint: OUR_NUMBER })).toBe(OUR_NUMBER);
    expect(adapter.parseWebhook({ ...request, channelHint: OUR_NUMBER })[0]).toMatchObject({
      channelProviderId: OUR_NUMBER,
    });
    expect(() => adapter.parseWebhook(request)).toThrow(WebhookParseError);
  });
});
