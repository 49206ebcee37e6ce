import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeMediaServer, META_MEDIA_HOST } from '../whatsapp-cloud/__fixtures__/fake-media-server';
import { rejection } from '../whatsapp-cloud/__fixtures__/fake-provider-server';
import { Dialog360MediaClient } from './dialog360-media.client';

const KEY = 'd360-api-key';
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(24, 0), Buffer.from('OpusHead')]);

let gateway: FakeMediaServer;
let client: Dialog360MediaClient;
beforeAll(async () => {
  // 360dialog answers Meta's own URL: the client must download it through 360dialog's host.
  gateway = await FakeMediaServer.start({ header: 'd360-api-key', value: KEY }, META_MEDIA_HOST);
  client = new Dialog360MediaClient(gateway.url);
});
afterAll(() => gateway.close());

describe('Dialog360MediaClient.fetch', () => {
  it("downloads Meta's URL through 360dialog's host, with the API key on both calls", async () => {
    gateway.addMedia('wa-media-1', { bytes: OGG, mimeType: 'audio/ogg; codecs=opus' });
    const media = await client.fetch(KEY, 'wa-media-1');
    const chunks: Buffer[] = [];
    for await (const chunk of media.stream) chunks.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(chunks), OGG)).toBe(0);
    expect(media.mimeType).toBe('audio/ogg; codecs=opus');
    const [lookup, download] = gateway.requests;
    expect(lookup?.path).toBe('/wa-media-1');
    expect(download?.path).toBe('/whatsapp_business/attachments/');
    expect(download?.query.get('mid')).toBe('wa-media-1');
    for (const request of [lookup, download]) {
      expect(request?.headers['d360-api-key']).toBe(KEY);
      expect(request?.headers.authorization).toBeUndefined();
    }
  });

  it('keeps the path and query and swaps only the host', () => {
    expect(client.onGateway(`${META_MEDIA_HOST}/whatsapp_business/attachments/?mid=9&ext=1&hash=x`)).toBe(
      `${gateway.url}/whatsapp_business/attachments/?mid=9&ext=1&hash=x`,
    );
  });

  it('does not retry a refused key (360dialog blocks lookups after repeated errors)', async () => {
    expect(await rejection(client.fetch('otra-clave', 'wa-media-1'))).toMatchObject({ retryable: false });
  });
});
