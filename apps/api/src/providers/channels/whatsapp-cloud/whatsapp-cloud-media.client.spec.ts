import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FetchedMedia } from '../channel-provider';
import { FakeMediaServer } from './__fixtures__/fake-media-server';
import { closedPortUrl, rejection } from './__fixtures__/fake-provider-server';
import { readMediaInfo, WhatsappCloudMediaClient } from './whatsapp-cloud-media.client';

const TOKEN = 'EAAG-system-user-token';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

async function bytesOf(media: FetchedMedia): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of media.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

let graph: FakeMediaServer;
let client: WhatsappCloudMediaClient;
beforeAll(async () => {
  graph = await FakeMediaServer.start({ header: 'authorization', value: `Bearer ${TOKEN}` });
  client = new WhatsappCloudMediaClient(`${graph.url}/`);
});
afterAll(() => graph.close());
beforeEach(() => {
  graph.requests.length = 0;
});

describe('WhatsappCloudMediaClient.fetch', () => {
  it('asks the media id for its URL, then downloads it, both with the bearer token', async () => {
    graph.addMedia('1003383421387256', { bytes: JPEG, mimeType: 'image/jpeg' });
    const media = await client.fetch(TOKEN, '1003383421387256');
    expect(media).toMatchObject({ mimeType: 'image/jpeg', size: JPEG.length });
    expect(Buffer.compare(await bytesOf(media), JPEG)).toBe(0);
    const [lookup, download] = graph.requests;
    expect(lookup).toMatchObject({ method: 'GET', path: '/1003383421387256' });
    expect(download?.path).toBe('/whatsapp_business/attachments/');
    for (const request of [lookup, download]) expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('asks for a fresh URL at once when the download says the URL expired', async () => {
    graph.addMedia('m-expired', { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failDownload('m-expired', 404);
    const media = await client.fetch(TOKEN, 'm-expired');
    expect(Buffer.compare(await bytesOf(media), JPEG)).toBe(0);
    expect(graph.lookups('m-expired')).toHaveLength(2);
    const [first, second] = graph.downloads('m-expired');
    expect(first?.query.get('ext')).not.toBe(second?.query.get('ext'));
  });

  it('leaves a URL refused twice, and a 5xx, to a later try (retryable)', async () => {
    graph.addMedia('m-gone', { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failDownload('m-gone', 410, 401);
    expect(await rejection(client.fetch(TOKEN, 'm-gone'))).toMatchObject({ retryable: true });
    graph.addMedia('m-down', { bytes: JPEG, mimeType: 'image/jpeg' });
    graph.failLookup('m-down', 500);
    expect(await rejection(client.fetch(TOKEN, 'm-down'))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
    });
  });

  it('fails for good on a wrong token or an unknown media id', async () => {
    graph.addMedia('m-auth', { bytes: JPEG, mimeType: 'image/jpeg' });
    expect(await rejection(client.fetch('otro-token', 'm-auth'))).toMatchObject({
      code: 'PROVIDER_AUTH_ERROR',
      retryable: false,
    });
    expect(await rejection(client.fetch(TOKEN, 'm-unknown'))).toMatchObject({ retryable: false });
  });

  it('makes a refused connection retryable', async () => {
    const down = new WhatsappCloudMediaClient(await closedPortUrl());
    expect(await rejection(down.fetch(TOKEN, 'm'))).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
    });
  });
});

describe('readMediaInfo', () => {
  it('reads file_size as a number or a string of digits', () => {
    expect(readMediaInfo({ url: 'https://x/y', mime_type: 'audio/ogg', file_size: '303833' })).toEqual({
      url: 'https://x/y',
      mimeType: 'audio/ogg',
      size: 303833,
    });
    expect(readMediaInfo({ url: 'https://x/y', file_size: 12 }).size).toBe(12);
    expect(() => readMediaInfo({ id: '1' })).toThrow(/no url/);
  });
});
