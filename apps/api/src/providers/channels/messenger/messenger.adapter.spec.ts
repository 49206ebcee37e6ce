import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChannelCredentials,
  type OutboundMessage,
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
import { signMetaBody } from '../whatsapp-cloud/meta-signature';
import { MessengerAdapter } from './messenger.adapter';
import { appSecretProof } from './messenger.client';

const APP_SECRET = 'messenger-app-secret';
const PAGE = '682498302938465';
const PSID = '6543210987654321';
const channel: ChannelCredentials = {
  platform: 'messenger',
  providerId: PAGE,
  accessToken: 'EAAPageToken123',
};

describe('MessengerAdapter.send', () => {
  let fake: FakeProviderServer;
  let adapter: MessengerAdapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start({
      status: 200,
      body: fixtureJson(__dirname, 'send-response.json'),
    });
    adapter = new MessengerAdapter({ graphUrl: `${fake.url}/v25.0`, appSecret: APP_SECRET });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('posts a text reply to /{page-id}/messages with the page token and its appsecret_proof', async () => {
    const result = await adapter.send(channel, {
      to: PSID,
      content: { type: 'text', text: 'Sí, tenemos talla M' },
    });

    expect(result).toEqual({ providerMessageId: 'm_AG5Hz2UqSENTywaKpO9kkQR7Gv-nM8LIfLZDamVrALniheU' });
    const request = fake.last();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v25.0/${PAGE}/messages`);
    expect(Object.fromEntries(request.query)).toEqual({
      access_token: 'EAAPageToken123',
      appsecret_proof: appSecretProof('EAAPageToken123', APP_SECRET),
    });
    expect(request.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: { text: 'Sí, tenemos talla M' },
    });
  });

  it('quotes the replied message with reply_to', async () => {
    await adapter.send(channel, {
      to: PSID,
      content: { type: 'text', text: 'Claro' },
      replyToProviderMessageId: 'm_QUOTED',
    });
    expect(JSON.parse(fake.last().body)).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: { text: 'Claro' },
      reply_to: { mid: 'm_QUOTED' },
    });
  });

  it.each([
    ['image', 'image'],
    ['video', 'video'],
    ['audio', 'audio'],
    ['document', 'file'],
    ['sticker', 'image'],
  ] as const)('sends %s media as a reusable %s attachment by URL', async (type, attachmentType) => {
    await adapter.send(channel, {
      to: PSID,
      content: { type, url: 'https://cdn.example.com/f', caption: 'ignored' },
    });
    expect(JSON.parse(fake.last().body)).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: {
        attachment: {
          type: attachmentType,
          payload: { url: 'https://cdn.example.com/f', is_reusable: true },
        },
      },
    });
  });

  it("sends a bot's menu as its numbered text with one quick reply per option, the option id as payload", async () => {
    await adapter.send(channel, {
      to: PSID,
      content: {
        type: 'interactive',
        interactive: {
          kind: 'list',
          body: '¿En qué te ayudamos?',
          button: 'Ver opciones',
          rows: [
            { id: 'opt-ventas', title: 'Ventas', description: 'Precios' },
            { id: 'opt-soporte', title: 'Soporte técnico para tu pedido' },
          ],
        },
      },
    });
    expect(JSON.parse(fake.last().body)).toEqual({
      recipient: { id: PSID },
      messaging_type: 'RESPONSE',
      message: {
        text: '¿En qué te ayudamos?\n\n1. Ventas\n2. Soporte técnico para tu pedido',
        quick_replies: [
          { content_type: 'text', title: 'Ventas', payload: 'opt-ventas' },
          // Messenger cuts a title at 20 characters.
          { content_type: 'text', title: 'Soporte técnico par…', payload: 'opt-soporte' },
        ],
      },
    });
  });

  it('sends reply buttons as quick replies too, at most 13 of them', async () => {
    await adapter.send(channel, {
      to: PSID,
      content: {
        type: 'interactive',
        interactive: { kind: 'buttons', body: 'Hola', buttons: [{ id: 'si', title: 'Sí' }] },
      },
    });
    expect(JSON.parse(fake.last().body).message).toEqual({
      text: 'Hola\n\n1. Sí',
      quick_replies: [{ content_type: 'text', title: 'Sí', payload: 'si' }],
    });

    const rows = Array.from({ length: 15 }, (_, index) => ({ id: `r${index}`, title: `Opción ${index}` }));
    await adapter.send(channel, {
      to: PSID,
      content: { type: 'interactive', interactive: { kind: 'list', body: 'Elige', button: 'Ver', rows } },
    });
    expect(JSON.parse(fake.last().body).message.quick_replies).toHaveLength(13);
  });

  it.each<OutboundMessage['content']>([
    { type: 'location', latitude: 1, longitude: 2 },
    { type: 'contacts', contacts: [] },
    { type: 'template', name: 'promo', language: 'es', components: [] },
    { type: 'reaction', providerMessageId: 'm_1', emoji: '❤️' },
  ])('refuses $type content without calling the API', async (content) => {
    const error = await rejection(adapter.send(channel, { to: PSID, content }));
    expect(error).toMatchObject({ code: 'UNSUPPORTED_CONTENT', retryable: false });
    expect(fake.requests).toHaveLength(0);
  });

  it('turns the outside-the-window error into a non-retryable FACEBOOK_MESSAGE_ERROR', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-outside-window.json') });
    const error = await rejection(adapter.send(channel, { to: PSID, content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'FACEBOOK_MESSAGE_ERROR', retryable: false, providerCode: 10 });
    expect(error.info).toContain('(#10) This message is sent outside of allowed window.');
  });

  it('fails a message to an unavailable person for good', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-user-unavailable.json') });
    const error = await rejection(adapter.send(channel, { to: PSID, content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_UNDELIVERABLE',
      retryable: false,
      providerCode: 551,
      info: "(#551) This person isn't available right now.",
    });
  });

  it.each([613, 4, 32])('retries Graph rate limit code %i', async (code) => {
    fake.replyOnce({
      status: 400,
      body: { error: { message: 'Rate limited', type: 'OAuthException', code } },
    });
    const error = await rejection(adapter.send(channel, { to: PSID, content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true, providerCode: code });
  });

  it('honours Retry-After on a 429', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '30' },
      body: fixtureJson(__dirname, 'error-rate-limit.json'),
    });
    const error = await rejection(adapter.send(channel, { to: PSID, content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 613,
      retryAfterMs: 30_000,
    });
  });

  it('never puts the page token in an error', async () => {
    const offline = new MessengerAdapter({
      graphUrl: `${await closedPortUrl()}/v25.0`,
      appSecret: APP_SECRET,
    });
    const error = await rejection(offline.send(channel, { to: PSID, content: { type: 'text', text: 'x' } }));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect(error.info).toContain(`/v25.0/${PAGE}/messages`);
    expect(error.info).not.toContain('EAAPageToken123');
    expect(error.message).not.toContain('access_token');
  });
});

describe('MessengerAdapter.verifyWebhook', () => {
  const adapter = new MessengerAdapter({ graphUrl: 'http://unused.invalid', appSecret: APP_SECRET });
  const rawBody = fixtureBytes(__dirname, 'message-text.json');
  const request = (headers: WebhookRequest['headers'], body: Buffer = rawBody): WebhookRequest => ({
    headers,
    rawBody: body,
    url: 'https://crm.example.com/webhooks/messenger',
  });

  it('accepts X-Hub-Signature-256 made with the Messenger app secret', () => {
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, APP_SECRET) }))).toBe(
      true,
    );
  });

  it('rejects a signature of another app, of another body, or none', () => {
    expect(
      adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, 'whatsapp-secret') })),
    ).toBe(false);
    const other = fixtureBytes(__dirname, 'read.json');
    expect(
      adapter.verifyWebhook(request({ 'x-hub-signature-256': signMetaBody(rawBody, APP_SECRET) }, other)),
    ).toBe(false);
    expect(adapter.verifyWebhook(request({}))).toBe(false);
    expect(adapter.verifyWebhook(request({ 'x-hub-signature-256': 'sha256=nothex' }))).toBe(false);
  });
});

describe('MessengerAdapter.parseWebhook', () => {
  // The fixtures' echoes come from this app: what it sent is stored when sent.
  const OUR_APP_ID = '1517776481860111';
  const adapter = new MessengerAdapter({
    graphUrl: 'http://unused.invalid',
    appSecret: APP_SECRET,
    appId: OUR_APP_ID,
  });
  const parseBody = (body: Buffer) =>
    adapter.parseWebhook({ headers: {}, rawBody: body, url: 'https://crm.example.com/webhooks/messenger' });
  const parse = (fixture: string) => parseBody(fixtureBytes(__dirname, fixture));
  const fromPsid = { kind: 'message', channelProviderId: PAGE, from: PSID };

  it('reads a text message from the person to the page', () => {
    expect(parse('message-text.json')).toEqual([
      {
        ...fromPsid,
        providerMessageId: 'm_AG5Hz2UqT7ywaKpO9kkQR7Gv-nM8LIfLZDamVrALniheU',
        timestamp: new Date(1763781200000),
        content: { type: 'text', text: 'hola, ¿tienen talla M?' },
      },
    ]);
  });

  it("reads a quick-reply tap as an interactive reply: the payload is the option's id, the text its title", () => {
    const [event] = parse('message-quick-reply.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'interactive',
      replyId: 'CONFIRM_ORDER_YES',
      title: 'Sí',
    });
  });

  it('keeps the quoted message of a reply', () => {
    expect(parse('message-reply.json')).toEqual([
      {
        ...fromPsid,
        providerMessageId: 'm_1457764197618:41d102a3e1ae206a38',
        timestamp: new Date(1763781202000),
        content: { type: 'text', text: '¿Y en azul?' },
        quotedProviderMessageId: 'm_1fTq8oLumEyIp3Q2MR-aY7IfLZDamVrALniheU',
      },
    ]);
  });

  it.each([
    ['message-image.json', 'image', 'image_n.jpg'],
    ['message-video.json', 'video', 'video_n.mp4'],
    ['message-audio.json', 'audio', 'audio_n.mp4'],
    ['message-file.json', 'document', 'file_n.pdf'],
  ])('reads %s as %s media with its CDN URL', (fixture, type, file) => {
    const [event] = parse(fixture);
    expect(event).toMatchObject(fromPsid);
    expect(event.kind === 'message' && event.content).toEqual({
      type,
      url: expect.stringContaining(`https://scontent.xx.fbcdn.net/v/t1.15752-9/${file}?`),
    });
  });

  it('reads every image of an album, with distinct ids', () => {
    const events = parse('message-album.json');
    expect(events).toEqual([
      {
        ...fromPsid,
        providerMessageId: 'm_ALBUMcAAJdkrCd2ORnva8ErFhjGm0X',
        timestamp: new Date(1763781204000),
        content: { type: 'image', url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/one_n.jpg?oh=1' },
      },
      {
        ...fromPsid,
        providerMessageId: 'm_ALBUMcAAJdkrCd2ORnva8ErFhjGm0X#1',
        timestamp: new Date(1763781204000),
        content: { type: 'image', url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/two_n.jpg?oh=2' },
      },
    ]);
  });

  it('reads a sticker once although Messenger sends it as sticker and image', () => {
    const events = parse('message-sticker.json');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ content: { type: 'sticker' } });
  });

  it('reads a shared location', () => {
    const [event] = parse('message-location.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'location',
      latitude: 19.4326,
      longitude: -99.1332,
      name: 'Ubicación de Lucía',
      url: expect.stringContaining('https://l.facebook.com/l.php'),
    });
  });

  it('reads a shared link (fallback attachment) as a link with its title and the words sent with it', () => {
    const [event] = parse('message-fallback-link.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'link',
      url: 'https://tienda.example.com/p/123',
      title: 'Vestido azul',
      source: 'fallback',
      text: 'mira esto https://tienda.example.com/p/123',
    });
  });

  it('skips echoes of what our own app sent', () => {
    expect(parse('message-echo.json')).toEqual([]);
  });

  it('reads a delivery receipt as a delivered watermark with the delivered mids', () => {
    expect(parse('delivery.json')).toEqual([
      {
        kind: 'watermark',
        channelProviderId: PAGE,
        counterpart: PSID,
        status: 'delivered',
        watermark: new Date(1763781209000),
        providerMessageIds: [
          'm_OUT1mid.1458668856218:ed81099e15d3f4f233',
          'm_OUT2mid.1458668856219:ed81099e15d3f4f234',
        ],
      },
    ]);
  });

  it('reads a read receipt as a viewed watermark', () => {
    expect(parse('read.json')).toEqual([
      {
        kind: 'watermark',
        channelProviderId: PAGE,
        counterpart: PSID,
        status: 'viewed',
        watermark: new Date(1763781210000),
      },
    ]);
  });

  it('reads a reaction to one of our messages', () => {
    expect(parse('reaction.json')).toEqual([
      {
        ...fromPsid,
        providerMessageId: `reaction:m_OUT1mid.1458668856218:ed81099e15d3f4f233:${PSID}:1763781211000`,
        timestamp: new Date(1763781211000),
        content: {
          type: 'reaction',
          providerMessageId: 'm_OUT1mid.1458668856218:ed81099e15d3f4f233',
          emoji: '❤️',
        },
      },
    ]);
  });

  it('reads a removed reaction as an empty emoji', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'reaction.json').toString('utf8'));
    body.entry[0].messaging[0].reaction = { action: 'unreact', mid: 'm_OUT1' };
    const [event] = parseBody(Buffer.from(JSON.stringify(body)));
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'reaction',
      providerMessageId: 'm_OUT1',
      emoji: '',
    });
  });

  it('keeps a reaction and its removal stamped with the same instant as two events', () => {
    const body = JSON.parse(fixtureBytes(__dirname, 'reaction.json').toString('utf8'));
    const [reacted] = parseBody(Buffer.from(JSON.stringify(body)));
    body.entry[0].messaging[0].reaction.action = 'unreact';
    const [removed] = parseBody(Buffer.from(JSON.stringify(body)));
    expect(removed.kind === 'message' && removed.providerMessageId).not.toBe(
      reacted.kind === 'message' && reacted.providerMessageId,
    );
  });

  it('reads a template button postback', () => {
    const [event] = parse('postback.json');
    expect(event).toMatchObject({
      providerMessageId: 'm_POSTBACKAG5Hz2UqT7ywaKpO9kkQR7',
      content: { type: 'button', payload: 'SHOW_CATALOG', text: 'Ver catálogo' },
    });
  });

  it('reads every event of every entry in order, skipping echoes', () => {
    const events = parse('batch-two-entries.json');
    expect(events.map((event) => [event.kind, event.channelProviderId])).toEqual([
      ['message', PAGE],
      ['watermark', PAGE],
      ['message', '1094827365019283'],
      ['watermark', '1094827365019283'],
    ]);
    expect(events[1]).toEqual({
      kind: 'watermark',
      channelProviderId: PAGE,
      counterpart: PSID,
      status: 'delivered',
      watermark: new Date(1763781300200),
    });
    expect(events[2]).toMatchObject({ from: '7777000011112222', providerMessageId: 'm_BATCH2' });
    expect(events[3]).toMatchObject({ status: 'viewed', counterpart: '7777000011112222' });
  });

  it('rejects malformed JSON and notifications of another object', () => {
    expect(() => parseBody(Buffer.from('{"object":"page"'))).toThrow(WebhookParseError);
    expect(() => parseBody(fixtureBytes(`${__dirname}/../whatsapp-cloud`, 'message-text.json'))).toThrow(
      WebhookParseError,
    );
    expect(() => parseBody(Buffer.from(JSON.stringify({ object: 'page' })))).toThrow(WebhookParseError);
  });
});

describe('MessengerAdapter.parseWebhook, beyond text and files', () => {
  const RECEIVED_AT = new Date('2026-11-22T03:58:30Z');
  const adapter = new MessengerAdapter({
    graphUrl: 'http://unused.invalid',
    appSecret: APP_SECRET,
    appId: '1517776481860111',
  });
  const parse = (fixture: string) => {
    // The time stamped on events that carry none is the time the webhook arrives.
    const events = adapter.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, fixture),
      url: 'https://crm.example.com/webhooks/messenger',
    });
    return events.map((event) =>
      event.kind === 'message' && Math.abs(event.timestamp.getTime() - Date.now()) < 60_000
        ? { ...event, timestamp: RECEIVED_AT }
        : event,
    );
  };

  it('reads a shared reel as a link', () => {
    const [event] = parse('attachment-reel.json');
    expect(event).toMatchObject({
      kind: 'message',
      from: PSID,
      content: { type: 'link', url: 'https://www.facebook.com/reel/ATTACHMENT_URL', source: 'reel' },
    });
  });

  it('reads an older fallback (URL beside a null payload) as a link with its title', () => {
    const [event] = parse('message-fallback-legacy.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'link',
      url: 'URL_OF_THE_ATTACHMENT',
      title: 'TITLE_OF_THE_URL_ATTACHMENT',
      source: 'fallback',
    });
  });

  it('reads a postback without a title by its payload', () => {
    const [event] = parse('postback-without-title.json');
    expect(event.kind === 'message' && event.content).toEqual({
      type: 'button',
      payload: 'USER_DEFINED_PAYLOAD',
      text: 'USER_DEFINED_PAYLOAD',
    });
  });

  it('keeps the m.me link a Get Started postback came from', () => {
    const [event] = parse('postback-get-started-referral.json');
    expect(event).toMatchObject({
      content: { type: 'button', payload: '__GET_STARTED__', text: 'Get Started' },
      referral: { source: 'shortlink', ref: 'aaaa' },
    });
  });

  it('reads an echo written in the Page inbox as the page’s message to the person', () => {
    const other = new MessengerAdapter({
      graphUrl: 'http://unused.invalid',
      appSecret: APP_SECRET,
      appId: '42',
    });
    const [event] = other.parseWebhook({
      headers: {},
      rawBody: fixtureBytes(__dirname, 'message-echo.json'),
      url: 'https://crm.example.com/webhooks/messenger',
    });
    expect(event).toMatchObject({
      kind: 'message',
      channelProviderId: PAGE,
      from: PSID,
      echo: true,
      content: { type: 'text', text: '¡Claro! Tenemos talla M.' },
    });
  });

  it('reads a receipt that names the page as sender for the person it went to, with its mids', () => {
    expect(parse('delivery-sender-page.json')).toEqual([
      {
        kind: 'watermark',
        channelProviderId: PAGE,
        counterpart: '1423587017700273',
        status: 'delivered',
        watermark: new Date(1458668856253),
        providerMessageIds: ['mid.1458668856218:ed81099e15d3f4f233'],
      },
    ]);
  });

  it('reads a hand-made like sticker without page id or timestamps, stamped when it arrives', () => {
    expect(parse('like-sticker-handmade.json')).toEqual([
      {
        kind: 'message',
        channelProviderId: PAGE,
        providerMessageId: 'mid.$cAADHPVJEDStnxdJQ-VhlI0IqAqYu',
        from: '1606015496154680',
        timestamp: RECEIVED_AT,
        content: { type: 'sticker', url: 'localhost:1999' },
      },
    ]);
  });

  it('keeps an event it cannot read whole, as unsupported, and ignores handover plumbing', () => {
    const body = (item: Record<string, unknown>) =>
      Buffer.from(
        JSON.stringify({
          object: 'page',
          entry: [
            {
              id: PAGE,
              time: 1763781200000,
              messaging: [
                { sender: { id: PSID }, recipient: { id: PAGE }, timestamp: 1763781200000, ...item },
              ],
            },
          ],
        }),
      );
    const read = (item: Record<string, unknown>) =>
      adapter.parseWebhook({ headers: {}, rawBody: body(item), url: '' });
    const [optin] = read({ optin: { type: 'notification_messages', payload: 'x' } });
    expect(optin).toMatchObject({
      kind: 'message',
      providerMessageId: `optin:${PSID}:1763781200000`,
      content: { type: 'unsupported', rawType: 'optin', raw: { optin: { type: 'notification_messages' } } },
    });
    expect(read({ pass_thread_control: { new_owner_app_id: '1' } })).toEqual([]);
  });
});
