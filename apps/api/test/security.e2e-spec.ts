import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { login, outboxFor, startTestApp, type TestApp, uniqueIp } from './helpers';
import { testSql } from './sql';

// Issue 13: the findings of a probe of the running product, each as a request an attacker could send.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const HTML = Buffer.from(
  '<html><script>fetch("/graphql",{headers:{authorization:localStorage.token}})</script></html>',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

let t: TestApp;
let admin: string;
let config: AppConfig;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_IP_MAX: '6' });
  admin = await login(t, 'admin@demo.local');
  config = t.app.get<AppConfig>(APP_CONFIG);
});
afterAll(async () => {
  await t.close();
});

function upload(name: string, content: Buffer, contentType: string) {
  return t.http
    .post('/api/upload')
    .set('Authorization', `Bearer ${admin}`)
    .attach('file', content, { filename: name, contentType });
}

/** A request whose head declares `length` bytes and whose body never comes; answers status and elapsed ms. */
function declareOnly(
  path: string,
  length: number,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let raw = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer from ${path} within 5 s`));
    }, 5000);
    socket.on('data', (chunk) => {
      raw = Buffer.concat([raw, chunk]);
      const headEnd = raw.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = raw.subarray(0, headEnd).toString('latin1');
      const lengthHeader = /content-length: (\d+)/i.exec(head);
      if (lengthHeader && raw.length - headEnd - 4 < Number(lengthHeader[1])) return;
      clearTimeout(timer);
      socket.destroy();
      resolve({
        status: Number(head.slice(9, 12)),
        body: raw.subarray(headEnd + 4).toString('utf8'),
        ms: Date.now() - started,
      });
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    const head = Object.entries({ Host: '127.0.0.1', 'Content-Length': String(length), ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\r\n');
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n\r\n`);
  });
}

describe('uploads are typed by their bytes and served inert', () => {
  it('refuses HTML, SVG and scripts whatever type or name they declare', async () => {
    for (const [name, content, type] of [
      ['comprobante.html', HTML, 'image/jpeg'],
      ['comprobante.jpg', HTML, 'image/jpeg'],
      ['foto.png', SVG, 'image/png'],
      ['logo.svg', SVG, 'image/svg+xml'],
      ['pagina.xhtml', HTML, 'application/xhtml+xml'],
      ['app.js', Buffer.from('alert(1)'), 'image/png'],
      ['imagen.htm', PNG, 'image/png'],
    ] as const) {
      const res = await upload(name, content, type);
      expect(res.status, name).toBe(400);
      expect(res.body, name).toMatchObject({ field: 'file', userMessage: 'Tipo de archivo no permitido' });
    }
  });

  it("names the stored file by the detected type, whatever the client's name, and answers that type", async () => {
    const res = await upload('Recibo Final.PNG', PNG, 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ fileType: 'image', mimeType: 'image/png', name: 'Recibo Final.PNG' });
    const path = new URL(res.body.url).pathname;
    expect(path).toMatch(/^\/uploads\/\d{4}-\d{2}\/[\w-]{24}\.png$/);
    const served = await t.http.get(path);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('serves documents as attachments, never as a page of our origin', async () => {
    const res = await upload('contrato.pdf', PDF, 'application/pdf');
    expect(res.status).toBe(200);
    const served = await t.http.get(new URL(res.body.url).pathname);
    expect(served.headers['content-type']).toMatch(/^application\/pdf/);
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('serves a file stored before these rules (an .html under /uploads) as opaque bytes to download', async () => {
    const dir = join(config.dataDir, 'uploads', '2026-01');
    mkdirSync(dir, { recursive: true });
    for (const name of ['viejo.html', 'viejo.svg', 'viejo.js', 'viejo.xml']) {
      writeFileSync(join(dir, name), HTML);
      const served = await t.http.get(`/uploads/2026-01/${name}`);
      expect(served.status, name).toBe(200);
      expect(served.headers['content-type'], name).toBe('application/octet-stream');
      expect(served.headers['content-disposition'], name).toMatch(/^attachment/);
      expect(served.headers['content-security-policy'], name).toBe("default-src 'none'; sandbox");
      expect(served.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });

  it('answers FILE_TOO_LARGE (413) with the spec text for a file over 100 MB', async () => {
    const big = Buffer.alloc(104857600 + 1, 0x25);
    PDF.copy(big);
    const res = await upload('grande.pdf', big, 'application/pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'FILE_TOO_LARGE',
      field: 'file',
      userMessage: 'Archivo demasiado grande (máximo 100 MB)',
    });
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing and nosniff on pages and on the API', async () => {
    for (const path of ['/', '/chat', '/api/health']) {
      const res = await t.http.get(path);
      const csp = String(res.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(res.headers['x-frame-options'], path).toBe('DENY');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      // HSTS only in production (a development server on http must stay reachable).
      expect(res.headers['strict-transport-security'], path).toBeUndefined();
    }
  });
});

describe('in production', () => {
  it('adds HSTS and keeps the dev outbox off even when DEV_OUTBOX asks for it', async () => {
    const prod = await startTestApp({
      NODE_ENV: 'production',
      DEV_OUTBOX: 'true',
      WHATSAPP_APP_SECRET: 'app-secret',
      WHATSAPP_VERIFY_TOKEN: 'verify-token',
      MESSENGER_APP_ID: '1234',
      MESSENGER_APP_SECRET: 'messenger-secret',
      MESSENGER_VERIFY_TOKEN: 'messenger-verify',
      DIALOG360_WEBHOOK_TOKEN: 'dialog-token',
      JOBS_ENABLED: 'false',
    });
    try {
      const res = await prod.http.get('/api/health');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect((await prod.http.get('/api/dev/outbox')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('declared body lengths', () => {
  const huge = 53687091200;

  it('refuses a body declared over the JSON limit at once, without waiting for it', async () => {
    const res = await declareOnly('/api/loginDash', huge, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(2000);
    expect(JSON.parse(res.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      userMessage: 'La solicitud es demasiado grande.',
    });
  });

  it('refuses a webhook declared over its limit at once', async () => {
    const res = await declareOnly('/webhooks/whatsapp', huge, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(res.ms).toBeLessThan(2000);
  });

  it('refuses an upload declared over 100 MB at once with FILE_TOO_LARGE', async () => {
    for (const length of [huge, 104857600 * 2]) {
      const res = await declareOnly('/api/upload', length, {
        'Content-Type': 'multipart/form-data; boundary=x',
        Authorization: `Bearer ${admin}`,
      });
      expect(res.status).toBe(413);
      expect(res.ms).toBeLessThan(2000);
      expect(JSON.parse(res.body)).toMatchObject({
        code: 'FILE_TOO_LARGE',
        userMessage: 'Archivo demasiado grande (máximo 100 MB)',
      });
    }
  });
});

describe('the dev outbox', () => {
  it('answers this machine only: a request relayed from elsewhere gets 404 and no reset link', async () => {
    const sent = await t.http
      .post('/api/sendResetPasswordEmail')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: 'groupadmin@demo.local' });
    expect(sent.status).toBe(200);
    const relayed = await t.http.get('/api/dev/outbox').set('X-Forwarded-For', '203.0.113.7');
    expect(relayed.status).toBe(404);
    expect(JSON.stringify(relayed.body)).not.toContain('changePassword');
    const forwarded = await t.http.get('/api/dev/outbox').set('Forwarded', 'for=203.0.113.7');
    expect(forwarded.status).toBe(404);
    // On this machine it still works, as the README says.
    expect((await outboxFor(t, 'groupadmin@demo.local')).length).toBeGreaterThan(0);
  });
});

describe('sign-up e-mail checks', () => {
  it('limits /api/emailVerification per client address like sign-in', async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.http
        .post('/api/emailVerification')
        .set('X-Forwarded-For', ip)
        .send({ email: i % 2 === 0 ? 'admin@demo.local' : `sondeo${Date.now()}x${i}@example.com` });
      statuses.push(res.status);
    }
    // RATE_LIMIT_IP_MAX is 6 in this suite: the answers that tell whether an account exists stop after it.
    expect(statuses.slice(0, 6)).toEqual([409, 200, 409, 200, 409, 200]);
    expect(statuses.slice(6)).toEqual([429, 429]);
  });

  it('counts parallel wrong codes atomically: never more than 5 are checked', async () => {
    const email = `paralelo${Date.now()}@example.com`;
    const sent = await t.http
      .post('/api/emailVerification')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email });
    expect(sent.status).toBe(200);
    const [mail] = await outboxFor(t, email);
    const code = /\b([A-Z0-9]{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const wrong = code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.http.post('/api/verify').set('X-Forwarded-For', uniqueIp()).send({ email, code: wrong }),
      ),
    );
    expect(guesses.every((r) => r.body.code === 'EMAIL_VERIFICATION_NOT_FOUND')).toBe(true);
    const [row] = await testSql().query('SELECT "failedAttempts" FROM email_verifications WHERE email = $1', [
      email,
    ]);
    expect(row.failedAttempts).toBe(5);
    // Past the limit even the right code is refused: a new one has to be sent.
    const right = await t.http.post('/api/verify').set('X-Forwarded-For', uniqueIp()).send({ email, code });
    expect(right.body.code).toBe('EMAIL_VERIFICATION_NOT_FOUND');
  });
});
