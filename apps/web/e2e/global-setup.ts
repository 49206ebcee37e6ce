import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
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

// Starts the real built API on a free port with a fresh data directory; it serves dist/ at /.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(apiMain)) throw new Error(`Build the API first: ${apiMain} is missing`);
  if (!existsSync(join(webDist, 'index.html')))
    throw new Error('Build the web client first: run `vite build`');

  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'charla-e2e-'));
  // The embedded PostgreSQL runs as its own system user when started by root: it must reach the directory.
  await chmod(dataDir, 0o755);
  const baseUrl = `http://127.0.0.1:${port}`;

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
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  return stop;
}
