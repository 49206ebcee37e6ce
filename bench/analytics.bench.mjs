// Statistics (issue 20): POST /api/analytics for a 90-day range over one company with a year of history, against
// the bare SQL of the statements the repository runs for it (over the rollups), straight on a pool in the same run
// (no HTTP, no Nest, no validation). The history is loaded set-based with the analytics triggers off
// (session_replication_role = replica), then rebuild_analytics() builds the sessions, the hourly counts and the
// daily rollup as the migration's backfill does.
// Sizes: BENCH_ANALYTICS_CONVERSATIONS (1,000,000 contacts), BENCH_ANALYTICS_MESSAGES (10,000,000),
// BENCH_ANALYTICS_ROUNDS (11, after one warm-up round).
import { Agent } from 'node:http';
import pg from 'pg';
import { postJson } from './lib.mjs';

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const TZ = 'America/Mexico_City';
const RANGE_DAYS = 90;

/**
 * The ceiling: the statements the repository runs for the dashboard (the cards of the period and the one before in
 * one statement over analytics_daily, Conversaciones Activas of the ended previous period over analytics_open_days
 * and of the running one over the sessions written in the last 24 h, hourly
 * cells of both periods, per-day series, channels, response buckets and agents over the rollups, the 500 newest
 * sessions), in parallel, as bare SQL on a pool. Days are the company's (YYYY-MM-DD, end exclusive).
 */
function ceilingStatements(companyId, p) {
  const tz = TZ;
  const days = `d."companyId" = $1 AND d.day >= $2::date AND d.day < $3::date`;
  const avg = (sum, count) => `round((sum(${sum}) / nullif(sum(${count}), 0))::numeric, 1)::float8`;
  const now = Date.now();
  return [
    [
      'cards',
      `SELECT CASE WHEN d.day >= $3::date THEN 0 ELSE 1 END AS period, sum(d.sessions)::int AS total,
              sum(d."fromAd")::int AS ads, sum(d.answered)::int AS answered,
              ${avg('d."responseMinutesSum"', 'd."agentAnswered"')} AS response,
              sum(d."botConversations")::int AS bot, sum(d."botOnly")::int AS "botOnly",
              sum(d."handedOver")::int AS "handedOver"
         FROM analytics_daily d WHERE d."companyId" = $1 AND d.day >= $2::date AND d.day < $4::date GROUP BY 1
        ORDER BY 1`,
      [companyId, p.previousStartDay, p.startDay, p.endDay],
    ],
    [
      'active (ended period)',
      `SELECT coalesce(sum(d.sessions) FILTER (WHERE d."openUntil" >= $3::date), 0)::int AS previous
         FROM analytics_open_days d WHERE ${days}`,
      [companyId, p.previousStartDay, p.startDay],
    ],
    [
      'active (running period)',
      `SELECT count(*)::int AS current FROM conversation_sessions
        WHERE "companyId" = $1 AND "startedAt" >= $2 AND "startedAt" < $3 AND "lastCustomerAt" > $4`,
      [companyId, p.start, p.end, new Date(now - 86_400_000)],
    ],
    ...[
      [p.start, p.end],
      [p.previousStart, p.start],
    ].map(([from, to], index) => [
      `hourly ${index}`,
      `SELECT extract(isodow FROM hour AT TIME ZONE $4) AS d, extract(hour FROM hour AT TIME ZONE $4) AS h,
                sum(inbound) FROM analytics_hourly
          WHERE "companyId" = $1 AND hour >= $2 AND hour < $3 AND inbound > 0 GROUP BY 1, 2`,
      [companyId, from, to, tz],
    ]),
    [
      'perDay',
      `SELECT g.day, x.conversations, x.answered
         FROM generate_series($2::date, $3::date - 1, interval '1 day') g(day)
         LEFT JOIN (SELECT d.day, sum(d.sessions) AS conversations, sum(d.answered) AS answered
                      FROM analytics_daily d WHERE ${days} GROUP BY 1) x ON x.day = g.day::date`,
      [companyId, p.startDay, p.endDay],
    ],
    [
      'byChannel',
      `SELECT d."channelId", sum(d.sessions)::int FROM analytics_daily d WHERE ${days} GROUP BY 1`,
      [companyId, p.startDay, p.endDay],
    ],
    [
      'responseTimes',
      `SELECT sum("responseLt1m"), sum("response1to5m"), sum("response5to15m"), sum("response15to60m"),
              sum("response1to4h"), sum("responseGt4h")
         FROM analytics_daily d WHERE ${days}`,
      [companyId, p.startDay, p.endDay],
    ],
    [
      'agents',
      `WITH a AS (
         SELECT d."agentId", sum(d.sessions)::int AS total, sum(d."agentAnswered")::int AS answered,
                ${avg('d."responseMinutesSum"', 'd."agentAnswered"')} AS response,
                ${avg('d."ratingSum"', 'd."ratingCount"')} AS rating,
                ${avg('d."afterAssignMinutesSum"', 'd."afterAssignCount"')} AS after,
                sum(d."botConversations")::int AS bot, ${avg('d."durationHoursSum"', 'd.sessions')} AS duration
           FROM analytics_daily d WHERE ${days} AND d."agentId" <> 0 GROUP BY 1
       ), m AS (
         SELECT "userId" AS "agentId", sum(messages)::int AS messages FROM analytics_agent_hourly
          WHERE "companyId" = $1 AND hour >= $4 AND hour < $5 GROUP BY 1
       )
       SELECT u.id, u.name, a.*, m.messages FROM a FULL JOIN m USING ("agentId")
         JOIN users u ON u.id = "agentId" AND u."companyId" = $1`,
      [companyId, p.startDay, p.endDay, p.start, p.end],
    ],
    [
      'sessions',
      `SELECT s."clientId", c.name, c."nameFromChannel", c."senderId", s."channelId", u.name AS "agentName",
              s."startedAt", s."lastMessageAt", s."firstAgentReplyAt", s."firstBotReplyAt", s."fromAd",
              s."inboundCount" + s."outboundCount" AS messages, s.rating
         FROM conversation_sessions s JOIN clients c ON c.id = s."clientId" LEFT JOIN users u ON u.id = s."agentId"
        WHERE s."companyId" = $1 AND s."startedAt" >= $2 AND s."startedAt" < $3
        ORDER BY s."startedAt" DESC, s.id DESC LIMIT 500`,
      [companyId, p.start, p.end],
    ],
  ];
}

function ceilingQueries(pool, companyId, p) {
  return Promise.all(ceilingStatements(companyId, p).map(([, text, values]) => pool.query(text, values)));
}

export async function analytics({ product, databaseUrl }) {
  const conversations = envInt('BENCH_ANALYTICS_CONVERSATIONS', 1_000_000);
  const messages = envInt('BENCH_ANALYTICS_MESSAGES', 10_000_000);
  const rounds = envInt('BENCH_ANALYTICS_ROUNDS', 11);
  // The product's pool holds 20 connections; the ceiling gets as many.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const runId = Date.now().toString(36);
  const notes = [];
  let failed = 0;
  let companyId = null;
  try {
    // ---- a company of its own, with an admin who can sign in (the Demo admin's password) -------------------------
    const {
      rows: [company],
    } = await pool.query(
      `INSERT INTO companies (name, timezone, "analyticsRangeDays") VALUES ($1, $2, $3) RETURNING id`,
      [`Bench estadísticas ${runId}`, TZ, RANGE_DAYS],
    );
    companyId = company.id;
    const roleOf = async (name) => {
      const {
        rows: [role],
      } = await pool.query(`INSERT INTO roles ("companyId", name, key) VALUES ($1, $2, $3) RETURNING id`, [
        companyId,
        name,
        `bench-analytics-${name}-${runId}`,
      ]);
      return role.id;
    };
    const adminRole = await roleOf('admin');
    await pool.query(
      `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions`,
      [adminRole],
    );
    const agentRole = await roleOf('agente');
    const email = `bench-analytics-${runId}@example.com`;
    await pool.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash")
       SELECT $1, $2, 'Bench', $3, "passwordHash" FROM users WHERE email = 'admin@demo.local'`,
      [companyId, adminRole, email],
    );
    const { rows: agents } = await pool.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash")
       SELECT $1, $2, 'Agente ' || i, 'bench-analytics-' || $3 || '-' || i || '@example.com', 'x'
         FROM generate_series(1, 20) i RETURNING id`,
      [companyId, agentRole, runId],
    );
    const agentIds = agents.map((a) => a.id);
    const { rows: channels } = await pool.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId")
       SELECT $1, 'Bench ' || p, p, 'bench-analytics-' || $2 || '-' || p
         FROM unnest(ARRAY['whatsapp_cloud', 'dialog360', 'messenger']) p RETURNING id`,
      [companyId, runId],
    );
    const channelIds = channels.map((c) => c.id);

    // ---- a year of history, set-based, triggers off --------------------------------------------------------------
    const load = await pool.connect();
    const t0 = performance.now();
    let tClients = t0;
    try {
      await load.query(`SET session_replication_role = replica`);
      await load.query(
        `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "agentId")
         SELECT $1, ($2::int[])[i % 3 + 1], 'bench-an-' || $4 || '-' || i, '521' || lpad(i::text, 10, '0'),
                'Cliente ' || i, CASE WHEN i % 4 = 0 THEN NULL ELSE ($3::int[])[i % 20 + 1] END
           FROM generate_series(0, $5 - 1) i`,
        [companyId, channelIds, agentIds, runId, conversations],
      );
      tClients = performance.now();
      const {
        rows: [range],
      } = await load.query(`SELECT min(id) AS first FROM clients WHERE "companyId" = $1`, [companyId]);
      // Message j goes to contact j mod N, as its (j div N)-th message: bursts of five (customer, agent or bot,
      // customer…) three days apart, starting on a day of the year spread by the contact; a burst more than 24 h after
      // the last opens a new session. One contact in ten came from an ad.
      await load.query(
        `INSERT INTO messages ("companyId", "clientId", "channelId", content, sender, "senderUserId", time, payload)
         SELECT $1, $2::int + c, ($3::int[])[c % 3 + 1], 'mensaje ' || j,
                CASE k % 5 WHEN 1 THEN 'AGENT' WHEN 3 THEN 'BOT' ELSE 'CLIENT' END,
                CASE WHEN k % 5 = 1 THEN ($4::int[])[c % 20 + 1] END,
                now() - interval '365 days' + (c % 330) * interval '1 day' + (k / 5) * interval '3 days'
                  + (k % 5) * interval '7 minutes' + (c % 600) * interval '1 minute',
                CASE WHEN k = 0 AND c % 10 = 0 THEN '{"referral":{"source":"ad"}}'::jsonb
                     WHEN k % 5 = 3 THEN '{"automation":"chatbot"}'::jsonb END
           FROM generate_series(0, $5::bigint - 1) j, LATERAL (SELECT (j % $6)::int AS c, (j / $6)::int AS k) x`,
        [companyId, range.first, channelIds, agentIds, messages, conversations],
      );
      await load.query(`SET session_replication_role = origin`);
    } finally {
      load.release();
    }
    const tMessages = performance.now();
    await pool.query(`SELECT rebuild_analytics($1)`, [companyId]);
    const tRebuild = performance.now();
    await pool.query(`VACUUM ANALYZE conversation_sessions`);
    await pool.query(`VACUUM ANALYZE analytics_hourly`);
    await pool.query(`VACUUM ANALYZE analytics_agent_hourly`);
    await pool.query(`VACUUM ANALYZE analytics_daily`);
    await pool.query(`VACUUM ANALYZE analytics_open_days`);
    const tVacuum = performance.now();
    const {
      rows: [counts],
    } = await pool.query(
      `SELECT count(*)::int AS sessions FROM conversation_sessions WHERE "companyId" = $1`,
      [companyId],
    );
    notes.push(
      `loaded ${conversations} conversations in ${((tClients - t0) / 1000).toFixed(1)} s, ${messages} messages in ` +
        `${((tMessages - tClients) / 1000).toFixed(1)} s, ` +
        `rebuild_analytics ${((tRebuild - tMessages) / 1000).toFixed(1)} s (${counts.sessions} sessions), ` +
        `vacuum+analyze ${((tVacuum - tRebuild) / 1000).toFixed(1)} s`,
    );

    // ---- the dashboard: the last 90 days up to the end of today --------------------------------------------------
    const {
      rows: [p],
    } = await pool.query(
      `SELECT to_char(x.after - $2::int, 'YYYY-MM-DD') AS "startDay", to_char(x.after, 'YYYY-MM-DD') AS "endDay",
              to_char(x.after - 2 * $2::int, 'YYYY-MM-DD') AS "previousStartDay",
              (x.after - $2::int)::timestamp AT TIME ZONE $1 AS start, x.after::timestamp AT TIME ZONE $1 AS "end",
              (x.after - 2 * $2::int)::timestamp AT TIME ZONE $1 AS "previousStart"
         FROM (SELECT (now() AT TIME ZONE $1)::date + 1 AS after) x`,
      [TZ, RANGE_DAYS],
    );
    const { start, end } = p;
    const login = await fetch(`${product.baseUrl}/api/loginDash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo12345' }),
    });
    const { token } = await login.json();
    if (!token) throw new Error('bench login failed');
    const body = JSON.stringify({
      startDate: start.toISOString(),
      endDate: end.toISOString(),
      channelsIds: [],
    });

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const times = { product: [], ceiling: [] };
    let total = null;
    for (let r = 0; r <= rounds; r++) {
      let t = performance.now();
      const res = await postJson(
        `${product.baseUrl}/api/analytics`,
        body,
        { authorization: `Bearer ${token}` },
        agent,
      );
      const answer = res.json;
      const productMs = performance.now() - t;
      if (res.status !== 200 || typeof answer?.total !== 'number') failed += 1;
      t = performance.now();
      const [cards] = await ceilingQueries(pool, companyId, p);
      const ceilingMs = performance.now() - t;
      // The product and the ceiling must count the same conversations.
      if (answer && Number(cards.rows.find((row) => row.period === 0)?.total ?? 0) !== answer.total)
        failed += 1;
      total = answer?.total ?? total;
      if (r > 0) {
        times.product.push(productMs);
        times.ceiling.push(ceilingMs);
      }
    }
    // Where the ceiling's time goes: each statement alone, warm.
    const alone = [];
    for (const [name, text, values] of ceilingStatements(companyId, p)) {
      const t = performance.now();
      await pool.query(text, values);
      alone.push(`${name} ${(performance.now() - t).toFixed(1)}`);
    }
    notes.push(`ceiling statements alone (ms): ${alone.join(', ')}`);
    agent.destroy();
    const product90 = median(times.product);
    const ceiling90 = median(times.ceiling);
    notes.push(`${total} conversations in the range`);
    return {
      name: 'analytics',
      target: 2,
      cases: [
        {
          label: `POST /api/analytics, ${RANGE_DAYS} days (and the ${RANGE_DAYS} before) of ${conversations} conversations`,
          product: product90,
          ceiling: ceiling90,
          ratio: product90 / ceiling90,
          rounds,
        },
      ],
      failed,
      notes,
    };
  } finally {
    if (companyId !== null) {
      const t = performance.now();
      await pool.query(`DELETE FROM messages WHERE "companyId" = $1`, [companyId]);
      await pool.query(`DELETE FROM companies WHERE id = $1`, [companyId]);
      console.log(`  analytics cleanup ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await pool.end();
  }
}
