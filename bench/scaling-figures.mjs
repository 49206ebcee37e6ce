// Figures of docs/scaling.md (issue 22, "Beyond one database"): rows and sizes per table with two companies of
// different sizes on one PostgreSQL, and the plans of the statements that read a company's rows. Not part of
// `pnpm bench` (it measures no ratio); run it after `pnpm build` with `node bench/scaling-figures.mjs`.
// Sizes: SCALING_CONVERSATIONS (Demo, default 100000), SCALING_MESSAGES (Demo, default 1000000); the second company
// (Otra) gets a tenth of each.
import pg from 'pg';
import { machine, startDatabase, startProduct } from './lib.mjs';

const CONVERSATIONS = Number(process.env.SCALING_CONVERSATIONS ?? 100_000);
const MESSAGES = Number(process.env.SCALING_MESSAGES ?? 1_000_000);

const db = await startDatabase();
const product = await startProduct(db.url);
const pool = new pg.Pool({ connectionString: db.url, max: 2 });

async function company(name) {
  const { rows } = await pool.query(
    `SELECT c.id, min(u.id) AS "userId", min(s.id) AS "spaceId" FROM companies c
       JOIN users u ON u."companyId" = c.id JOIN spaces s ON s."companyId" = c.id
      WHERE c.name = $1 GROUP BY c.id`,
    [name],
  );
  if (!rows[0]) throw new Error(`company ${name} missing: is the demo data seeded?`);
  return rows[0];
}

/** n conversations on a new WhatsApp channel of the company, m messages spread over them, analytics rebuilt. */
async function generate(target, label, n, m) {
  const started = performance.now();
  const {
    rows: [channel],
  } = await pool.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", phone)
     VALUES ($1, $2, 'whatsapp_cloud', $3, $4) RETURNING id`,
    [
      target.id,
      `Scaling ${label}`,
      `scaling-${label}-${Date.now()}`,
      `52155${String(target.id).padStart(8, '0')}`,
    ],
  );
  await pool.query('INSERT INTO space_channels ("channelId", "spaceId") VALUES ($1, $2)', [
    channel.id,
    target.spaceId,
  ]);
  const client = await pool.connect();
  try {
    // As README, "Statistics": bulk rows with triggers off, then the company's statistics rebuilt in one pass.
    await client.query('SET session_replication_role = replica');
    await client.query(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "cleanedName", "lastMessage",
         "lastMessageSender", "lastUpdate", "whatsappLastMessageAt", "windowExpiresAt", "agentId", "createdAt")
       SELECT $1, $2::int, $2::text || '-' || (5219000000000 + k), (5219000000000 + k)::text, 'Cliente ' || k,
         'cliente' || k,
         'Hola', 'CLIENT', now() - (abs(hashint4(k)) % 31536000) * interval '1 second',
         now() - (abs(hashint4(k)) % 31536000) * interval '1 second', now(), CASE WHEN k % 3 = 0 THEN $3::int END,
         now() - interval '1 year'
       FROM generate_series(1, $4::int) AS k`,
      [target.id, channel.id, target.userId, n],
    );
    // One statement's serial ids are consecutive: conversation k is first + k - 1, and message j goes to
    // conversation j mod n, its time going back from the conversation's last activity.
    const {
      rows: [{ first }],
    } = await client.query('SELECT min(id) AS first FROM clients WHERE "channelId" = $1', [channel.id]);
    for (let from = 0; from < m; from += 500_000) {
      const to = Math.min(m, from + 500_000) - 1;
      await client.query(
        `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "messageApiId", "time",
           "createdAt")
         SELECT $1, $6::int + j % $4, $2::int, 'text', 'Mensaje número ' || j,
           CASE WHEN j % 2 = 0 THEN 'CLIENT' ELSE 'AGENT' END, 'wamid.SCALING' || $2::text || '.' || j, t, t
         FROM generate_series($3::int, $5::int) AS j,
           LATERAL (SELECT now() - (abs(hashint4(1 + j % $4)) % 31536000) * interval '1 second'
                      - (j / $4) * interval '9 minutes' AS t) x`,
        [target.id, channel.id, from, n, to, first],
      );
    }
    await client.query('SET session_replication_role = origin');
    await client.query('SELECT rebuild_analytics($1)', [target.id]);
  } finally {
    client.release();
  }
  return { channelId: channel.id, seconds: (performance.now() - started) / 1000 };
}

const demo = await company('Demo');
const otra = await company('Otra');
const generated = {
  demo: await generate(demo, 'demo', CONVERSATIONS, MESSAGES),
  otra: await generate(otra, 'otra', CONVERSATIONS / 10, MESSAGES / 10),
};
await pool.query('VACUUM (ANALYZE)');

const { rows: tables } = await pool.query(
  `SELECT c.relname AS "table", c.reltuples::bigint AS rows, pg_total_relation_size(c.oid) AS total,
          pg_relation_size(c.oid) AS heap, pg_indexes_size(c.oid) AS indexes
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    ORDER BY pg_total_relation_size(c.oid) DESC`,
);
const { rows: perCompany } = await pool.query(
  `SELECT co.name, (SELECT count(*) FROM clients WHERE "companyId" = co.id)::int AS conversations,
          (SELECT count(*) FROM messages WHERE "companyId" = co.id)::int AS messages,
          (SELECT sum(pg_column_size(m.*)) FROM messages m WHERE m."companyId" = co.id)::bigint AS "messageBytes"
     FROM companies co WHERE co.name IN ('Demo', 'Otra') ORDER BY co.id`,
);

async function plan(title, text, values) {
  const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, SUMMARY ON) ${text}`, values);
  return { title, text: text.replace(/\s+/g, ' ').trim(), plan: rows.map((r) => r['QUERY PLAN']).join('\n') };
}
const {
  rows: [someClient],
} = await pool.query(`SELECT id FROM clients WHERE "channelId" = $1 ORDER BY id LIMIT 1 OFFSET 777`, [
  generated.demo.channelId,
]);
const plans = [
  await plan(
    "Inbox list, first page of Otra's conversations (10 % of the rows)",
    `SELECT id FROM clients WHERE "companyId" = $1 ORDER BY "lastUpdate" DESC, id DESC LIMIT 21`,
    [otra.id],
  ),
  await plan(
    'Contacts by creation date, Demo',
    `SELECT id FROM clients WHERE "companyId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 50`,
    [demo.id],
  ),
  await plan(
    "A conversation's latest messages (reached through clientId, not companyId)",
    `SELECT id, content, "time" FROM messages WHERE "clientId" = $1 ORDER BY "createdAt" DESC, id DESC LIMIT 50`,
    [someClient.id],
  ),
  await plan(
    'The exactly-once store: is this provider message id already stored on this channel?',
    `SELECT id FROM messages WHERE "channelId" = $1 AND "messageApiId" = $2`,
    [generated.demo.channelId, `wamid.SCALING${generated.demo.channelId}.123456`],
  ),
  await plan(
    "Statistics: Otra's conversations per day over 31 days",
    `SELECT day, sum(sessions) FROM analytics_daily WHERE "companyId" = $1 AND day >= current_date - 31 GROUP BY day`,
    [otra.id],
  ),
  await plan(
    "A company's channels (the new companyId index)",
    `SELECT id FROM channels WHERE "companyId" = $1`,
    [otra.id],
  ),
];

console.log(
  JSON.stringify(
    {
      machine: machine(),
      conversations: CONVERSATIONS,
      messages: MESSAGES,
      generated,
      tables,
      perCompany,
      plans,
    },
    null,
    2,
  ),
);
await pool.end();
await product.app.close();
await db.stop();
