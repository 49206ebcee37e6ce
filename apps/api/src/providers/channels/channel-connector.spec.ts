import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectRefusedError } from './channel-connector';
import { ProviderError } from './channel-provider';
import { Dialog360Adapter } from './dialog360/dialog360.adapter';
import { FakeGraphServer } from './messenger/__fixtures__/fake-graph-server';
import { SmsAdapter } from './sms/sms.adapter';
import { WhatsappCloudAdapter } from './whatsapp-cloud/whatsapp-cloud.adapter';

/** The corners of each adapter's number check that the API suite does not walk through. */

const SID = `AC${'1b'.repeat(16)}`;
let fake: FakeGraphServer;

beforeAll(async () => {
  fake = await FakeGraphServer.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the connection to fail');
}

describe('SmsAdapter.connect', () => {
  const sms = () => new SmsAdapter({ apiUrl: `${fake.url}/2010-04-01` });
  const input = { accountSid: SID, authToken: 'a'.repeat(32), phoneNumber: '15557122661' };

  it('refuses a number of the account that cannot send SMS (a voice-only number)', async () => {
    fake.on('GET', /IncomingPhoneNumbers\.json$/, {
      status: 200,
      body: {
        incoming_phone_numbers: [
          { sid: 'PN1', phone_number: '+15557122661', capabilities: { voice: true, sms: false } },
        ],
      },
    });
    const error = await failure(sms().connect(input));
    expect(error).toBeInstanceOf(ConnectRefusedError);
    expect(error).toMatchObject({
      field: 'phoneNumber',
      userMessage: 'Este número de Twilio no puede enviar ni recibir SMS.',
    });
  });

  it('puts an unknown account on the Account SID', async () => {
    fake.on('GET', /IncomingPhoneNumbers\.json$/, {
      status: 404,
      body: { code: 20404, message: 'The requested resource was not found', status: 404 },
    });
    expect(await failure(sms().connect(input))).toMatchObject({ field: 'accountSid' });
  });

  it('keeps a rate limit a provider failure, not the admin’s mistake', async () => {
    fake.on('GET', /IncomingPhoneNumbers\.json$/, {
      status: 429,
      body: { code: 20429, message: 'Too Many Requests', status: 429 },
    });
    const error = await failure(sms().connect(input));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'PROVIDER_RATE_LIMITED' });
  });
});

describe('Dialog360Adapter.connect', () => {
  const d360 = () =>
    new Dialog360Adapter({
      baseUrl: fake.url,
      webhookToken: 'secreto',
      webhookUrl: 'https://crm.example.com/webhooks/360dialog',
    });

  it("treats 360dialog's refusal of our webhook URL as its failure, not a wrong key", async () => {
    fake.on('POST', /\/v1\/configs\/webhook$/, {
      status: 400,
      body: { meta: { success: false, http_code: 400, developer_message: 'url must be https' } },
    });
    const error = await failure(d360().connect({ apiKey: 'Key360_AK', phoneNumber: '5215512345678' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).not.toBeInstanceOf(ConnectRefusedError);
  });
});

describe('WhatsappCloudAdapter.connect', () => {
  const cloud = () => new WhatsappCloudAdapter({ graphUrl: `${fake.url}/v26.0`, appSecret: 'x' });
  const input = {
    phoneNumberId: '106540352242922',
    wabaId: '102290129340398',
    accessToken: `EAAG${'z'.repeat(30)}`,
  };

  it("turns Meta's quality colour into the product's rating and names an unnamed number by its digits", async () => {
    fake.on('GET', /\/106540352242922$/, {
      status: 200,
      body: { id: '106540352242922', display_phone_number: '+1 555-078-3881', quality_rating: 'YELLOW' },
    });
    fake.on('POST', /\/subscribed_apps$/, { status: 200, body: { success: true } });
    expect(await cloud().connect(input)).toEqual({
      providerId: '106540352242922',
      phone: '15550783881',
      accessToken: input.accessToken,
      defaultName: 'WhatsApp +15550783881',
      qualityRating: 'MEDIUM',
    });
  });

  it('puts a token without rights on the account on the account id', async () => {
    fake.on('GET', /\/106540352242922$/, {
      status: 200,
      body: { id: '106540352242922', display_phone_number: '15550783881', quality_rating: 'GREEN' },
    });
    fake.on('POST', /\/subscribed_apps$/, {
      status: 403,
      body: { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } },
    });
    expect(await failure(cloud().connect(input))).toMatchObject({ field: 'wabaId' });
  });
});
