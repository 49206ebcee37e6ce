import { describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, mayCompress, REVALIDATE_CACHE, webFileCacheControl } from './delivery';

describe('webFileCacheControl', () => {
  it('keeps a hashed asset a year, in whichever encoding it is sent', () => {
    for (const file of [
      'index-BdBUCiYH.js',
      'antd-ZzCQZMu1.js.br',
      'index-CVwp5xWg.css.gz',
      'dnd-B2ap_g-C.js',
    ])
      expect(webFileCacheControl(`/srv/web/dist/assets/${file}`), file).toBe(IMMUTABLE_CACHE);
  });

  it('revalidates index.html, files outside assets/ and names without a hash', () => {
    for (const path of [
      '/srv/web/dist/index.html',
      '/srv/web/dist/index.html.br',
      '/srv/web/dist/favicon.svg',
      '/srv/web/dist/logo-AbCdEfGh.svg',
      '/srv/web/dist/assets/logo.svg',
      '/srv/web/dist/assets/app-short.js',
    ])
      expect(webFileCacheControl(path), path).toBe(REVALIDATE_CACHE);
  });
});

describe('mayCompress', () => {
  it('compresses the API, GraphQL and the web client', () => {
    expect(mayCompress('/api/conversations_by_filter', 'application/json; charset=utf-8')).toBe(true);
    expect(mayCompress('/graphql', 'application/json')).toBe(true);
    expect(mayCompress('/assets/app.js', undefined)).toBe(true);
  });

  it('leaves socket.io, webhook acknowledgements, uploaded files and event streams alone', () => {
    expect(mayCompress('/socket.io/', 'text/plain')).toBe(false);
    expect(mayCompress('/webhooks/whatsapp', 'application/json')).toBe(false);
    expect(mayCompress('/uploads/7/photo.svg', 'image/svg+xml')).toBe(false);
    expect(mayCompress('/api/events', 'text/event-stream')).toBe(false);
    // A prefix only counts as a whole segment.
    expect(mayCompress('/uploadsfoo', 'application/json')).toBe(true);
  });
});
