import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMediaServer } from '../whatsapp-cloud/__fixtures__/fake-media-server';
import { rejection } from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { fetchTwilioMedia } from './sms-media.client';

const CREDENTIALS = { accountSid: 'ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', authToken: 'twilio-token' };
const MEDIA_PATH = '/2010-04-01/Accounts/ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX/Messages/MM1/Media/ME1';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

let twilio: FakeMediaServer;
let cdn: FakeMediaServer;
beforeAll(async () => {
  twilio = await FakeMediaServer.start({ header: 'authorization', value: 'unused' });
  twilio.addPath(
    MEDIA_PATH,
    { bytes: PNG, mimeType: 'image/png' },
    `${CREDENTIALS.accountSid}:${CREDENTIALS.authToken}`,
  );
  cdn = await FakeMediaServer.start({ header: 'authorization', value: 'unused' });
  cdn.addPath('/v/t1/image_n.jpg', { bytes: PNG, mimeType: 'image/png' });
});
afterAll(async () => {
  await twilio.close();
  await cdn.close();
});

describe('fetchTwilioMedia', () => {
  it("sends the account's Basic credentials to the API's own media URL", async () => {
    const media = await fetchTwilioMedia(
      `${twilio.url}/2010-04-01`,
      CREDENTIALS,
      `${twilio.url}${MEDIA_PATH}`,
    );
    expect(media).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    media.stream.destroy();
  });

  it('never sends them to another host', async () => {
    const media = await fetchTwilioMedia(
      `${twilio.url}/2010-04-01`,
      CREDENTIALS,
      `${cdn.url}/v/t1/image_n.jpg`,
    );
    media.stream.destroy();
    expect(cdn.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('fails for good when the media is refused, and refuses a URL that is not a web URL', async () => {
    expect(
      await rejection(
        fetchTwilioMedia(
          `${twilio.url}/2010-04-01`,
          { ...CREDENTIALS, authToken: 'otro' },
          `${twilio.url}${MEDIA_PATH}`,
        ),
      ),
    ).toMatchObject({ code: 'MEDIA_UNAVAILABLE', retryable: false });
    expect(await rejection(fetchTwilioMedia(twilio.url, CREDENTIALS, 'file:///etc/passwd'))).toMatchObject({
      code: 'MEDIA_UNAVAILABLE',
      retryable: false,
    });
  });
});
