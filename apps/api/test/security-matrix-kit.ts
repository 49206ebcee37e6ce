import { companyScopedKey } from '@crm/shared';
import type { TestSql } from './sql';

/** The kinds of rows a request can name by id; every id field of a route or an operation maps to one of them. */
export const ROW_KINDS = [
  'company',
  'user',
  'agent',
  'role',
  'space',
  'channel',
  'client',
  'message',
  'tag',
  'category',
  'location',
  'datasheetField',
  'quickAnswer',
  'template',
  'surveyConfig',
  'surveyOption',
  'welcomeMessage',
  'messageBotConfig',
  'messageBot',
  'followUp',
  'album',
  'file',
  'campaign',
  'board',
  'boardColumn',
  'boardItem',
  'report',
  'contactImport',
] as const;
export type RowKind = (typeof ROW_KINDS)[number];

/** A company with one row of every kind, the values a leak would show, and its users. */
export interface Tenant {
  companyId: number;
  label: string;
  ids: Record<RowKind, number>;
  /** Strings of its rows (names, phones, e-mails, texts) that no other company may ever read. */
  secrets: string[];
  /** Ids of its rows made for this suite: distinctive numbers no other row of the run has. */
  rowIds: number[];
  channelPhone: string;
  channelProviderId: string;
  /** Customers' phones, by client id. */
  clientPhones: Record<number, string>;
  users: { admin: number; agent: number; agent2: number; nobody: number };
}

/**
 * Rows of every kind for `companyId` (a company made by the real sign-up), written by SQL with explicit ids from
 * `base` upward: far above the sequences, so an id of this company can be recognised in any answer, and no other
 * company's row ever gets it. Nothing here is scheduled to run while the suite lasts.
 */
export async function seedTenant(
  db: TestSql,
  companyId: number,
  label: string,
  base: number,
): Promise<Tenant> {
  let next = base;
  const id = () => {
    next += 1;
    return next;
  };
  const one = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = await db.query(`${sql} RETURNING id`, params);
    return row.id as number;
  };
  const [admin] = await db.query(
    `SELECT u.id, u."passwordHash", u."selectedSpaceId" AS "spaceId" FROM users u WHERE u."companyId" = $1 ORDER BY u.id LIMIT 1`,
    [companyId],
  );
  const roleOf = async (name: string) =>
    (await db.query(`SELECT id FROM roles WHERE "companyId" = $1 AND name = $2`, [companyId, name]))[0]
      .id as number;
  const agentRole = await roleOf('agente');
  const phone = (n: number) => `52155${String(base % 100000).padStart(5, '0')}${String(n).padStart(3, '0')}`;
  const secret = (what: string) => `${what}${label}`;
  const secrets: string[] = [];
  const keep = <T extends string>(value: T): T => {
    secrets.push(value);
    return value;
  };

  const role = await one(`INSERT INTO roles (id, "companyId", name, key) VALUES ($1, $2, $3, $4)`, [
    id(),
    companyId,
    keep(secret('RolSinPermisos')),
    `${companyId}-${label}-nobody`,
  ]);
  const space = await one(`INSERT INTO spaces (id, "companyId", name) VALUES ($1, $2, $3)`, [
    id(),
    companyId,
    keep(secret('EspacioMatriz')),
  ]);
  const user = async (name: string, roleId: number) => {
    const userId = await one(
      `INSERT INTO users (id, "companyId", "roleId", name, email, "passwordHash", phone, "selectedSpaceId")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id(),
        companyId,
        roleId,
        keep(secret(name)),
        keep(`${name.toLowerCase()}.${label.toLowerCase()}@matriz.example.com`),
        admin.passwordHash,
        keep(phone(900 + (next % 90))),
        admin.spaceId,
      ],
    );
    await db.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2), ($1, $3)`, [
      userId,
      admin.spaceId,
      space,
    ]);
    return userId;
  };
  const agent = await user('AgenteUno', agentRole);
  const agent2 = await user('AgenteDos', agentRole);
  const nobody = await user('SinPermisos', role);

  const channelPhone = keep(phone(1));
  const channelProviderId = keep(`sandbox-matriz-${label}`);
  const channel = await one(
    `INSERT INTO channels (id, "companyId", name, platform, "providerId", phone) VALUES ($1, $2, $3, 'sandbox', $4, $5)`,
    [id(), companyId, keep(secret('CanalMatriz')), channelProviderId, channelPhone],
  );
  await db.query(`INSERT INTO space_channels ("spaceId", "channelId") VALUES ($1, $3), ($2, $3)`, [
    admin.spaceId,
    space,
    channel,
  ]);

  const clientPhones: Record<number, string> = {};
  const client = async (name: string, n: number, agentId: number) => {
    const customerPhone = keep(phone(n));
    const clientId = await one(
      `INSERT INTO clients (id, "companyId", "channelId", key, "senderId", name, "nameFromChannel", "agentId",
         "whatsappStartedAt", "windowExpiresAt", "lastUpdate")
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7, now(), now() + interval '24 hours', now())`,
      [id(), companyId, channel, `${channel}-${customerPhone}`, customerPhone, keep(secret(name)), agentId],
    );
    clientPhones[clientId] = customerPhone;
    const messageId = await one(
      `INSERT INTO messages (id, "companyId", "clientId", "channelId", content, sender, time, type, "messageApiId")
       VALUES ($1, $2, $3, $4, $5, 'CLIENT', now(), 'text', $6)`,
      [id(), companyId, clientId, channel, keep(secret(`MensajeDe${name}`)), `matriz-${label}-${n}`],
    );
    await db.query(
      `UPDATE clients SET "lastMessageId" = $2, "lastMessage" = $3, "lastMessageSender" = 'CLIENT',
         "unreadMessagesCount" = 1 WHERE id = $1`,
      [clientId, messageId, secret(`MensajeDe${name}`)],
    );
    return { clientId, messageId };
  };
  const first = await client('ClienteUno', 11, agent);
  await client('ClienteDos', 12, agent2);

  const tagName = keep(secret('EtiquetaMatriz'));
  const tag = await one(
    `INSERT INTO tags (id, "companyId", name, color, key) VALUES ($1, $2, $3, '#123456', $4)`,
    [id(), companyId, tagName, companyScopedKey(companyId, tagName)],
  );
  await db.query(`INSERT INTO client_tags ("clientId", "tagId") VALUES ($1, $2)`, [first.clientId, tag]);
  const category = await one(`INSERT INTO categories (id, "companyId", name) VALUES ($1, $2, $3)`, [
    id(),
    companyId,
    keep(secret('CategoriaMatriz')),
  ]);
  const location = await one(`INSERT INTO locations (id, "companyId", name) VALUES ($1, $2, $3)`, [
    id(),
    companyId,
    keep(secret('SucursalMatriz')),
  ]);
  const fieldName = keep(secret('CampoMatriz'));
  const datasheetField = await one(
    `INSERT INTO datasheet_fields (id, "companyId", name, type, options, key) VALUES ($1, $2, $3, 'text', '[]', $4)`,
    [id(), companyId, fieldName, companyScopedKey(companyId, fieldName)],
  );
  await db.query(`INSERT INTO client_infos ("clientId", "fieldId", value) VALUES ($1, $2, $3)`, [
    first.clientId,
    datasheetField,
    keep(secret('DatoMatriz')),
  ]);
  const quickAnswer = await one(
    `INSERT INTO quick_answers (id, "companyId", "spaceId", shortcut, text) VALUES ($1, $2, $3, $4, $5)`,
    [id(), companyId, admin.spaceId, `atajo${label.toLowerCase()}`, keep(secret('RespuestaRapida'))],
  );
  const template = await one(
    `INSERT INTO whatsapp_templates (id, "companyId", "channelId", name, status, category, components, variables)
     VALUES ($1, $2, $3, $4, 'accepted', 'utility', $5, 0)`,
    [
      id(),
      companyId,
      channel,
      `plantilla_${label.toLowerCase()}`,
      JSON.stringify([{ type: 'BODY', text: keep(secret('TextoPlantilla')) }]),
    ],
  );
  // Option ids come from one sequence for every company (migration survey-option-ids).
  const [{ surveyOption }] = await db.query(`SELECT nextval('survey_option_ids')::int AS "surveyOption"`);
  const surveyConfig = await one(
    `INSERT INTO survey_configs (id, "companyId", "channelId", "initText", options) VALUES ($1, $2, $3, $4, $5)`,
    [
      id(),
      companyId,
      channel,
      keep(secret('EncuestaMatriz')),
      JSON.stringify([
        { id: surveyOption, text: secret('OpcionMatriz'), value: 5, index: 0, endText: 'Gracias' },
      ]),
    ],
  );
  const welcomeMessage = await one(
    `INSERT INTO welcome_messages (id, "companyId", "channelId") VALUES ($1, $2, $3)`,
    [id(), companyId, channel],
  );
  const messageBotConfig = await one(
    `INSERT INTO message_bot_configs (id, "companyId", "channelId") VALUES ($1, $2, $3)`,
    [id(), companyId, channel],
  );
  const messageBot = await one(
    `INSERT INTO message_bots (id, "companyId", "clientId", "configId", "nextDate")
     VALUES ($1, $2, $3, $4, now() + interval '30 days')`,
    [id(), companyId, first.clientId, messageBotConfig],
  );
  const followUp = await one(
    `INSERT INTO follow_up_messages (id, "companyId", "clientId", "channelId", content, "sendAt")
     VALUES ($1, $2, $3, $4, $5, now() + interval '30 days')`,
    [id(), companyId, first.clientId, channel, keep(secret('SeguimientoMatriz'))],
  );
  const albumName = keep(secret('AlbumMatriz'));
  const album = await one(
    `INSERT INTO albums (id, "companyId", "spaceId", name, "nameKey") VALUES ($1, $2, $3, $4::text, lower($4::text))`,
    [id(), companyId, admin.spaceId, albumName],
  );
  const fileName = keep(secret('ArchivoMatriz'));
  const file = await one(
    `INSERT INTO files (id, "companyId", "albumId", name, "nameKey", "fileType") VALUES ($1, $2, $3, $4::text, lower($4::text), 'image')`,
    [id(), companyId, album, fileName],
  );
  const campaign = await one(
    `INSERT INTO campaigns (id, "companyId", "channelId", name, "tagIds", template, "templateId", "sendAt")
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() + interval '30 days')`,
    [
      id(),
      companyId,
      channel,
      keep(secret('CampanaMatriz')),
      [tag],
      JSON.stringify({ name: `plantilla_${label.toLowerCase()}`, text: secret('TextoPlantilla') }),
      template,
    ],
  );
  const board = await one(`INSERT INTO boards (id, "companyId", name, "ownerId") VALUES ($1, $2, $3, $4)`, [
    id(),
    companyId,
    keep(secret('TableroMatriz')),
    admin.id,
  ]);
  const boardColumn = await one(
    `INSERT INTO board_columns (id, "companyId", "boardId", name, position) VALUES ($1, $2, $3, $4, 0)`,
    [id(), companyId, board, keep(secret('ColumnaMatriz'))],
  );
  const boardItem = await one(
    `INSERT INTO board_items (id, "companyId", "boardId", "columnId", "clientId", position) VALUES ($1, $2, $3, $4, $5, 0)`,
    [id(), companyId, board, boardColumn, first.clientId],
  );
  // An import's report (issue 22): who imported which file, row by row.
  const contactImport = await one(
    `INSERT INTO contact_imports (id, "companyId", "userId", "channelId", "fileName", status, total, created, "finishedAt")
     VALUES ($1, $2, $3, $4, $5, 'finished', 1, 1, now())`,
    [id(), companyId, admin.id, channel, keep(`${secret('ImportacionMatriz')}.xlsx`)],
  );
  const report = await one(
    `INSERT INTO report_recipients (id, "companyId", name, email, frequency) VALUES ($1, $2, $3, $4, 'WEEKLY')`,
    [
      id(),
      companyId,
      keep(secret('ReporteMatriz')),
      keep(`reporte.${label.toLowerCase()}@matriz.example.com`),
    ],
  );

  const ids: Record<RowKind, number> = {
    company: companyId,
    user: admin.id,
    agent,
    role,
    space,
    channel,
    client: first.clientId,
    message: first.messageId,
    tag,
    category,
    location,
    datasheetField,
    quickAnswer,
    template,
    surveyConfig,
    surveyOption,
    welcomeMessage,
    messageBotConfig,
    messageBot,
    followUp,
    album,
    file,
    campaign,
    board,
    boardColumn,
    boardItem,
    report,
    contactImport,
  };
  const rowIds = Array.from({ length: next - base }, (_, i) => base + 1 + i);
  return {
    companyId,
    label,
    ids,
    secrets,
    rowIds,
    channelPhone,
    channelProviderId,
    clientPhones,
    users: { admin: admin.id, agent, agent2, nobody },
  };
}

/**
 * One checksum per table of the company's rows: tables with a companyId column, and tables that hang from one
 * by a foreign key (client_tags, user_spaces, …). Equal snapshots mean not one row was added, changed or removed.
 */
export async function tenantSnapshot(db: TestSql, companyId: number): Promise<Record<string, string>> {
  const parts = await tenantTables(db);
  const rows = await db.query(
    parts
      .map(
        (p, i) =>
          `SELECT ${i} AS i, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${p.table}" t WHERE ${p.where}`,
      )
      .join(' UNION ALL '),
    [companyId],
  );
  const out: Record<string, string> = {};
  for (const row of rows as Array<{ i: number; sum: string }>) out[parts[row.i].table] = row.sum;
  return out;
}

let tablesCache: Array<{ table: string; where: string }> | null = null;

async function tenantTables(db: TestSql): Promise<Array<{ table: string; where: string }>> {
  if (tablesCache) return tablesCache;
  const withCompany: Array<{ table_name: string }> = await db.query(
    `SELECT table_name FROM information_schema.columns
     WHERE table_schema = 'public' AND column_name = 'companyId' ORDER BY table_name`,
  );
  const owned = new Set(withCompany.map((r) => r.table_name));
  const parts = withCompany.map((r) => ({ table: r.table_name, where: `t."companyId" = $1` }));
  parts.push({ table: 'companies', where: 't.id = $1' });
  // Child tables without the column: rows whose parent (by a foreign key) is the company's.
  const children: Array<{ child: string; column: string; parent: string }> = await db.query(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = 'public'::regnamespace
     ORDER BY 1, 2`,
  );
  const byChild = new Map<string, string[]>();
  for (const { child, column, parent } of children) {
    const name = child.replace(/"/g, '');
    const parentName = parent.replace(/"/g, '');
    if (owned.has(name) || name === 'companies' || !owned.has(parentName)) continue;
    const clause = `t."${column}" IN (SELECT id FROM "${parentName}" WHERE "companyId" = $1)`;
    byChild.set(name, [...(byChild.get(name) ?? []), clause]);
  }
  for (const [table, clauses] of byChild) parts.push({ table, where: clauses.join(' OR ') });
  tablesCache = parts;
  return parts;
}

/**
 * A user of the company whose role holds every permission but `lacking` (a route's any-of list): such a user
 * lacks exactly what the route asks for, so its refusal is the route's own guard at work.
 */
export async function userLacking(
  db: TestSql,
  tenant: Tenant,
  lacking: readonly string[],
  n: number,
): Promise<number> {
  const [role] = await db.query(
    `INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) RETURNING id`,
    [tenant.companyId, `Matriz sin permiso ${n}`, `${tenant.companyId}-matriz-lacking-${n}`],
  );
  await db.query(
    `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name <> ALL($2)`,
    [role.id, lacking],
  );
  const [admin] = await db.query(`SELECT "passwordHash" FROM users WHERE id = $1`, [tenant.users.admin]);
  const [user] = await db.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash") VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      tenant.companyId,
      role.id,
      `Sin permiso ${n}`,
      `sin.${n}.${tenant.companyId}@matriz.example.com`,
      admin.passwordHash,
    ],
  );
  return user.id as number;
}

/**
 * Removes every row of the company (the tables of its snapshot, then the company itself): the suite's files share
 * one database, and ticks of later files (report e-mails, template syncs) must not meet this one's companies.
 * Foreign keys decide the order, so tables are retried until a pass removes everything.
 */
export async function dropTenant(db: TestSql, companyId: number): Promise<void> {
  const parts = [...(await tenantTables(db))].sort(
    (x, y) => Number(x.table === 'companies') - Number(y.table === 'companies'),
  );
  let pending = parts;
  for (let pass = 0; pass < 10 && pending.length > 0; pass += 1) {
    const failed: typeof parts = [];
    for (const part of pending) {
      try {
        await db.query(`DELETE FROM "${part.table}" t WHERE ${part.where}`, [companyId]);
      } catch {
        failed.push(part);
      }
    }
    pending = failed;
  }
  if (pending.length > 0)
    throw new Error(`rows of company ${companyId} left in ${pending.map((p) => p.table).join(', ')}`);
}
