import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * A static check that no query of the API relates the rows of two companies (issue 22, "Beyond one database").
 *
 * Every place where the SQL relates two tables is found in the source: Kysely's joins (`innerJoin('clients as c',
 * 'c.id', 'm.clientId')`, `leftJoin(t, (join) => join.onRef(...))`), its correlations (`whereRef`), and the JOIN
 * clauses written in `sql` templates. Each is proven to stay inside one company when one of its equalities is
 *   - `a.companyId = b.companyId`;
 *   - a foreign key of the schema (`m.clientId = c.id` with messages.clientId → clients.id): a row and the row it
 *     points at, which the data check of the same test finds in one company;
 *   - two foreign keys to the same row (`sc.spaceId = us.spaceId`, both → spaces.id);
 *   - `x.companyId = companies.id`, the company itself;
 * or, in SQL text, when the joined table's companyId is pinned to a bound value (`u."companyId" = ${companyId}`).
 * What cannot be proven (a join on a WITH query, a subquery, a lateral) must be listed with the reason it is safe;
 * a new join that is neither proven nor listed fails the test. Chosen over logging the suite's queries (which sees
 * only what the tests run) and over composite foreign keys (docs/scaling.md: they need companyId on the join
 * tables first) because it reads every query, run or not, and costs a second.
 */

export interface ForeignKey {
  table: string;
  column: string;
  refTable: string;
  refColumn: string;
}

export interface SchemaFacts {
  tables: Set<string>;
  /** Tables with a companyId column. */
  tenant: Set<string>;
  /** The schema's single-column foreign keys, and the references declared without a constraint. */
  foreignKeys: ForeignKey[];
}

export interface Relation {
  file: string;
  line: number;
  /** How the source says it, whitespace collapsed: the key of the reviewed list. */
  text: string;
  kind: 'kysely-join' | 'kysely-where-ref' | 'sql-join';
  proven: string | null;
  /** Why it could not be proven, when it was not. */
  problem: string | null;
}

interface Ref {
  alias: string;
  column: string;
}

const JOIN_METHODS = new Set(['innerJoin', 'leftJoin', 'rightJoin', 'fullJoin']);
const FROM_METHODS = new Set(['selectFrom', 'updateTable', 'deleteFrom', 'from', ...JOIN_METHODS]);

function parseTableAlias(spec: string): { table: string; alias: string } {
  const match = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(spec);
  if (!match?.[1]) return { table: spec, alias: spec };
  return { table: match[1], alias: match[2] ?? match[1] };
}

function parseRef(text: string): Ref | null {
  const match = /^(\w+)\.(\w+)$/.exec(text);
  return match?.[1] && match[2] ? { alias: match[1], column: match[2] } : null;
}

function stringValue(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

function methodName(call: ts.CallExpression): string | null {
  if (ts.isPropertyAccessExpression(call.expression)) return call.expression.name.text;
  // `({ selectFrom }) => selectFrom('x')`: Kysely's expression builder destructured.
  return ts.isIdentifier(call.expression) ? call.expression.text : null;
}

/** The calls of one builder chain, from the one given down to the chain's root. */
function chainBelow(call: ts.CallExpression): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  let node: ts.Expression = call;
  while (true) {
    if (ts.isCallExpression(node)) {
      calls.push(node);
      node = node.expression;
    } else if (
      ts.isPropertyAccessExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isParenthesizedExpression(node)
    ) {
      node = node.expression;
    } else break;
  }
  return calls;
}

/** The outermost call of the chain a call belongs to. */
function chainTop(call: ts.CallExpression): ts.CallExpression {
  let top = call;
  let node: ts.Node = call;
  while (node.parent && (ts.isPropertyAccessExpression(node.parent) || ts.isCallExpression(node.parent))) {
    if (ts.isCallExpression(node.parent) && node.parent.expression !== node) break;
    node = node.parent;
    if (ts.isCallExpression(node)) top = node;
  }
  return top;
}

function aliasesOfChain(calls: ts.CallExpression[]): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const call of calls) {
    const name = methodName(call);
    if (!name || !FROM_METHODS.has(name)) continue;
    const first = call.arguments[0];
    const specs =
      first && ts.isArrayLiteralExpression(first)
        ? first.elements.map((e) => stringValue(e))
        : [stringValue(first)];
    for (const spec of specs) {
      if (!spec) continue;
      const { table, alias } = parseTableAlias(spec);
      aliases.set(alias, table);
    }
  }
  return aliases;
}

/** The aliases a node sees: its own query's, then those of each query it is nested in (correlated subqueries). */
function aliasesInScope(node: ts.Node): Map<string, string> {
  const aliases = new Map<string, string>();
  for (let current: ts.Node | undefined = node; current; current = current.parent) {
    if (!ts.isCallExpression(current)) continue;
    for (const [alias, table] of aliasesOfChain(chainBelow(chainTop(current)))) {
      if (!aliases.has(alias)) aliases.set(alias, table);
    }
  }
  return aliases;
}

class Prover {
  constructor(private readonly schema: SchemaFacts) {}

  private hasForeignKey(table: string, column: string, refTable: string, refColumn: string): boolean {
    return this.schema.foreignKeys.some(
      (fk) =>
        fk.table === table && fk.column === column && fk.refTable === refTable && fk.refColumn === refColumn,
    );
  }

  private target(table: string, column: string): string | null {
    const fk = this.schema.foreignKeys.find((f) => f.table === table && f.column === column);
    return fk ? `${fk.refTable}.${fk.refColumn}` : null;
  }

  /** Why `a.x = b.y` keeps one company, or null. */
  equality(a: { table: string; column: string }, b: { table: string; column: string }): string | null {
    if (a.column === 'companyId' && b.column === 'companyId') return 'same companyId';
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (this.hasForeignKey(x.table, x.column, y.table, y.column))
        return `reference ${x.table}.${x.column} → ${y.table}.${y.column}`;
      if (x.column === 'companyId' && y.table === 'companies' && y.column === 'id')
        return 'the company itself';
    }
    const ta = this.target(a.table, a.column);
    if (ta && ta === this.target(b.table, b.column)) return `both point at ${ta}`;
    return null;
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Kysely joins and correlations of one file. */
function kyselyRelations(file: string, source: ts.SourceFile, schema: SchemaFacts): Relation[] {
  const prover = new Prover(schema);
  const relations: Relation[] = [];
  // Aliases the whole file gives, for correlations whose outer query is built elsewhere in the file.
  const fileAliases = new Map<string, Set<string>>();
  const visitAliases = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = methodName(node);
      if (name && FROM_METHODS.has(name)) {
        for (const [alias, table] of aliasesOfChain([node])) {
          const set = fileAliases.get(alias) ?? new Set<string>();
          set.add(table);
          fileAliases.set(alias, set);
        }
      }
    }
    ts.forEachChild(node, visitAliases);
  };
  visitAliases(source);

  const resolve = (aliases: Map<string, string>, alias: string): string | null => {
    const direct = aliases.get(alias);
    if (direct) return direct;
    const candidates = fileAliases.get(alias);
    if (candidates?.size === 1) return [...candidates][0] ?? null;
    return schema.tables.has(alias) ? alias : null;
  };

  const judge = (
    aliases: Map<string, string>,
    pairs: Array<[string, string]>,
  ): [string | null, string | null] => {
    const problems: string[] = [];
    for (const [left, right] of pairs) {
      const a = parseRef(left);
      const b = parseRef(right);
      if (!a || !b) {
        problems.push(`cannot read ${left} = ${right}`);
        continue;
      }
      const ta = resolve(aliases, a.alias);
      const tb = resolve(aliases, b.alias);
      if (!ta || !tb) {
        problems.push(`cannot tell the table of ${!ta ? a.alias : b.alias}`);
        continue;
      }
      const why = prover.equality({ table: ta, column: a.column }, { table: tb, column: b.column });
      if (why) return [why, null];
      problems.push(`${ta}.${a.column} = ${tb}.${b.column} is neither companyId nor a foreign key`);
    }
    return [null, problems.join('; ') || 'no column equality'];
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = methodName(node);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      if (name && JOIN_METHODS.has(name)) {
        const target = stringValue(node.arguments[0]);
        const aliases = aliasesInScope(node);
        const pairs: Array<[string, string]> = [];
        const [, second, third] = node.arguments;
        if (second && third) {
          const l = stringValue(second);
          const r = stringValue(third);
          if (l && r) pairs.push([l, r]);
        } else if (second && (ts.isArrowFunction(second) || ts.isFunctionExpression(second))) {
          const findOnRef = (inner: ts.Node): void => {
            if (ts.isCallExpression(inner) && methodName(inner) === 'onRef') {
              const l = stringValue(inner.arguments[0]);
              const op = stringValue(inner.arguments[1]);
              const r = stringValue(inner.arguments[2]);
              if (l && r && op === '=') pairs.push([l, r]);
            }
            ts.forEachChild(inner, findOnRef);
          };
          findOnRef(second);
        }
        const [proven, problem] = target
          ? judge(aliases, pairs)
          : [null, 'joins something other than a table named in the call'];
        relations.push({
          file,
          line,
          text: `${name}(${node.arguments.map((a) => collapse(a.getText(source))).join(', ')})`,
          kind: 'kysely-join',
          proven,
          problem,
        });
      } else if (name === 'whereRef') {
        const l = stringValue(node.arguments[0]);
        const op = stringValue(node.arguments[1]);
        const r = stringValue(node.arguments[2]);
        if (l && r && op === '=') {
          const top = chainTop(node);
          const calls = chainBelow(top);
          const aliases = aliasesInScope(node);
          // The correlation is safe when it, or another correlation of the same query, is.
          const siblings = calls
            .filter((c) => methodName(c) === 'whereRef' && stringValue(c.arguments[1]) === '=')
            .map(
              (c) =>
                [stringValue(c.arguments[0]) ?? '', stringValue(c.arguments[2]) ?? ''] as [string, string],
            );
          const [proven, problem] = judge(aliases, [
            [l, r],
            ...siblings.filter(([a, b]) => a !== l || b !== r),
          ]);
          relations.push({
            file,
            line,
            text: `whereRef(${collapse(node.arguments.map((a) => a.getText(source)).join(', '))})`,
            kind: 'kysely-where-ref',
            proven,
            problem,
          });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return relations;
}

const SQL_KEYWORDS = new Set([
  'on',
  'using',
  'where',
  'join',
  'left',
  'right',
  'full',
  'inner',
  'cross',
  'lateral',
  'group',
  'order',
  'limit',
  'select',
  'set',
  'and',
  'or',
]);

/** The JOIN clauses of one `sql` template's text (interpolations replaced by `$P`). */
export function sqlJoins(text: string, schema: SchemaFacts): Array<Omit<Relation, 'file' | 'line'>> {
  const prover = new Prover(schema);
  const sqlText = collapse(text);
  const aliases = new Map<string, string>();
  const keyword = '(?:JOIN|ON|USING|WHERE|LEFT|RIGHT|FULL|INNER|CROSS|LATERAL|GROUP|ORDER|LIMIT|SET)\\b';
  const from = new RegExp(`\\b(?:FROM|JOIN)\\s+"?(\\w+)"?(?:\\s+(?:AS\\s+)?(?!${keyword})(\\w+))?`, 'gi');
  for (const match of sqlText.matchAll(from)) {
    const table = match[1] ?? '';
    const alias = match[2] && !SQL_KEYWORDS.has(match[2].toLowerCase()) ? match[2] : table;
    if (schema.tables.has(table)) aliases.set(alias, table);
  }
  const out: Array<Omit<Relation, 'file' | 'line'>> = [];
  const clause =
    /\b((?:(?:LEFT|RIGHT|FULL|INNER|CROSS)\s+(?:OUTER\s+)?)?JOIN\s+(LATERAL\s+)?(\(|"?\w+"?)(?:\s+(?:AS\s+)?(\w+))?)(.*?)(?=\b(?:(?:LEFT|RIGHT|FULL|INNER|CROSS)\s+)?JOIN\b|\bWHERE\b|\bGROUP BY\b|\bORDER BY\b|\bLIMIT\b|\bRETURNING\b|\bON CONFLICT\b|\)|$)/gi;
  for (const match of sqlText.matchAll(clause)) {
    const joined = (match[3] ?? '').replaceAll('"', '');
    const condition = match[5] ?? '';
    const textOf = collapse(`${match[1] ?? ''}${condition}`);
    if (match[2] || joined === '(' || !schema.tables.has(joined)) {
      out.push({
        text: textOf,
        kind: 'sql-join',
        proven: null,
        problem: `joins ${match[2] ? 'a lateral subquery' : joined === '(' ? 'a subquery' : `${joined}, not a table`}`,
      });
      continue;
    }
    const alias = match[4] && !SQL_KEYWORDS.has(match[4].toLowerCase()) ? match[4] : joined;
    let proven: string | null = null;
    const problems: string[] = [];
    const pin = new RegExp(`\\b${alias}\\."?companyId"?\\s*=\\s*\\$P`);
    if (pin.test(condition)) proven = `${joined}.companyId bound to one company`;
    for (const eq of condition.matchAll(/\b(\w+)\."?(\w+)"?\s*=\s*(\w+)\."?(\w+)"?/g)) {
      if (proven) break;
      const ta = aliases.get(eq[1] ?? '') ?? (schema.tables.has(eq[1] ?? '') ? eq[1] : undefined);
      const tb = aliases.get(eq[3] ?? '') ?? (schema.tables.has(eq[3] ?? '') ? eq[3] : undefined);
      if (!ta || !tb) {
        problems.push(`cannot tell the table of ${!ta ? eq[1] : eq[3]}`);
        continue;
      }
      proven = prover.equality({ table: ta, column: eq[2] ?? '' }, { table: tb, column: eq[4] ?? '' });
      if (!proven) problems.push(`${ta}.${eq[2]} = ${tb}.${eq[4]} is neither companyId nor a foreign key`);
    }
    out.push({
      text: textOf,
      kind: 'sql-join',
      proven,
      problem: proven ? null : problems.join('; ') || 'no column equality',
    });
  }
  return out;
}

/** Every `sql` template of one file, each with its interpolations as `$P`. */
function sqlRelations(file: string, source: ts.SourceFile, schema: SchemaFacts): Relation[] {
  const relations: Relation[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTaggedTemplateExpression(node) && /\bsql\b/.test(node.tag.getText(source))) {
      const template = node.template;
      const text = ts.isNoSubstitutionTemplateLiteral(template)
        ? template.text
        : [template.head.text, ...template.templateSpans.map((span) => `$P${span.literal.text}`)].join('');
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      for (const join of sqlJoins(text, schema)) relations.push({ file, line, ...join });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return relations;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'migrations' || entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Every relation between tables in the API's source (migrations and fixtures aside), proven or not. */
export function scanRelations(srcDir: string, schema: SchemaFacts): Relation[] {
  return sourceFiles(srcDir).flatMap((path) =>
    scanSource(relative(srcDir, path), readFileSync(path, 'utf8'), schema),
  );
}

export function scanSource(file: string, text: string, schema: SchemaFacts): Relation[] {
  // Only files that relate tables at all are parsed (27 of the source today).
  if (!/Join\(|whereRef\(|\bJOIN\b/.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  return [...kyselyRelations(file, source, schema), ...sqlRelations(file, source, schema)];
}
