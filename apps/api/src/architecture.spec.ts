import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { CHANNEL_PLATFORMS } from '@crm/shared';
import ts from 'typescript';
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

/**
 * The folder a source file belongs to: `modules/<x>` for a domain module, else its top-level folder under src
 * (common, database, realtime, jobs, providers, demo, config…); files at the root (app module, main) are `.`.
 */
function folderOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0] : '.';
}

// Relative specifiers of import, export … from, side-effect and dynamic imports; packages are not folders of ours.
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Folder → folder edges, each with the imports that make it (`file -> specifier`). */
function folderGraph(files: readonly string[]): Map<string, Map<string, string[]>> {
  const known = new Set(files);
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const from = folderOf(file);
    for (const [, specifier] of readFileSync(join(SRC, file), 'utf8').matchAll(RELATIVE_IMPORT)) {
      const target = posix.join(posix.dirname(file), specifier);
      const to = folderOf(
        known.has(`${target}.ts`) || target.endsWith('.ts') ? target : `${target}/index.ts`,
      );
      if (to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${specifier}`]);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components of more than one folder: each is a cycle (or several). */
function folderCycles(graph: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (folder: string): void => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) as number);
    stack.push(folder);
    for (const next of graph.get(folder)?.keys() ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(folder, Math.min(low.get(folder) as number, low.get(next) as number));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const component = stack.splice(stack.indexOf(folder));
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const folder of graph.keys()) if (!index.has(folder)) visit(folder);
  return cycles;
}

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

  // Folder-level, not file-level: dependency-cruiser and madge find cycles between files, while two folders can
  // depend on each other through different files. This small check over the relative imports is enough.
  it('no folder-level import cycle: each folder imports only folders below it (docs/architecture.md)', () => {
    const graph = folderGraph(files);
    const report = folderCycles(graph).map((cycle) => ({
      folders: cycle,
      // One import per pair of folders is enough to find the edge; the count says how many more to move.
      imports: cycle.flatMap((from) =>
        cycle.flatMap((to) => {
          const [first, ...more] = graph.get(from)?.get(to) ?? [];
          return first ? [`${from} -> ${to}: ${first}${more.length ? ` (+${more.length} more)` : ''}`] : [];
        }),
      ),
    }));
    expect(report).toEqual([]);
  });

  it('finds a folder cycle when there is one (the check above can fail)', () => {
    const graph = new Map([
      ['realtime', new Map([['common', ['x']]])],
      [
        'modules/a',
        new Map([
          ['modules/b', ['x']],
          ['realtime', ['x']],
        ]),
      ],
      ['modules/b', new Map([['modules/c', ['x']]])],
      ['modules/c', new Map([['modules/a', ['x']]])],
    ]);
    expect(folderCycles(graph)).toEqual([['modules/a', 'modules/b', 'modules/c']]);
    graph.get('modules/c')?.delete('modules/a');
    expect(folderCycles(graph)).toEqual([]);
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

// Issue 15 §4: every Spanish text the API answers with lives in packages/shared (the error catalogue, a domain's
// *_MESSAGES table or a rule function), so the API and the web show the same words.
const SPANISH_LETTERS = /[áéíóúüñÁÉÍÓÚÜÑ¿¡]/;
// Words of Spanish prose that English prose does not use; checked only on texts of two words or more, and not on
// those that read as English (log lines, API descriptions), so code values such as the 'es' locale pass.
const SPANISH_WORDS =
  /(?:^|[\s(«"])(?:el|la|los|las|una?|del|al|de|que|por|para|con|sin|es|ya|tus?|sus?|se|puede|debe|obligatori[oa]|invalid[oa]s?|demasiad[oa]s?|selecciona|elige|escribe|adjunta|revisa|existe)(?=[\s.,:;!?)»"]|$)/i;
const ENGLISH_WORDS =
  /(?:^|\s)(?:the|is|are|of|to|and|with|for|from|not|a|an|its|this|that|be|by|on|in|at|or)(?=\s|$)/i;

function readsAsSpanish(text: string): boolean {
  if (SPANISH_LETTERS.test(text)) return true;
  return /\S\s+\S/.test(text) && SPANISH_WORDS.test(text) && !ENGLISH_WORDS.test(text);
}

/** Each string and template literal of a file (a template's fixed parts joined), with its line. */
function literalsOf(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    let text: string | null = null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    if (text !== null)
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Where Spanish may be written in the API: the demo seed, whose sample company, contacts and conversations are
 * data in Spanish rather than texts of the product. The list only shrinks.
 */
const SPANISH_ALLOWED = ['demo/'];

describe('user-facing texts', () => {
  const files = sourceFiles(SRC).map((file) => relative(SRC, file).split('\\').join('/'));
  const spanish = files.flatMap((file) =>
    literalsOf(join(SRC, file))
      .filter(({ text }) => readsAsSpanish(text))
      .map(({ line, text }) => `${file}:${line}: ${text}`),
  );

  it('are not written in the API: Spanish comes from packages/shared (catalogue, *_MESSAGES, rules)', () => {
    expect(spanish.filter((hit) => !SPANISH_ALLOWED.some((place) => hit.startsWith(place)))).toEqual([]);
    // A place that no longer holds Spanish leaves the list, so it cannot come back unnoticed.
    expect(SPANISH_ALLOWED.filter((place) => !spanish.some((hit) => hit.startsWith(place)))).toEqual([]);
  });

  it('would catch an inline text, accented or not', () => {
    expect(readsAsSpanish('Nombre obligatorio')).toBe(true);
    expect(readsAsSpanish('Adjunta un archivo.')).toBe(true);
    expect(readsAsSpanish('Revisa los datos enviados.')).toBe(true);
    expect(readsAsSpanish('Zona horaria inválida')).toBe(true);
    expect(readsAsSpanish('Upload a chat attachment, then send a media message with its URL')).toBe(false);
    expect(readsAsSpanish('es')).toBe(false);
  });
});
