import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelCredentials, OutboundMessage } from '../channel-provider';
import {
  FakeProviderServer,
  fixtureJson,
  rejection,
} from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { Dialog360Adapter } from './dialog360.adapter';

/*
 * 360dialog's "Get Meta Stack Health Status": GET /health_status with the D360-API-KEY; `health_status` is always
 * returned and the fields named in `fields` come back as the phone number node's own
 * (https://docs.360dialog.com/docs/messaging-api/api-reference/health). Its gateway's rate-limit refusal is in
 * https://docs.360dialog.com/api/api-error-message-list; Meta's codes pass through unchanged.
 */

const channel: ChannelCredentials = {
  platform: 'dialog360',
  providerId: '5215598765432',
  accessToken: 'd360-api-key-abc',
  phone: '5215598765432',
};
const message: OutboundMessage = { to: '5215512345678', content: { type: 'text', text: 'Hola' } };

describe('Dialog360Adapter.accountStatus', () => {
  let fake: FakeProviderServer;
  let adapter: Dialog360Adapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    adapter = new Dialog360Adapter({ baseUrl: `${fake.url}/`, webhookToken: 'token' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("reads the number's limit, quality and throughput from /health_status with the API key", async () => {
    fake.replyOnce({ status: 200, body: fixtureJson(__dirname, 'health-status.json') });

    const status = await adapter.accountStatus(channel);

    expect(status).toEqual({ tier: 'TIER_100K', quality: 'LOW', messagesPerSecond: 1000 });
    expect(fake.requests).toHaveLength(1);
    const request = fake.last();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/health_status');
    expect(request.query.get('fields')).toBe(
      'whatsapp_business_manager_messaging_limit,quality_rating,throughput',
    );
    expect(request.headers['d360-api-key']).toBe('d360-api-key-abc');
  });

  it('asks again with messaging_limit_tier when Meta does not know the new limit field', async () => {
    fake.replyOnce({
      status: 400,
      body: fixtureJson(`${__dirname}/../whatsapp-cloud`, 'error-nonexisting-field.json'),
    });
    fake.replyOnce({
      status: 200,
      body: { messaging_limit_tier: 'TIER_250', quality_rating: 'YELLOW', throughput: { level: 'STANDARD' } },
    });

    expect(await adapter.accountStatus(channel)).toEqual({
      tier: 'TIER_250',
      quality: 'MEDIUM',
      messagesPerSecond: 80,
    });
    expect(fake.requests.map((r) => r.query.get('fields'))).toEqual([
      'whatsapp_business_manager_messaging_limit,quality_rating,throughput',
      'messaging_limit_tier,quality_rating,throughput',
    ]);
  });

  it('reports only the health status it got as an unrated number with no known limit', async () => {
    fake.replyOnce({ status: 200, body: { health_status: { can_send_message: 'AVAILABLE', entities: [] } } });
    expect(await adapter.accountStatus(channel)).toEqual({
      tier: null,
      quality: 'NA',
      messagesPerSecond: null,
    });
  });

  it("turns 360dialog's invalid-key answer into an auth error", async () => {
    fake.replyOnce({ status: 401, body: fixtureJson(__dirname, 'error-invalid-api-key.json') });
    const error = await rejection(adapter.accountStatus(channel));
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, providerCode: 401 });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('Dialog360Adapter.send throttling', () => {
  let fake: FakeProviderServer;
  let adapter: Dialog360Adapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    adapter = new Dialog360Adapter({ baseUrl: fake.url, webhookToken: 'token' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("maps Meta's pair rate limit passed through by 360dialog to a pair throttle waiting a minute", async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-pair-rate-limit.json') });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 131056,
      throttle: 'pair',
      retryAfterMs: 60_000,
    });
  });

  it.each([
    [130429, 'throughput', 1000],
    [131048, 'spam', 60_000],
  ])('maps Meta code %i to a %s throttle', async (code, throttle, wait) => {
    fake.replyOnce({
      status: 400,
      body: { error: { message: `(#${code}) limit`, type: 'OAuthException', code } },
    });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      throttle,
      retryAfterMs: wait,
    });
  });

  it("maps the gateway's own endpoint rate limit (a 400) to a retryable throughput throttle", async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-endpoint-rate-limit.json') });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 400,
      throttle: 'throughput',
      retryAfterMs: 1000,
      info: 'HTTP 400: You have exceeded the endpoint rate limit.',
    });
  });

  it('maps a bare HTTP 429 to a throughput throttle, honouring Retry-After', async () => {
    fake.replyOnce({ status: 429, headers: { 'retry-after': '4' }, body: '' });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      throttle: 'throughput',
      retryAfterMs: 4000,
    });
    fake.replyOnce({
      status: 429,
      body: { meta: { success: false, http_code: 429, developer_message: 'Too many requests' } },
    });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      throttle: 'throughput',
      retryAfterMs: 1000,
      info: 'HTTP 429: Too many requests',
    });
  });

  it('names no throttle on a gateway refusal that is not a rate limit', async () => {
    fake.replyOnce({ status: 401, body: fixtureJson(__dirname, 'error-invalid-api-key.json') });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false });
    expect(error.throttle).toBeUndefined();
  });
});
