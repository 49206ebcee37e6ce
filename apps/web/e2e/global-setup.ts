import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const webDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const apiDir = resolve(webDir, '../api');
const apiMain = join(apiDir, 'dist/main.js');
const webDist = join(webDir, 'dist');

const HEALTH_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('No port assigned'));
      });
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

async function waitForHealth(baseUrl: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}:\n${logs()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) {
        const body = (await response.json()) as { status?: string };
        if (body.status === 'ok') return;
      }
    } catch {
      // Not listening yet (the embedded PostgreSQL initialises on first boot).
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  throw new Error(`The API did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s:\n${logs()}`);
}

export interface FakeGraphRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

// The Demo channel's WhatsApp Business Account (the entry id e2e/helpers/whatsapp.ts signs webhooks with) and the
// app its token belongs to, as GET /debug_token tells them.
const FAKE_WABA_ID = '102290129340398';
const FAKE_APP_ID = 'e2e-app';

interface StoredTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: unknown[];
}

const templates: StoredTemplate[] = [];

/**
 * The template management calls of whatsapp-cloud-templates.client.ts, answered as Graph documents them: the token's
 * account (debug_token, phone_numbers), the resumable upload of a header file, and create / list / delete of the
 * account's message templates. Null for any other call.
 * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates
 */
function templateManagement(
  method: string,
  path: string,
  body: unknown,
  count: number,
): { status: number; body: unknown } | null {
  const url = new URL(path, 'http://graph.local');
  const route = url.pathname.replace(/^\/v[\d.]+/, '');
  if (method === 'GET' && route === '/debug_token') {
    return {
      status: 200,
      body: {
        data: {
          app_id: FAKE_APP_ID,
          is_valid: true,
          granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: [FAKE_WABA_ID] }],
        },
      },
    };
  }
  if (method === 'GET' && route === `/${FAKE_WABA_ID}/phone_numbers`) {
    return { status: 200, body: { data: [{ id: '100000000000001' }] } };
  }
  if (method === 'POST' && route === `/${FAKE_APP_ID}/uploads`) {
    return { status: 200, body: { id: `upload:e2e-session-${count}?sig=e2e` } };
  }
  if (method === 'POST' && route.startsWith('/upload:')) {
    return { status: 200, body: { h: `4::e2e-handle-${count}` } };
  }
  if (route !== `/${FAKE_WABA_ID}/message_templates`) return null;
  if (method === 'POST') {
    const request = (typeof body === 'object' && body !== null ? body : {}) as Partial<StoredTemplate>;
    const stored: StoredTemplate = {
      id: `9${String(Date.now()).slice(-9)}${count}`,
      name: String(request.name),
      language: String(request.language),
      category: String(request.category),
      status: 'PENDING',
      components: Array.isArray(request.components) ? request.components : [],
    };
    templates.push(stored);
    return { status: 200, body: { id: stored.id, status: stored.status, category: stored.category } };
  }
  if (method === 'GET') {
    return { status: 200, body: { data: templates, paging: { cursors: { before: 'b', after: 'a' } } } };
  }
  if (method === 'DELETE') {
    const name = url.searchParams.get('name');
    const kept = templates.filter((template) => template.name !== name);
    templates.splice(0, templates.length, ...kept);
    return { status: 200, body: { success: true } };
  }
  return null;
}

/**
 * A fake WhatsApp Cloud API (Graph) on loopback: answers every send with a fresh message id and records what it
 * received; `GET /__requests` lists them so a browser test can assert the exact body the product sent. A test
 * registers a customer's media with `PUT /__media/{id}` (the bytes, with their Content-Type); the product then
 * finds it as Meta documents: `GET /{version}/{id}` answers its short-lived URL, which serves the bytes to the
 * bearer of the channel's token. Template management calls get Graph's answers (templateManagement).
 */
async function startFakeGraph(): Promise<{ url: string; server: Server }> {
  const received: FakeGraphRequest[] = [];
  const media = new Map<string, { bytes: Buffer; mimeType: string }>();
  let count = 0;
  let url = '';
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/__requests') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(received));
        return;
      }
      const path = req.url ?? '';
      const registered = /^\/__media\/([\w.-]+)$/.exec(path);
      if (req.method === 'PUT' && registered?.[1]) {
        const mimeType = req.headers['content-type'] ?? 'application/octet-stream';
        media.set(registered[1], { bytes: Buffer.concat(chunks), mimeType });
        res.writeHead(204);
        res.end();
        return;
      }
      const lookup = /^\/v[\d.]+\/([\w.-]+)$/.exec(path);
      const download = /^\/__download\/([\w.-]+)$/.exec(path);
      const id = lookup?.[1] ?? download?.[1];
      const file = req.method === 'GET' && id ? media.get(id) : undefined;
      if (file && id) {
        if (!req.headers.authorization?.startsWith('Bearer ')) {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'Missing token', code: 190 } }));
          return;
        }
        if (download) {
          res.writeHead(200, { 'content-type': file.mimeType, 'content-length': String(file.bytes.length) });
          res.end(file.bytes);
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            messaging_product: 'whatsapp',
            url: `${url}/__download/${id}`,
            mime_type: file.mimeType,
            file_size: file.bytes.length,
            id,
          }),
        );
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (e.g. a media upload): kept as text.
      }
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization ?? null,
        body,
      });
      count += 1;
      const management = templateManagement(req.method ?? '', path, body, count);
      if (management) {
        res.writeHead(management.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(management.body));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [],
          messages: [{ id: `wamid.E2E${Date.now()}${count}` }],
        }),
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('The fake Graph API got no port');
  url = `http://127.0.0.1:${address.port}`;
  return { url, server };
}

// Starts the real built API on a free port with a fresh data directory; it serves dist/ at /.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(apiMain)) throw new Error(`Build the API first: ${apiMain} is missing`);
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the web client first: run `vite build`');

  const port = await freePort();
  // The embedded PostgreSQL's port is chosen here so a test can reach the database (e2e/campaigns.e2e.ts gives a
  // sandbox channel the providerId marks that make it report another quality or tier).
  const pgPort = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'charla-e2e-'));
  // The embedded PostgreSQL runs as its own system user when started by root: it must reach the directory.
  await chmod(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;
  const graph = await startFakeGraph();

  let output = '';
  const child = spawn(process.execPath, [apiMain], {
    cwd: apiDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      WEB_DIST_DIR: webDist,
      APP_URL: baseUrl,
      // The sandbox channel reports delivered, then read, after this delay (1.5 s by default): short here.
      SANDBOX_DELAY_MS: process.env.SANDBOX_DELAY_MS ?? '300',
      WHATSAPP_GRAPH_URL: `${graph.url}/v23.0`,
      JOB_POLL_MS: '100',
      EMBEDDED_PG_PORT: String(pgPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timedOut = await Promise.race([
        exited(child).then(() => false),
        new Promise<boolean>((done) => setTimeout(() => done(true), STOP_TIMEOUT_MS)),
      ]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await new Promise((done) => graph.server.close(done));
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('fakeGraphUrl', graph.url);
  project.provide(
    'databaseUrl',
    process.env.DATABASE_URL || `postgres://postgres:postgres@127.0.0.1:${pgPort}/crm`,
  );
  return stop;
}
