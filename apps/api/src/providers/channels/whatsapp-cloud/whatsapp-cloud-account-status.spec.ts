import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelCredentials } from '../channel-provider';
import { FakeProviderServer, fixtureJson, rejection } from './__fixtures__/fake-provider-server';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';

/*
 * The phone number node's fields as Meta documents them:
 * - whatsapp_business_manager_messaging_limit (v24.0+) and messaging_limit_tier (v23.0 and older):
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits ("Via API")
 * - throughput.level STANDARD (80 mps) / HIGH (1,000 mps):
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput
 * - quality_rating GREEN / YELLOW / RED / UNKNOWN:
 *   https://developers.facebook.com/docs/graph-api/reference/whats-app-business-account-to-number-current-status/
 */

const channel: ChannelCredentials = {
  platform: 'whatsapp_cloud',
  providerId: '106540352242922',
  accessToken: 'EAAG-system-user-token',
  phone: '15550783881',
};
const PATH = '/v26.0/106540352242922';

describe('WhatsappCloudAdapter.accountStatus', () => {
  let fake: FakeProviderServer;
  let adapter: WhatsappCloudAdapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    adapter = new WhatsappCloudAdapter({ graphUrl: `${fake.url}/v26.0/`, appSecret: 'secret' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it("reads the number's messaging limit, quality and throughput from its Graph node with the token", async () => {
    fake.replyOnce({ status: 200, body: fixtureJson(__dirname, 'phone-number-status.json') });

    const status = await adapter.accountStatus(channel);

    expect(status).toEqual({ tier: 'TIER_10K', quality: 'HIGH', messagesPerSecond: 80 });
    expect(fake.requests).toHaveLength(1);
    const request = fake.last();
    expect(request.method).toBe('GET');
    expect(request.path).toBe(PATH);
    expect(request.query.get('fields')).toBe(
      'whatsapp_business_manager_messaging_limit,quality_rating,throughput',
    );
    expect(request.headers.authorization).toBe('Bearer EAAG-system-user-token');
  });

  it.each([
    ['GREEN', 'HIGH'],
    ['YELLOW', 'MEDIUM'],
    ['RED', 'LOW'],
    ['UNKNOWN', 'NA'],
    ['HIGH', 'HIGH'],
    ['MEDIUM', 'MEDIUM'],
    ['low', 'LOW'],
    ['NA', 'NA'],
  ])('maps quality_rating %s to %s', async (rating, quality) => {
    fake.replyOnce({
      status: 200,
      body: { whatsapp_business_manager_messaging_limit: 'TIER_250', quality_rating: rating, id: '1' },
    });
    expect(await adapter.accountStatus(channel)).toMatchObject({ tier: 'TIER_250', quality });
  });

  it.each([
    [{ level: 'STANDARD' }, 80],
    [{ level: 'HIGH' }, 1000],
    [{ level: 'NOT_APPLICABLE' }, null],
    [undefined, null],
  ])('reads throughput %j as %s messages per second', async (throughput, messagesPerSecond) => {
    fake.replyOnce({ status: 200, body: { quality_rating: 'GREEN', throughput, id: '1' } });
    expect(await adapter.accountStatus(channel)).toMatchObject({ messagesPerSecond });
  });

  it('reports a number Meta gives no limit or rating for as unknown, not as healthy', async () => {
    fake.replyOnce({ status: 200, body: { id: '106540352242922' } });
    expect(await adapter.accountStatus(channel)).toEqual({
      tier: null,
      quality: 'NA',
      messagesPerSecond: null,
    });
  });

  it('asks again with messaging_limit_tier when the Graph version does not know the new limit field', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-nonexisting-field.json') });
    fake.replyOnce({ status: 200, body: fixtureJson(__dirname, 'phone-number-status-legacy.json') });

    const status = await adapter.accountStatus(channel);

    expect(status).toEqual({ tier: 'TIER_1K', quality: 'MEDIUM', messagesPerSecond: 1000 });
    expect(fake.requests.map((r) => [r.path, r.query.get('fields')])).toEqual([
      [PATH, 'whatsapp_business_manager_messaging_limit,quality_rating,throughput'],
      [PATH, 'messaging_limit_tier,quality_rating,throughput'],
    ]);
  });

  it('does not ask again for another refusal: an expired token is an auth error', async () => {
    fake.replyOnce({ status: 401, body: fixtureJson(__dirname, 'error-token-expired.json') });
    const error = await rejection(adapter.accountStatus(channel));
    expect(error).toMatchObject({ code: 'PROVIDER_AUTH_ERROR', retryable: false, providerCode: 190 });
    expect(fake.requests).toHaveLength(1);
  });

  it('turns a rate limit into a retryable error honouring Retry-After', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '5' },
      body: { error: { message: '(#4) Application request limit reached', type: 'OAuthException', code: 4 } },
    });
    const error = await rejection(adapter.accountStatus(channel));
    expect(error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true, retryAfterMs: 5000 });
  });

  it('refuses an answer that is not a JSON object rather than reading it as an unrated number', async () => {
    fake.replyOnce({ status: 200, body: '<html>proxy</html>' });
    const error = await rejection(adapter.accountStatus(channel));
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});
