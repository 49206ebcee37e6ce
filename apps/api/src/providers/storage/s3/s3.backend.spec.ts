import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../../test/fake-s3';
import { loadConfig, type S3Config } from '../../../config/app-config';
import { S3Backend } from './s3.backend';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3 storage backend (AWS SDK against an S3-compatible server)', () => {
  let s3: FakeS3;
  let config: S3Config;
  let backend: S3Backend;
  let dir: string;

  beforeAll(async () => {
    s3 = await startFakeS3();
    config = loadConfig({ ...s3.env, NODE_ENV: 'test' }).s3 as S3Config;
    backend = new S3Backend(config);
    dir = await mkdtemp(join(tmpdir(), 's3-backend-'));
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('stores a buffer with its type and reads it back with its size', async () => {
    await backend.write('private/a/hola.png', Buffer.from('png bytes'), 'image/png');
    expect(s3.objects.get('private/a/hola.png')).toEqual({
      body: Buffer.from('png bytes'),
      contentType: 'image/png',
    });
    const got = await backend.read('private/a/hola.png');
    expect(got?.size).toBe(9);
    expect(await text(got?.stream as Readable)).toBe('png bytes');
    expect(s3.requests.every((r) => r.signed)).toBe(true);
  });

  it('streams a spooled file from disk with a signed payload hash, as an attachment when it is a document', async () => {
    const path = join(dir, 'spooled');
    const body = Buffer.alloc(3 * 1024 * 1024 + 7, 'x');
    await writeFile(path, body);
    await backend.write('private/docs/informe.pdf', { path, size: body.length }, 'application/pdf');
    const stored = s3.objects.get('private/docs/informe.pdf');
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentDisposition).toBe('attachment');
    expect(stored?.contentType).toBe('application/pdf');
  });

  it('keeps keys with spaces, accents and parentheses intact, signed once-encoded', async () => {
    const key = 'uploads/quick-answers/foto año (1)+*.png';
    await backend.write(key, Buffer.from('ñ'), 'image/png');
    expect(s3.objects.has(key)).toBe(true);
    expect(await text((await backend.read(key))?.stream as Readable)).toBe('ñ');
    const url = backend.publicUrl(key);
    expect(url).toBe(`${s3.endpoint}/crm-media/uploads/quick-answers/foto%20a%C3%B1o%20%281%29%2B%2A.png`);
    expect(await (await fetch(url)).text()).toBe('ñ');
  });

  it('answers null for a missing object and removes a missing one without error', async () => {
    expect(await backend.read('private/nothing-here')).toBeNull();
    await expect(backend.remove('private/nothing-here')).resolves.toBeUndefined();
    await backend.write('private/b/x.txt', Buffer.from('x'), 'text/plain');
    await backend.remove('private/b/x.txt');
    expect(s3.objects.has('private/b/x.txt')).toBe(false);
  });

  it('surfaces a refused call with the operation, key, status and S3 code', async () => {
    const wrong = new S3Backend({ ...config, secretAccessKey: 'not-the-secret' });
    await expect(wrong.write('private/c/x.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'S3 PUT private/c/x.png failed: 403 SignatureDoesNotMatch: Signature mismatch',
    );
    await expect(wrong.read('private/a/hola.png')).rejects.toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(s3.objects.has('private/c/x.png')).toBe(false);
  });

  it('surfaces an unreachable endpoint as an S3 error without an HTTP status', async () => {
    const closed = await startFakeS3();
    await closed.close();
    const offline = new S3Backend({ ...config, endpoint: closed.endpoint });
    await expect(offline.read('private/a/hola.png')).rejects.toMatchObject({
      status: null,
      message: expect.stringMatching(/^S3 GET private\/a\/hola\.png failed: no response ECONNREFUSED/),
    });
  });

  it('signs a time-limited download link to a private object that works without credentials', async () => {
    const url = await backend.signedUrl('private/a/hola.png', 60);
    expect(url.startsWith(`${s3.endpoint}/crm-media/private/a/hola.png?`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png bytes');
    const tampered = await fetch(url.replace('hola.png', 'otra.png'));
    expect(tampered.status).toBe(403);
    expect((await fetch(`${s3.endpoint}/crm-media/private/a/hola.png`)).status).toBe(403);
  });
});
