import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMediaServer } from '../whatsapp-cloud/__fixtures__/fake-media-server';
import { rejection } from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { fetchMessengerMedia } from './messenger-media.client';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

let cdn: FakeMediaServer;
beforeAll(async () => {
  cdn = await FakeMediaServer.start({ header: 'authorization', value: 'unused' });
  cdn.addPath('/v/t1.15752-9/image_n.jpg', { bytes: JPEG, mimeType: 'image/jpeg' });
});
afterAll(() => cdn.close());

describe('fetchMessengerMedia', () => {
  it('downloads the signed CDN link as it is, without the Page token', async () => {
    const media = await fetchMessengerMedia(
      `${cdn.url}/v/t1.15752-9/image_n.jpg?_nc_cat=1&oh=abc&oe=6A1B2C3D`,
    );
    expect(media).toMatchObject({ mimeType: 'image/jpeg', size: JPEG.length });
    media.stream.destroy();
    expect(cdn.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(cdn.requests.at(-1)?.query.get('oh')).toBe('abc');
  });

  it('fails for good on an expired link or a message without one', async () => {
    expect(await rejection(fetchMessengerMedia(`${cdn.url}/v/t1/expired.jpg`))).toMatchObject({
      code: 'MEDIA_UNAVAILABLE',
      retryable: false,
    });
    expect(await rejection(fetchMessengerMedia(null))).toMatchObject({ retryable: false });
  });
});
