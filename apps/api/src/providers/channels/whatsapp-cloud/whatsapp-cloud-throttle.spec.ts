import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelCredentials, OutboundMessage } from '../channel-provider';
import { FakeProviderServer, fixtureJson, rejection } from './__fixtures__/fake-provider-server';
import { WhatsappCloudAdapter } from './whatsapp-cloud.adapter';

/*
 * Cloud API sending limits (issue 18: a campaign paces itself by them). Codes and payloads as Meta documents them:
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
 * (130429 throughput, 131056 pair rate, 131048 spam rate) and
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/throughput
 */

const channel: ChannelCredentials = {
  platform: 'whatsapp_cloud',
  providerId: '106540352242922',
  accessToken: 'EAAG-system-user-token',
};
const message: OutboundMessage = { to: '5215512345678', content: { type: 'text', text: 'Hola' } };

describe('WhatsappCloudAdapter.send throttling', () => {
  let fake: FakeProviderServer;
  let adapter: WhatsappCloudAdapter;

  beforeAll(async () => {
    fake = await FakeProviderServer.start();
    adapter = new WhatsappCloudAdapter({ graphUrl: `${fake.url}/v26.0`, appSecret: 'secret' });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it.each([
    ['error-throughput.json', 130429, 'throughput', 1000],
    ['error-spam-rate-limit.json', 131048, 'spam', 60_000],
  ])(
    'maps %s (%i) to a retryable %s throttle waiting %i ms without Retry-After',
    async (fixture, code, throttle, wait) => {
      fake.replyOnce({ status: 400, body: fixtureJson(__dirname, fixture) });
      const error = await rejection(adapter.send(channel, message));
      expect(error).toMatchObject({
        code: 'PROVIDER_RATE_LIMITED',
        retryable: true,
        providerCode: code,
        throttle,
        retryAfterMs: wait,
      });
    },
  );

  it("waits a minute before messaging the same customer again after Meta's pair rate limit (131056)", async () => {
    fake.replyOnce({
      status: 400,
      body: {
        error: {
          message: '(#131056) (Business Account, Consumer Account) pair rate limit hit',
          type: 'OAuthException',
          code: 131056,
          error_data: {
            messaging_product: 'whatsapp',
            details: 'Too many messages to the same phone number.',
          },
        },
      },
    });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 131056,
      throttle: 'pair',
      retryAfterMs: 60_000,
    });
  });

  it('prefers Retry-After to the default wait, including a Retry-After of zero', async () => {
    fake.replyOnce({
      status: 429,
      headers: { 'retry-after': '3' },
      body: fixtureJson(__dirname, 'error-throughput.json'),
    });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      throttle: 'throughput',
      retryAfterMs: 3000,
    });
    fake.replyOnce({
      status: 400,
      headers: { 'retry-after': '0' },
      body: fixtureJson(__dirname, 'error-throughput.json'),
    });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      throttle: 'throughput',
      retryAfterMs: 0,
    });
  });

  it('treats an HTTP 429 without a Graph body as a throughput throttle waiting a second', async () => {
    fake.replyOnce({ status: 429, body: '<html>Too Many Requests</html>' });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      retryable: true,
      providerCode: 429,
      throttle: 'throughput',
      retryAfterMs: 1000,
    });
  });

  it('treats an HTTP 429 carrying another Graph code as a throughput throttle', async () => {
    fake.replyOnce({
      status: 429,
      body: { error: { message: '(#80007) Rate limit issues', type: 'OAuthException', code: 80007 } },
    });
    expect(await rejection(adapter.send(channel, message))).toMatchObject({
      code: 'PROVIDER_RATE_LIMITED',
      providerCode: 80007,
      throttle: 'throughput',
      retryAfterMs: 1000,
    });
  });

  it("leaves the account-level rate limits' wait to the sender's backoff and names no throttle", async () => {
    fake.replyOnce({
      status: 400,
      body: { error: { message: '(#80007) Rate limit issues', type: 'OAuthException', code: 80007 } },
    });
    const error = await rejection(adapter.send(channel, message));
    expect(error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED', retryable: true, providerCode: 80007 });
    expect(error.throttle).toBeUndefined();
    expect(error.retryAfterMs).toBeUndefined();
  });

  it('names no throttle on refusals that are not rate limits', async () => {
    fake.replyOnce({ status: 400, body: fixtureJson(__dirname, 'error-undeliverable.json') });
    const undeliverable = await rejection(adapter.send(channel, message));
    expect(undeliverable).toMatchObject({ code: 'PROVIDER_UNDELIVERABLE', retryable: false });
    expect(undeliverable.throttle).toBeUndefined();
    fake.replyOnce({ status: 503, body: '<html>unavailable</html>' });
    const outage = await rejection(adapter.send(channel, message));
    expect(outage).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect(outage.throttle).toBeUndefined();
  });
});
