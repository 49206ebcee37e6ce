// `pnpm --filter @crm/api db:types`: migrates a throw-away embedded PostgreSQL and rewrites src/database/schema.ts
// from it. Runs on the build output (plain Node, like the root scripts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(apiDir);
const { startEmbeddedPostgres } = require('../dist/database/embedded-postgres.js');
const { runMigrations } = require('../dist/database/data-source.js');
const { generateSchemaTypes, SCHEMA_TYPES_FILE } = require('../dist/database/schema-codegen.js');

const dir = mkdtempSync(join(tmpdir(), 'crm-db-types-'));
const db = await startEmbeddedPostgres(dir, null);
try {
  await runMigrations(db.url);
  await generateSchemaTypes(db.url, join(apiDir, SCHEMA_TYPES_FILE));
  console.log(`wrote ${SCHEMA_TYPES_FILE}`);
} finally {
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
