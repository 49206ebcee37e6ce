import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CHANNEL_PLATFORMS } from '@crm/shared';
import { describe, expect, it } from 'vitest';

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Where queries may be written: repositories, and the database layer itself (pool, migrations, types). */
function mayQuery(file: string): boolean {
  return file.endsWith('.repository.ts') || file.startsWith('database/');
}

// SQL inside a string or template literal, or a handle on the database, outside a repository.
const SQL_TEXT = /['`"][^'`"]*\b(SELECT\s|INSERT\s+INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM|ON\s+CONFLICT)/;
const DATABASE_HANDLE =
  /\b(DataSource|EntityManager|InjectDatabase|InjectRepository|pgPool|selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`/;

/** Files not yet moved to repositories (issue 15 §1). The list only shrinks. */
const PENDING = new Set<string>([]);

describe('layers', () => {
  const files = sourceFiles(SRC).map((file) => relative(SRC, file).split('\\').join('/'));

  it('keep every query in a repository: no service, controller or resolver holds SQL or the database', () => {
    const offenders = files.filter((file) => {
      if (mayQuery(file)) return false;
      const text = readFileSync(join(SRC, file), 'utf8');
      return SQL_TEXT.test(text) || DATABASE_HANDLE.test(text);
    });
    expect(offenders.filter((file) => !PENDING.has(file))).toEqual([]);
    // A file that no longer queries leaves the list, so it cannot come back unnoticed.
    expect([...PENDING].filter((file) => !offenders.includes(file))).toEqual([]);
  });
});

const ROOT = join(__dirname, '../../..');
const SCANNED = ['apps/api/src', 'apps/web/src', 'packages/shared/src'];

function repoSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', '__tests__', '__fixtures__', 'gql', 'migrations'].includes(entry.name)
        ? []
        : repoSources(path);
    }
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(spec|test)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Where a per-platform decision may be written: this table, and the provider adapters (one platform each). */
function mayDecide(file: string): boolean {
  return file === 'packages/shared/src/platforms.ts' || file.startsWith('apps/api/src/providers/');
}

const LITERAL = CHANNEL_PLATFORMS.join('|');
const PER_PLATFORM = [
  // platform === 'sms', channel.platform !== x, 'sms' === platform
  /(?<!typeof\s+[\w?.]*)\bplatform\s*[!=]==?/,
  new RegExp(`[!=]==?\\s*'(${LITERAL})'`),
  // SQL: platform <> 'sms', platform = 'messenger', platform IN ('…')
  /"?platform"?\s*(<>|!=|=|IN\s*\()\s*'/i,
  // Kysely: .where('ch.platform', '<>', …)
  new RegExp(`platform['"]\\s*,\\s*'(=|<>|!=|in|not in)'\\s*,\\s*(sql\\.lit\\()?\\[?\\s*'(${LITERAL})'`, 'i'),
  // Hand-kept platform lists: new Set(['whatsapp_cloud', …]), ['dialog360', …].includes(
  new RegExp(`\\[\\s*'(${LITERAL})'\\s*,`),
  // Per-platform records outside the table: { whatsapp_cloud: …, dialog360: … } (records keyed by the family,
  // whatsapp / messenger / sms / sandbox, are the table's own groups and allowed)
  /^\s*(whatsapp_cloud|dialog360):\s/m,
];

/** Files that still decide per platform on their own; the list only shrinks (issue 15 §2). */
const PLATFORM_PENDING = new Set<string>([]);

describe('per-platform decisions', () => {
  it('are made only by the platform table and the provider adapters', () => {
    const offenders = SCANNED.flatMap((dir) => repoSources(join(ROOT, dir)))
      .map((file) => relative(ROOT, file).split('\\').join('/'))
      .filter((file) => !mayDecide(file))
      .filter((file) => PER_PLATFORM.some((pattern) => pattern.test(readFileSync(join(ROOT, file), 'utf8'))));
    expect(offenders.filter((file) => !PLATFORM_PENDING.has(file))).toEqual([]);
    expect([...PLATFORM_PENDING].filter((file) => !offenders.includes(file))).toEqual([]);
  });
});
