import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './channel-provider';
import { parseRetryAfter, postForm, postJson, readHeader, redactUrl } from './http-client';
import { closedPortUrl } from './whatsapp-cloud/__fixtures__/fake-provider-server';

describe('http-client', () => {
  let server: Server;
  let base: string;
  const received: Array<{ url: string; contentType: string; body: string }> = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
        if (req.url === '/hang') return; // never answers
        if (req.url === '/html') {
          res.writeHead(502, { 'content-type': 'text/html' });
          res.end('<h1>Bad gateway</h1>');
          return;
        }
        if (req.url === '/empty') {
          res.writeHead(204);
          res.end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'x-echo': 'yes' });
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts JSON and returns status, headers and the parsed body', async () => {
    const result = await postJson(`${base}/ok`, { a: 1 }, { headers: { 'x-key': 'k' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('x-echo')).toBe('yes');
    expect(result.json).toEqual({ ok: true });
    expect(received.at(-1)).toEqual({ url: '/ok', contentType: 'application/json', body: '{"a":1}' });
  });

  it('posts a form body', async () => {
    await postForm(
      `${base}/ok`,
      new URLSearchParams([
        ['To', '+1'],
        ['MediaUrl', 'a'],
        ['MediaUrl', 'b'],
      ]),
    );
    expect(received.at(-1)).toEqual({
      url: '/ok',
      contentType: 'application/x-www-form-urlencoded',
      body: 'To=%2B1&MediaUrl=a&MediaUrl=b',
    });
  });

  it('returns a non-JSON or empty body as json null, keeping the text', async () => {
    const html = await postJson(`${base}/html`, {});
    expect(html).toMatchObject({ status: 502, json: null, text: '<h1>Bad gateway</h1>' });
    const empty = await postJson(`${base}/empty`, {});
    expect(empty).toMatchObject({ status: 204, json: null, text: '' });
  });

  it('turns a timeout into a retryable PROVIDER_UNAVAILABLE', async () => {
    const error = await postJson(`${base}/hang`, {}, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'PROVIDER_UNAVAILABLE',
      retryable: true,
      info: `POST ${base}/hang: no answer within 100 ms`,
    });
  });

  it('turns a refused connection into a retryable PROVIDER_UNAVAILABLE without the query string', async () => {
    const url = `${await closedPortUrl()}/v25.0/123/messages?access_token=secret`;
    const error = await postJson(url, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', retryable: true });
    expect((error as ProviderError).info).toContain('ECONNREFUSED');
    expect((error as ProviderError).info).not.toContain('secret');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T04:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 04:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 03:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('redacts query strings from URLs', () => {
    expect(redactUrl('https://graph.facebook.com/v25.0/1/messages?access_token=x')).toBe(
      'https://graph.facebook.com/v25.0/1/messages',
    );
  });

  it('reads headers case-insensitively, first value when repeated', () => {
    expect(readHeader({ 'X-Hub-Signature-256': 'a' }, 'x-hub-signature-256')).toBe('a');
    expect(readHeader({ 'x-twilio-signature': ['b', 'c'] }, 'X-Twilio-Signature')).toBe('b');
    expect(readHeader({}, 'x-any')).toBeUndefined();
  });
});
