import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testSql } from './sql';
import { type ForeignKey, type SchemaFacts, scanRelations, scanSource } from './tenancy-joins';

/**
 * Issue 22, "Beyond one database" (docs/scaling.md): every tenant row carries its company, can be reached by it, and
 * no query relates two companies' rows — what distributing the schema by companyId (Citus) or splitting it into
 * per-region databases needs, read from the migrated database and from the API's source.
 */

/** Tables that belong to no company, each with the reason. On Citus: reference or coordinator-local tables. */
const GLOBAL_TABLES: Record<string, string> = {
  companies: 'the tenant itself: its id is the company id (the distribution column on Citus)',
  permissions: 'the fixed catalogue of permission names, the same for every company (a reference table)',
  migrations: "TypeORM's history of the schema",
  job_keys:
    "the job queue's once-only keys (report e-mails, ticks), an infrastructure table like graphile_worker's",
  realtime_attachments: 'payloads of real-time events too big for NOTIFY, kept seconds, read by id',
  rate_limit_buckets: 'failed sign-in counters per address and account, before any company is known',
  email_verifications: 'sign-up e-mail codes, before the company exists',
  password_reset_tokens:
    'found by the hash of the token in the link, before sign-in; the user row names the company',
  billing_events:
    "Stripe's event ids for exactly-once webhooks; the event names its customer, not our company",
  dev_outbox_mails: 'the development outbox of unsent mail',
  sandbox_payment_customers: "the sandbox payments provider's own store, standing in for Stripe's servers",
  sandbox_payment_invoices: "the sandbox payments provider's own store, standing in for Stripe's servers",
  sandbox_payment_methods: "the sandbox payments provider's own store, standing in for Stripe's servers",
  sandbox_payment_subscriptions:
    "the sandbox payments provider's own store, standing in for Stripe's servers",
};

/**
 * Tenant tables without a companyId column of their own: link rows and per-row settings whose company is their
 * parent's. They are the work left before distributing by company (docs/scaling.md, "What Citus needs first").
 */
const CHILD_TABLES: Record<string, { column: string; parent: string }> = {
  client_tags: { column: 'clientId', parent: 'clients' },
  client_infos: { column: 'clientId', parent: 'clients' },
  space_channels: { column: 'spaceId', parent: 'spaces' },
  user_spaces: { column: 'userId', parent: 'users' },
  user_categories: { column: 'userId', parent: 'users' },
  user_working_hours: { column: 'userId', parent: 'users' },
  role_permissions: { column: 'roleId', parent: 'roles' },
  channel_send_pace: { column: 'channelId', parent: 'channels' },
};

/** The one tenant table whose companyId may be empty. */
const NULLABLE_COMPANY: Record<string, string> = {
  onboarding_in_process: 'a sign-up in progress has no company until its account is created',
};

/**
 * Tenant tables with no index led by companyId: they are always read through their parent (a conversation's
 * messages, a board's columns, a channel's settings), by a foreign key column that leads an index of its own.
 */
const REACHED_THROUGH: Record<string, string> = {
  albums: 'spaceId',
  board_columns: 'boardId',
  board_items: 'boardId',
  board_users: 'boardId',
  campaign_recipients: 'campaignId',
  chatbot_menus: 'channelId',
  contact_import_rows: 'importId',
  files: 'albumId',
  follow_up_messages: 'clientId',
  message_bot_configs: 'channelId',
  message_bots: 'clientId',
  messages: 'clientId',
  quick_answers: 'spaceId',
  sessions: 'userId',
  survey_configs: 'channelId',
  welcome_messages: 'channelId',
  whatsapp_business_profiles: 'channelId',
  whatsapp_links: 'channelId',
};

/**
 * Columns that point at another table's row without a foreign key constraint. The static check accepts a join on
 * them like one on a foreign key, and the data check below holds them to the same rule: the row they point at is of
 * the same company. docs/scaling.md proposes making each a composite foreign key (companyId, column).
 */
const REFERENCES_WITHOUT_CONSTRAINT: ForeignKey[] = [
  { table: 'clients', column: 'agentId', refTable: 'users', refColumn: 'id' },
  { table: 'conversation_sessions', column: 'agentId', refTable: 'users', refColumn: 'id' },
  { table: 'follow_up_messages', column: 'agentId', refTable: 'users', refColumn: 'id' },
  { table: 'follow_up_messages', column: 'templateId', refTable: 'whatsapp_templates', refColumn: 'id' },
  { table: 'users', column: 'locationId', refTable: 'locations', refColumn: 'id' },
  { table: 'sessions', column: 'userId', refTable: 'users', refColumn: 'id' },
  { table: 'survey_configs', column: 'channelId', refTable: 'channels', refColumn: 'id' },
];

/**
 * Relations between tables the static check cannot prove on its own (tenancy-joins.ts), each with why it stays in
 * one company. Keyed by file and the relation as written.
 */
const REVIEWED: Record<string, string> = {
  'modules/analytics/analytics.repository.ts: CROSS JOIN LATERAL ($P':
    "the period's bounds in the time zone of the one company read (co.id = the caller's company)",
  'modules/analytics/analytics.repository.ts: LEFT JOIN (SELECT d.day, sum(d.sessions':
    "daily totals of analytics_daily filtered by daysOf(filter), which pins the caller's companyId",
  'modules/analytics/analytics.repository.ts: FULL JOIN m USING ("agentId"':
    "two aggregates of the same company (a: daysOf(filter); m: h.companyId = the filter's), then users pinned to it",
  'modules/campaigns/campaign-analytics.repository.ts: CROSS JOIN LATERAL (SELECT $P AS bucket':
    "a column computed from the same recipient row, not another table's rows",
  'modules/clients/conversations.repository.ts: JOIN clients c ON c.id = page.id':
    "page is the WITH query of the same statement: ids of clients filtered by conversationFilter (the viewer's company)",
  "modules/datasheet/datasheet.repository.ts: innerJoin('datasheet_fields as f', 'f.id', 'i.fieldId')":
    'i is the WITH query of the same statement: the client_infos row just written, whose fieldId → datasheet_fields.id',
  'modules/messages/inbound-store.repository.ts: LEFT JOIN q ON true':
    'one row each: the id of the conversation and the quoted message looked up in the same channel',
  'modules/messages/inbound-store.repository.ts: JOIN c ON true':
    "one row each: the message just stored and its conversation, both written with the channel's companyId",
};

interface Column {
  table: string;
  column: string;
  nullable: boolean;
}

let columns: Column[];
let indexes: Array<{ table: string; columns: string[]; partial: boolean }>;
let schema: SchemaFacts;

beforeAll(async () => {
  const sql = testSql();
  columns = (
    await sql.query(
      `SELECT c.table_name AS "table", c.column_name AS "column", c.is_nullable = 'YES' AS nullable
         FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'`,
    )
  ).map((row: Column) => row);
  indexes = await sql.query(
    `SELECT t.relname AS "table", i.indpred IS NOT NULL AS partial,
            array(SELECT a.attname FROM unnest(i.indkey) WITH ORDINALITY k(attnum, n)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = 'public'`,
  );
  const foreignKeys: ForeignKey[] = await sql.query(
    `SELECT c.conrelid::regclass::text AS "table", a.attname AS "column",
            c.confrelid::regclass::text AS "refTable", r.attname AS "refColumn"
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       JOIN pg_attribute r ON r.attrelid = c.confrelid AND r.attnum = c.confkey[1]
      WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND cardinality(c.conkey) = 1`,
  );
  const tables = new Set(columns.map((c) => c.table));
  const tenant = new Set(columns.filter((c) => c.column === 'companyId').map((c) => c.table));
  for (const reference of REFERENCES_WITHOUT_CONSTRAINT) {
    const constrained = foreignKeys.some(
      (fk) => fk.table === reference.table && fk.column === reference.column,
    );
    expect(
      constrained,
      `${reference.table}.${reference.column} has a foreign key now: drop it from the list`,
    ).toBe(false);
  }
  schema = { tables, tenant, foreignKeys: [...foreignKeys, ...REFERENCES_WITHOUT_CONSTRAINT] };
});

const tableNames = () => [...new Set(columns.map((c) => c.table))].sort();
const columnOf = (table: string, column: string) =>
  columns.find((c) => c.table === table && c.column === column);
const indexLedBy = (table: string, column: string) =>
  indexes.some((index) => index.table === table && index.columns[0] === column);

describe('tenancy of the schema', () => {
  it('gives every table but the global ones a companyId, NOT NULL but where a company may not exist yet', () => {
    const tenantTables = tableNames().filter((t) => !(t in GLOBAL_TABLES) && !(t in CHILD_TABLES));
    expect(tenantTables.length).toBeGreaterThan(40);
    const missing = tenantTables.filter((table) => !columnOf(table, 'companyId'));
    expect(missing, 'tables without companyId: add the column, or list them with a reason').toEqual([]);
    const nullable = tenantTables.filter((table) => columnOf(table, 'companyId')?.nullable);
    expect(nullable).toEqual(Object.keys(NULLABLE_COMPANY));
    // Every listed table still exists, and no global table carries a company after all.
    for (const table of [...Object.keys(GLOBAL_TABLES), ...Object.keys(CHILD_TABLES)]) {
      expect(tableNames(), table).toContain(table);
    }
    expect(Object.keys(GLOBAL_TABLES).filter((table) => columnOf(table, 'companyId'))).toEqual([]);
  });

  it("ties each table without its own companyId to its parent's company by a NOT NULL foreign key", () => {
    for (const [table, { column, parent }] of Object.entries(CHILD_TABLES)) {
      expect(columnOf(table, column)?.nullable, `${table}.${column}`).toBe(false);
      expect(
        schema.foreignKeys.some(
          (fk) =>
            fk.table === table && fk.column === column && fk.refTable === parent && fk.refColumn === 'id',
        ),
        `${table}.${column} → ${parent}.id`,
      ).toBe(true);
      expect(columnOf(parent, 'companyId')?.nullable, `${parent}.companyId`).toBe(false);
      expect(indexLedBy(table, column), `an index of ${table} led by ${column}`).toBe(true);
    }
  });

  it('reaches the rows of every tenant table by company: an index led by companyId, or by the parent it is read through', () => {
    const withCompany = tableNames().filter((t) => columnOf(t, 'companyId') && !(t in GLOBAL_TABLES));
    const unreachable = withCompany.filter(
      (table) => !indexLedBy(table, 'companyId') && !(table in REACHED_THROUGH),
    );
    expect(
      unreachable,
      'add an index led by companyId, or say which parent the rows are read through',
    ).toEqual([]);
    const problems: string[] = [];
    for (const [table, column] of Object.entries(REACHED_THROUGH)) {
      if (indexLedBy(table, 'companyId'))
        problems.push(`${table} now has a companyId index: drop it from the list`);
      if (!indexLedBy(table, column)) problems.push(`no index of ${table} led by ${column}`);
      const reference = schema.foreignKeys.find((f) => f.table === table && f.column === column);
      if (reference?.refColumn !== 'id') problems.push(`${table}.${column} refers to no row`);
      else if (!columnOf(reference.refTable, 'companyId'))
        problems.push(`${reference.refTable} has no companyId`);
    }
    expect(problems).toEqual([]);
  });
});

describe('queries within one company', () => {
  it('relates two tables only on companyId or a foreign key, in every Kysely query and SQL text of the API', () => {
    const relations = scanRelations(resolve(__dirname, '../src'), schema);
    expect(relations.length).toBeGreaterThan(100);
    const unproven = relations.filter((r) => !r.proven && !(`${r.file}: ${r.text}` in REVIEWED));
    expect(
      unproven.map((r) => `${r.file}:${r.line} ${r.text} — ${r.problem}`),
      'match companyId or go through a foreign key; or list the relation in REVIEWED with why it is safe',
    ).toEqual([]);
    const keys = new Set(relations.map((r) => `${r.file}: ${r.text}`));
    expect(
      Object.keys(REVIEWED).filter((key) => !keys.has(key)),
      'reviewed relations no longer in the code',
    ).toEqual([]);
  });

  it('catches a join between two companies, in Kysely and in SQL text', () => {
    // An interpolation inside the sql template of the examples.
    const BOUND = '$' + '{companyId}';
    const crossing = [
      "db.selectFrom('clients as c').innerJoin('tags as t', 't.name', 'c.name').selectAll()",
      "db.selectFrom('messages as m').leftJoin('clients as c', (join) => join.onRef('c.channelId', '=', 'm.channelId'))",
      "db.selectFrom('tags as t').where((eb) => eb.exists(eb.selectFrom('clients as c').whereRef('c.name', '=', 't.name')))",
      `sql\`SELECT 1 FROM clients c JOIN tags t ON t.name = c.name WHERE c."companyId" = ${BOUND}\``,
      'sql`SELECT 1 FROM users u LEFT JOIN sessions s ON s."userId" = u."roleId"`',
    ];
    for (const code of crossing) {
      const found = scanSource('example.ts', code, schema);
      expect(found.length, code).toBe(1);
      expect(found[0]?.proven, code).toBeNull();
    }
    const within = [
      "db.selectFrom('messages as m').innerJoin('clients as c', 'c.id', 'm.clientId')",
      "db.selectFrom('clients as c').innerJoin('tags as t', (join) => join.onRef('t.companyId', '=', 'c.companyId'))",
      'sql`SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"`',
      `sql\`SELECT 1 FROM a JOIN users u ON u.id = "agentId" AND u."companyId" = ${BOUND}\``,
    ];
    for (const code of within) expect(scanSource('example.ts', code, schema)[0]?.proven, code).toBeTruthy();
  });

  it("finds every row that points at another row in that row's company", async () => {
    // The foreign keys the check above trusts: between two tables that both carry companyId, no row may point at
    // another company's row. Checked on whatever the run's database holds (demo data and earlier suites' rows): a
    // test that plants such a row to check a query's defence removes it afterwards.
    const pairs = schema.foreignKeys.filter(
      (fk) => schema.tenant.has(fk.table) && schema.tenant.has(fk.refTable) && fk.refTable !== fk.table,
    );
    expect(pairs.length).toBeGreaterThan(20);
    const crossing: string[] = [];
    for (const fk of pairs) {
      const rows: Array<{ n: number; example: string | null }> = await testSql().query(
        `SELECT count(*)::int AS n,
                min(format('%s of company %s', left(row_to_json(x)::text, 160), p."companyId")) AS example
           FROM "${fk.table}" x JOIN "${fk.refTable}" p ON p."${fk.refColumn}" = x."${fk.column}"
          WHERE p."companyId" IS DISTINCT FROM x."companyId"`,
      );
      const found = rows[0];
      if (found && found.n > 0)
        crossing.push(`${fk.table}.${fk.column} → ${fk.refTable}: ${found.n} (${found.example})`);
    }
    expect(crossing).toEqual([]);
  });
});
