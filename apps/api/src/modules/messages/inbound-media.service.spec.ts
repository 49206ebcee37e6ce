import { describe, expect, it } from 'vitest';
import {
  fetchBackoffMs,
  initialMediaStatus,
  mediaMessageIdOf,
  needsMediaFetch,
} from './inbound-media.service';

const APP_URL = 'https://crm.example.com';

describe('mediaMessageIdOf', () => {
  it('recognises our private media route, absolute on our origin or relative', () => {
    expect(mediaMessageIdOf(`${APP_URL}/api/messages/42/media`, APP_URL)).toBe(42);
    expect(mediaMessageIdOf('/api/messages/42/media', APP_URL)).toBe(42);
  });

  it('leaves any other URL alone: public uploads, other hosts, other routes', () => {
    expect(mediaMessageIdOf(`${APP_URL}/uploads/2026-01/abc.jpg`, APP_URL)).toBeNull();
    expect(mediaMessageIdOf('https://otro.example/api/messages/42/media', APP_URL)).toBeNull();
    expect(mediaMessageIdOf(`${APP_URL}/api/messages/42/media/retry`, APP_URL)).toBeNull();
    expect(mediaMessageIdOf(`${APP_URL}/api/messages/abc/media`, APP_URL)).toBeNull();
    expect(mediaMessageIdOf('http://[::1', APP_URL)).toBeNull();
  });
});

describe('received media scheduling', () => {
  it('downloads files named by a media id or a URL, nothing else', () => {
    expect(needsMediaFetch({ type: 'image', providerMediaId: '1003' })).toBe(true);
    expect(needsMediaFetch({ type: 'audio', url: 'https://api.twilio.com/x' })).toBe(true);
    expect(needsMediaFetch({ type: 'document' })).toBe(false);
    expect(needsMediaFetch({ type: 'text', text: 'hola' })).toBe(false);
    expect(initialMediaStatus({ type: 'sticker', providerMediaId: '1' })).toBe('pending');
    expect(
      initialMediaStatus({ type: 'location', latitude: 1, longitude: 2, url: 'https://maps' }),
    ).toBeNull();
  });

  it('retries after 1 s, 3 s, 9 s … never more than 10 minutes apart', () => {
    expect([1, 2, 3, 4].map(fetchBackoffMs)).toEqual([1000, 3000, 9000, 27_000]);
    expect(fetchBackoffMs(7)).toBe(600_000);
  });
});
