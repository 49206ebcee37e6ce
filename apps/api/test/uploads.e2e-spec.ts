import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from './helpers';

// The smallest valid PNG (1×1, transparent).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = await login(t, 'admin@demo.local');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/upload', () => {
  it('stores an image and serves it back at its public URL', async () => {
    const res = await t.http
      .post('/api/upload')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', PNG, { filename: 'foto.png', contentType: 'image/png' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'foto.png',
      fileType: 'image',
      mimeType: 'image/png',
      weight: PNG.length,
    });
    const path = new URL(res.body.url).pathname;
    expect(path).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]{20,}\.png$/);
    const file = await t.http.get(path).buffer(true);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, PNG)).toBe(0);
  });

  it('refuses a type the chat does not accept, an empty file and a missing file with the Spanish message', async () => {
    const exe = await t.http
      .post('/api/upload')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', Buffer.from('MZ...'), {
        filename: 'virus.exe',
        contentType: 'application/x-msdownload',
      });
    expect(exe.status).toBe(400);
    expect(exe.body).toMatchObject({ field: 'file', userMessage: 'Tipo de archivo no permitido' });
    const empty = await t.http
      .post('/api/upload')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', Buffer.alloc(0), { filename: 'vacio.pdf', contentType: 'application/pdf' });
    expect(empty.body).toMatchObject({ field: 'file', userMessage: 'Archivo vacío o corrupto' });
    // 02 §5: a video takes the 15 MB default cap, said with its own maximum; the same video within it passes.
    const video = (size: number) => {
      const body = Buffer.alloc(size);
      Buffer.from([0, 0, 0, 0x18]).copy(body, 0);
      Buffer.from('ftypisom').copy(body, 4);
      return body;
    };
    const big = await t.http
      .post('/api/upload')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', video(15_000_001), { filename: 'video.mp4', contentType: 'video/mp4' });
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ field: 'file', userMessage: 'Archivo demasiado grande (máximo 15 MB)' });
    const fits = await t.http
      .post('/api/upload')
      .set('Authorization', `Bearer ${admin}`)
      .attach('file', video(4096), { filename: 'video.mp4', contentType: 'video/mp4' });
    expect(fits.body).toMatchObject({ fileType: 'video', mimeType: 'video/mp4' });
    const none = await t.http.post('/api/upload').set('Authorization', `Bearer ${admin}`).send({});
    expect(none.status).toBe(400);
    expect(none.body.field).toBe('file');
  });

  it('needs a signed-in user, and unknown upload paths answer 404', async () => {
    const res = await t.http
      .post('/api/upload')
      .attach('file', PNG, { filename: 'foto.png', contentType: 'image/png' });
    expect(res.status).toBe(401);
    expect((await t.http.get('/uploads/2026-11/no-existe.png')).status).toBe(404);
  });
});
