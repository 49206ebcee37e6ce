import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../src/database/data-source';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/** One real PostgreSQL per test run (embedded unless TEST_DATABASE_URL is given), migrations applied. */
export default async function setup(project: TestProject) {
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    await runMigrations(external);
    project.provide('databaseUrl', external);
    return async () => undefined;
  }
  const dir = mkdtempSync(join(tmpdir(), 'crm-api-test-'));
  const db = await startEmbeddedPostgres(dir, null);
  await runMigrations(db.url);
  project.provide('databaseUrl', db.url);
  return async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
