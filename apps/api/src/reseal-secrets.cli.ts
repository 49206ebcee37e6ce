import 'reflect-metadata';
import { Pool } from 'pg';
import { secretBoxFor } from './common/crypto/secret-box';
import { ConfigError, loadConfig } from './config/app-config';
import { runMigrations } from './database/data-source';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './database/embedded-postgres';
import { resealSecrets } from './database/secrets-at-rest';

/**
 * `pnpm --filter @crm/api secrets:reseal` (key rotation, docs/architecture.md "Secrets at rest"): with the new key
 * in ENCRYPTION_KEY and the old one in ENCRYPTION_KEY_PREVIOUS, seals every stored secret with the new key. Safe
 * while the API runs on DATABASE_URL; with the embedded PostgreSQL (no DATABASE_URL) the API must be stopped.
 * Exits 1 when a secret opens with none of the configured keys (it is left as it was).
 */
async function reseal(): Promise<number> {
  const config = loadConfig();
  const box = secretBoxFor(config);
  let embedded: EmbeddedDatabase | null = null;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    url = embedded.url;
  }
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    await runMigrations(url, box);
    const reports = await resealSecrets(pool, box);
    let unreadable = 0;
    for (const r of reports) {
      unreadable += r.unreadable.length;
      console.log(
        `${r.table}.${r.column}: ${r.resealed} re-sealed, ${r.sealed} sealed (were in clear), ${r.current} already current` +
          (r.raced ? `, ${r.raced} changed meanwhile (left to their writer)` : '') +
          (r.unreadable.length ? `, UNREADABLE ids ${r.unreadable.join(', ')}` : ''),
      );
    }
    if (unreadable > 0) {
      console.error(
        `${unreadable} secret(s) open with no configured key: add the key that sealed them to ENCRYPTION_KEY_PREVIOUS and run again`,
      );
      return 1;
    }
    return 0;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

reseal().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
    process.exit(1);
  },
);
