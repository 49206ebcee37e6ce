import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp, uniqueIp } from './helpers';

// Issue 22, first load on slow links: what a browser receives for the web client's files and the API's answers.

const ASSET = 'assets/index-Ab3dE_9z.js';
const SCRIPT = Buffer.from(`export const greeting = ${JSON.stringify('¡Hola! '.repeat(400))};\n`);
const INDEX = `<!doctype html><html lang="es"><title>Charla CRM</title><script type="module" src="/${ASSET}"></script><div id="root"></div>`;

let t: TestApp;
let dist: string;
let admin: string;
beforeAll(async () => {
  // A build as Vite and its compression plugin leave it: a hashed script with its .br and .gz beside it.
  dist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, ASSET), SCRIPT);
  writeFileSync(join(dist, `${ASSET}.br`), brotliCompressSync(SCRIPT));
  writeFileSync(join(dist, `${ASSET}.gz`), gzipSync(SCRIPT));
  t = await startTestApp({ WEB_DIST_DIR: dist });
  admin = await login(t, 'admin@demo.local');
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as they travel (supertest and fetch would decode them), with the request's own headers. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the web client', () => {
  it('serves a hashed asset precompressed with brotli, cached for a year as immutable', async () => {
    const res = await raw('GET', `/${ASSET}`, { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).equals(SCRIPT)).toBe(true);
  });

  it('serves the gzip file to a client that takes only gzip, and the plain file to one that takes nothing', async () => {
    const gzip = await raw('GET', `/${ASSET}`, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gzip.body).equals(SCRIPT)).toBe(true);

    const plain = await raw('GET', `/${ASSET}`, { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(SCRIPT)).toBe(true);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every visit, by its ETag, at / and at any page of the app', async () => {
    for (const path of ['/', '/login', '/chat/12']) {
      const res = await raw('GET', path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.body.toString(), path).toBe(INDEX);
      expect(res.headers.etag, path).toBeTruthy();
      const again = await raw('GET', path, { 'If-None-Match': String(res.headers.etag) });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
    }
  });

  it('revalidates files without a hash in their name, and answers 404 for a hashed asset it does not have', async () => {
    const favicon = await raw('GET', '/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    // An HTML page in place of an old release's chunk would be run as a script; a 404 lets the page fail clearly.
    const missing = await raw('GET', '/assets/index-Zz9yX_8w.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });
});

describe('API answers', () => {
  // The inbox list of the demo company: a few KB of JSON.
  const listBody = JSON.stringify({ filterType: 'all' });

  it('compresses a JSON answer of more than 1 KB with what the client accepts', async () => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` };
    const plain = await raw('POST', '/api/conversations_by_filter', headers, listBody);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = JSON.parse(plain.body.toString());
    expect(expected.clients.length).toBeGreaterThan(0);

    const br = await raw(
      'POST',
      '/api/conversations_by_filter',
      { ...headers, 'Accept-Encoding': 'gzip, deflate, br' },
      listBody,
    );
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(expected);

    const gzip = await raw(
      'POST',
      '/api/conversations_by_filter',
      { ...headers, 'Accept-Encoding': 'gzip' },
      listBody,
    );
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(expected);
  });

  it('sends a small answer as it is', async () => {
    const res = await raw(
      'POST',
      '/api/loginDash',
      {
        'Content-Type': 'application/json',
        'Accept-Encoding': 'br, gzip',
        'X-Forwarded-For': uniqueIp(),
      },
      JSON.stringify({ email: 'nadie@demo.local', password: 'x' }),
    );
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).userMessage).toBeTruthy();
  });

  it('does not compress again a download that is already compressed (xlsx)', async () => {
    const res = await raw('GET', '/api/importContacts/template', {
      Authorization: `Bearer ${admin}`,
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-encoding']).toBeUndefined();
    // The workbook itself: a ZIP archive, whose first bytes are "PK".
    expect(res.body.subarray(0, 2).toString()).toBe('PK');
    expect(res.body.length).toBeGreaterThan(1024);
  });
});
