import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20, statistics (01 §2.8, §3, §5, §9; packages/shared/src/analytics.ts has the definitions):
 *
 * - conversation_sessions: one row per service session of a contact (a client row: one contact on one channel).
 *   A customer message opens one when the contact's previous customer message is 24 h old or more (or there is
 *   none); every later message, either side, belongs to it until the next one opens. The dashboard's list and
 *   Conversaciones Activas read it; every other figure reads analytics_daily.
 * - analytics_daily: the sessions' additive facts per opening day (company time zone), channel and agent (0 = none):
 *   counts and sums the cards, the per-day series, the channels, the response buckets and the agent table add up,
 *   so a 90-day dashboard reads at most days × channels × agents rows whatever the volume. A row trigger on
 *   conversation_sessions keeps it exact (the old contribution out, the new one in); a change of the company's
 *   time zone rebuilds the company's rows.
 * - analytics_open_days: sessions per opening day, "openUntil" (the last day at whose start the session is still
 *   open: its customer wrote less than 24 h before that midnight), channel and agent. Conversaciones Activas of a
 *   past period [first, after) is the sum over opening days in it with "openUntil" >= after: a few rows per day,
 *   kept by the same trigger (a customer message moves "openUntil" at most once a day).
 * - analytics_hourly: messages per channel and UTC hour, for totalMessages, the heatmap and 'Horario con más
 *   mensajes'. Read in the company's time zone: exact for whole-hour zones (all of Latin America), approximate
 *   (to the UTC hour) for half-hour zones.
 * - analytics_agent_hourly: messages each agent sent per channel and UTC hour (the Agentes sheet's 'Mensajes').
 *
 * PL/pgSQL triggers keep the tables in step in the transaction that stores a message, whatever the path
 * (inbound pipeline, agent sends, bots, campaigns, follow-ups). A row trigger fires only for rows actually
 * inserted, so the ON CONFLICT DO NOTHING of a redelivered webhook counts nothing twice; AFTER row triggers run at
 * the end of the statement, after the inbound CTE has created the message's client. A message stored out of order
 * (older than the contact's latest session) joins the session open at its time and never merges or splits
 * sessions; rebuild_analytics(companyId) recomputes everything from messages, set-based, and is what the
 * migration's backfill and the benchmark's bulk load run.
 *
 * companies."analyticsRangeDays" (one of ANALYTICS_RANGE_OVERRIDES_DAYS, else the default 15) and
 * "analyticsExtendedRows" (no 500-row cap on the list and the export) are set by the operator with SQL.
 */
export class Analytics1768000000000 implements MigrationInterface {
  name = 'Analytics1768000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" ADD "analyticsRangeDays" integer`);
    await queryRunner.query(
      `ALTER TABLE "companies" ADD "analyticsExtendedRows" boolean NOT NULL DEFAULT false`,
    );
    await queryRunner.query(
      `CREATE TABLE "conversation_sessions" ("id" BIGSERIAL NOT NULL, "companyId" integer NOT NULL, "clientId" integer NOT NULL, "channelId" integer NOT NULL, "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastCustomerAt" TIMESTAMP WITH TIME ZONE NOT NULL, "lastMessageAt" TIMESTAMP WITH TIME ZONE NOT NULL, "fromAd" boolean NOT NULL DEFAULT false, "agentId" integer, "assignedAt" TIMESTAMP WITH TIME ZONE, "firstAgentReplyAt" TIMESTAMP WITH TIME ZONE, "firstAgentReplyUserId" integer, "firstBotReplyAt" TIMESTAMP WITH TIME ZONE, "inboundCount" integer NOT NULL DEFAULT 0, "outboundCount" integer NOT NULL DEFAULT 0, "rating" integer, CONSTRAINT "PK_conversation_sessions" PRIMARY KEY ("id"), CONSTRAINT "FK_conversation_sessions_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_conversation_sessions_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE)`,
    );
    // The session list (newest first). No INCLUDE: the figures read analytics_daily, and a wide entry would be
    // rewritten by every message's session update.
    await queryRunner.query(
      `CREATE INDEX "IDX_conversation_sessions_company_started" ON "conversation_sessions" ("companyId", "startedAt")`,
    );
    // Conversaciones Activas (not additive, so not in the rollup) and the panel's open sessions: only the sessions
    // a customer wrote in lately, index-only through the few columns the filter needs.
    await queryRunner.query(
      `CREATE INDEX "IDX_conversation_sessions_company_last_customer" ON "conversation_sessions" ("companyId", "lastCustomerAt") INCLUDE ("startedAt", "channelId", "agentId")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_conversation_sessions_client_started" ON "conversation_sessions" ("clientId", "startedAt" DESC)`,
    );
    await queryRunner.query(
      `CREATE TABLE "analytics_hourly" ("companyId" integer NOT NULL, "channelId" integer NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "inbound" integer NOT NULL DEFAULT 0, "outbound" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_analytics_hourly" PRIMARY KEY ("companyId", "channelId", "hour"), CONSTRAINT "FK_analytics_hourly_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "analytics_agent_hourly" ("companyId" integer NOT NULL, "userId" integer NOT NULL, "channelId" integer NOT NULL, "hour" TIMESTAMP WITH TIME ZONE NOT NULL, "messages" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_analytics_agent_hourly" PRIMARY KEY ("companyId", "hour", "userId", "channelId"), CONSTRAINT "FK_analytics_agent_hourly_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "analytics_daily" ("companyId" integer NOT NULL, "day" date NOT NULL, "channelId" integer NOT NULL, "agentId" integer NOT NULL, ${DAILY_FACTS.map(([column, type]) => `"${column}" ${type} NOT NULL DEFAULT 0`).join(', ')}, CONSTRAINT "PK_analytics_daily" PRIMARY KEY ("companyId", "day", "channelId", "agentId"), CONSTRAINT "FK_analytics_daily_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "analytics_open_days" ("companyId" integer NOT NULL, "day" date NOT NULL, "openUntil" date NOT NULL, "channelId" integer NOT NULL, "agentId" integer NOT NULL, "sessions" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_analytics_open_days" PRIMARY KEY ("companyId", "day", "openUntil", "channelId", "agentId"), CONSTRAINT "FK_analytics_open_days_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    for (const statement of FUNCTIONS) await queryRunner.query(statement);
    await queryRunner.query(`SELECT rebuild_analytics(id) FROM companies`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "analytics_company_timezone" ON "companies"`);
    await queryRunner.query(`DROP TRIGGER "analytics_session" ON "conversation_sessions"`);
    await queryRunner.query(`DROP TRIGGER "analytics_survey_answer" ON "survey_requests"`);
    await queryRunner.query(`DROP TRIGGER "analytics_client_agent" ON "clients"`);
    await queryRunner.query(`DROP TRIGGER "analytics_message" ON "messages"`);
    await queryRunner.query(`DROP FUNCTION "analytics_on_survey_answer"()`);
    await queryRunner.query(`DROP FUNCTION "analytics_on_client_agent"()`);
    await queryRunner.query(`DROP FUNCTION "analytics_on_message"()`);
    await queryRunner.query(`DROP FUNCTION "rebuild_analytics"(integer)`);
    await queryRunner.query(`DROP FUNCTION "analytics_on_company_timezone"()`);
    await queryRunner.query(`DROP FUNCTION "analytics_on_session"()`);
    await queryRunner.query(`DROP FUNCTION "rebuild_analytics_daily"(integer)`);
    await queryRunner.query(`DROP FUNCTION "analytics_is_bot_reply"(jsonb)`);
    await queryRunner.query(`DROP TABLE "analytics_open_days"`);
    await queryRunner.query(`DROP TABLE "analytics_daily"`);
    await queryRunner.query(`DROP TABLE "analytics_agent_hourly"`);
    await queryRunner.query(`DROP TABLE "analytics_hourly"`);
    await queryRunner.query(`DROP TABLE "conversation_sessions"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "analyticsExtendedRows"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "analyticsRangeDays"`);
  }
}

// First human reply in minutes (NULL when no agent answered).
const RESPONSE = `(extract(epoch FROM s."firstAgentReplyAt" - s."startedAt") / 60)`;
const AFTER_ASSIGNMENT = `coalesce(s."firstAgentReplyAt" >= coalesce(s."assignedAt", s."startedAt"), false)`;

/**
 * analytics_daily's additive columns and each one's value for one session `s` (the rollup row is their sum over
 * the sessions of the key). The response-time buckets follow RESPONSE_TIME_BUCKETS (packages/shared): below the
 * bound, at or above the previous one.
 */
const DAILY_FACTS: ReadonlyArray<readonly [column: string, type: 'integer' | 'float8', value: string]> = [
  ['sessions', 'integer', '1'],
  ['answered', 'integer', `(s."firstAgentReplyAt" IS NOT NULL OR s."firstBotReplyAt" IS NOT NULL)::int`],
  ['agentAnswered', 'integer', `(s."firstAgentReplyAt" IS NOT NULL)::int`],
  ['responseMinutesSum', 'float8', `coalesce(${RESPONSE}, 0)::float8`],
  ['responseLt1m', 'integer', `coalesce(${RESPONSE} < 1, false)::int`],
  ['response1to5m', 'integer', `coalesce(${RESPONSE} >= 1 AND ${RESPONSE} < 5, false)::int`],
  ['response5to15m', 'integer', `coalesce(${RESPONSE} >= 5 AND ${RESPONSE} < 15, false)::int`],
  ['response15to60m', 'integer', `coalesce(${RESPONSE} >= 15 AND ${RESPONSE} < 60, false)::int`],
  ['response1to4h', 'integer', `coalesce(${RESPONSE} >= 60 AND ${RESPONSE} < 240, false)::int`],
  ['responseGt4h', 'integer', `coalesce(${RESPONSE} >= 240, false)::int`],
  [
    'afterAssignMinutesSum',
    'float8',
    `(CASE WHEN ${AFTER_ASSIGNMENT} THEN extract(epoch FROM s."firstAgentReplyAt" - greatest(s."assignedAt", s."startedAt")) / 60 ELSE 0 END)::float8`,
  ],
  ['afterAssignCount', 'integer', `${AFTER_ASSIGNMENT}::int`],
  ['botConversations', 'integer', `(s."firstBotReplyAt" IS NOT NULL)::int`],
  ['botOnly', 'integer', `(s."firstBotReplyAt" IS NOT NULL AND s."firstAgentReplyAt" IS NULL)::int`],
  ['handedOver', 'integer', `(s."firstBotReplyAt" IS NOT NULL AND s."firstAgentReplyAt" IS NOT NULL)::int`],
  ['fromAd', 'integer', `s."fromAd"::int`],
  ['durationHoursSum', 'float8', `(extract(epoch FROM s."lastMessageAt" - s."startedAt") / 3600)::float8`],
  ['ratingSum', 'integer', 'coalesce(s.rating, 0)'],
  ['ratingCount', 'integer', '(s.rating IS NOT NULL)::int'],
];

/** The session columns DAILY_FACTS read besides the key and "lastMessageAt" (which only durationHoursSum reads). */
const SAME_FACTS_BUT_LAST_MESSAGE = [
  'startedAt',
  'firstAgentReplyAt',
  'firstBotReplyAt',
  'assignedAt',
  'fromAd',
  'rating',
] as const;
/** durationHoursSum's value for the session row `row` (NEW or OLD). */
const DURATION = (row: string) =>
  (DAILY_FACTS.find(([column]) => column === 'durationHoursSum')?.[2] ?? '').replace(/\bs\./g, `${row}.`);

const DAILY_KEY = `"companyId", "day", "channelId", "agentId"`;
const DAILY_COLUMNS = `${DAILY_KEY}, ${DAILY_FACTS.map(([column]) => `"${column}"`).join(', ')}`;
/** The rollup key of session `s` in time zone `tz`: its opening day there; agent 0 is no agent. */
const DAILY_KEY_OF = `s."companyId", (s."startedAt" AT TIME ZONE tz)::date, s."channelId", coalesce(s."agentId", 0)`;
/**
 * The last day (time zone tz) at whose start session `s` is still open: its customer wrote less than 24 h before
 * that midnight. Open at the start of day X ⇔ X <= this, for a session opened before X.
 */
const OPEN_UNTIL = (s: string) =>
  `((${s}."lastCustomerAt" + interval '24 hours' - interval '1 microsecond') AT TIME ZONE tz)::date`;

const FUNCTIONS = [
  // A bot message that answers the customer: the menu bot's (payload.automation 'chatbot', or none for bot messages
  // stored before automation was tagged). Welcome and away messages, surveys, follow-up bots and campaigns are
  // BOT messages that answer nothing.
  `CREATE FUNCTION analytics_is_bot_reply(payload jsonb) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
     SELECT coalesce(payload->>'automation', 'chatbot') = 'chatbot' AND NOT coalesce(payload ? 'campaignRecipientId', false)
   $$`,
  `CREATE FUNCTION analytics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     s conversation_sessions%ROWTYPE;
     is_client boolean := NEW.sender = 'CLIENT';
   BEGIN
     INSERT INTO analytics_hourly AS h ("companyId", "channelId", "hour", "inbound", "outbound")
     VALUES (NEW."companyId", NEW."channelId", date_trunc('hour', NEW."time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
             CASE WHEN is_client THEN 1 ELSE 0 END, CASE WHEN is_client THEN 0 ELSE 1 END)
     ON CONFLICT ("companyId", "channelId", "hour") DO UPDATE
       SET "inbound" = h."inbound" + EXCLUDED."inbound", "outbound" = h."outbound" + EXCLUDED."outbound";
     IF NEW.sender = 'AGENT' AND NEW."senderUserId" IS NOT NULL THEN
       INSERT INTO analytics_agent_hourly AS a ("companyId", "userId", "channelId", "hour", "messages")
       VALUES (NEW."companyId", NEW."senderUserId", NEW."channelId",
               date_trunc('hour', NEW."time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1)
       ON CONFLICT ("companyId", "hour", "userId", "channelId") DO UPDATE SET "messages" = a."messages" + 1;
     END IF;
     SELECT * INTO s FROM conversation_sessions
      WHERE "clientId" = NEW."clientId" AND "startedAt" <= NEW."time" ORDER BY "startedAt" DESC LIMIT 1;
     IF is_client THEN
       IF s.id IS NULL OR NEW."time" - s."lastCustomerAt" >= interval '24 hours' THEN
         INSERT INTO conversation_sessions ("companyId", "clientId", "channelId", "startedAt", "lastCustomerAt",
           "lastMessageAt", "fromAd", "agentId", "inboundCount")
         SELECT NEW."companyId", NEW."clientId", NEW."channelId", NEW."time", NEW."time", NEW."time",
                coalesce(NEW.payload ? 'referral', false), c."agentId", 1
           FROM (SELECT 1) one LEFT JOIN clients c ON c.id = NEW."clientId";
       ELSE
         UPDATE conversation_sessions SET "inboundCount" = "inboundCount" + 1,
                "lastCustomerAt" = greatest("lastCustomerAt", NEW."time"),
                "lastMessageAt" = greatest("lastMessageAt", NEW."time")
          WHERE id = s.id;
       END IF;
       RETURN NULL;
     END IF;
     -- The business writing to a contact with no session (a campaign, a first template) opens nothing.
     IF s.id IS NULL THEN RETURN NULL; END IF;
     UPDATE conversation_sessions SET "outboundCount" = "outboundCount" + 1,
            "lastMessageAt" = greatest("lastMessageAt", NEW."time"),
            "firstAgentReplyAt" = CASE WHEN NEW.sender = 'AGENT' AND NEW."senderUserId" IS NOT NULL
              AND "firstAgentReplyAt" IS NULL THEN NEW."time" ELSE "firstAgentReplyAt" END,
            "firstAgentReplyUserId" = CASE WHEN NEW.sender = 'AGENT' AND NEW."senderUserId" IS NOT NULL
              AND "firstAgentReplyAt" IS NULL THEN NEW."senderUserId" ELSE "firstAgentReplyUserId" END,
            "agentId" = CASE WHEN NEW.sender = 'AGENT' THEN coalesce("agentId", NEW."senderUserId") ELSE "agentId" END,
            "firstBotReplyAt" = CASE WHEN NEW.sender = 'BOT' AND analytics_is_bot_reply(NEW.payload)
              AND "firstBotReplyAt" IS NULL THEN NEW."time" ELSE "firstBotReplyAt" END
      WHERE id = s.id;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER "analytics_message" AFTER INSERT ON "messages" FOR EACH ROW EXECUTE FUNCTION analytics_on_message()`,
  // An assignment while the contact's session is open makes it the session's agent (the last one made during it);
  // an unassignment falls back to the agent who answered first.
  `CREATE FUNCTION analytics_on_client_agent() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE conversation_sessions s SET "agentId" = coalesce(NEW."agentId", s."firstAgentReplyUserId"),
            "assignedAt" = CASE WHEN NEW."agentId" IS NULL THEN s."assignedAt" ELSE now() END
      WHERE s.id = (SELECT id FROM conversation_sessions WHERE "clientId" = NEW.id ORDER BY "startedAt" DESC LIMIT 1)
        AND s."lastCustomerAt" > now() - interval '24 hours';
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER "analytics_client_agent" AFTER UPDATE OF "agentId" ON "clients" FOR EACH ROW
     WHEN (OLD."agentId" IS DISTINCT FROM NEW."agentId") EXECUTE FUNCTION analytics_on_client_agent()`,
  `CREATE FUNCTION analytics_on_survey_answer() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE conversation_sessions s SET rating = NEW.value
      WHERE s.id = (SELECT id FROM conversation_sessions WHERE "clientId" = NEW."clientId"
                     AND "startedAt" <= coalesce(NEW."answeredAt", now()) ORDER BY "startedAt" DESC LIMIT 1);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER "analytics_survey_answer" AFTER INSERT OR UPDATE OF "value", "answeredAt" ON "survey_requests"
     FOR EACH ROW WHEN (NEW.value IS NOT NULL) EXECUTE FUNCTION analytics_on_survey_answer()`,
  // The same definitions, set-based over a company's stored messages: sessions by gaps and islands on customer
  // messages (a start is a customer message 24 h or more after the contact's previous one), each message tagged
  // with the last start at or before it. The contact's current agent is its latest session's; earlier sessions
  // get the agent who answered first (assignments of the past are not recorded).
  `CREATE FUNCTION rebuild_analytics(company_id integer) RETURNS void LANGUAGE plpgsql AS $$
   BEGIN
     -- The session trigger stands aside (this transaction only): the daily rollup is built set-based at the end.
     PERFORM set_config('analytics.rebuilding', 'on', true);
     DELETE FROM conversation_sessions WHERE "companyId" = company_id;
     DELETE FROM analytics_hourly WHERE "companyId" = company_id;
     DELETE FROM analytics_agent_hourly WHERE "companyId" = company_id;
     INSERT INTO conversation_sessions ("companyId", "clientId", "channelId", "startedAt", "lastCustomerAt",
       "lastMessageAt", "fromAd", "firstAgentReplyAt", "firstAgentReplyUserId", "firstBotReplyAt",
       "inboundCount", "outboundCount")
     SELECT company_id, g."clientId", min(g."channelId"), g.start,
            max(g.time) FILTER (WHERE g.sender = 'CLIENT'), max(g.time),
            bool_or(g.opens AND coalesce(g.payload ? 'referral', false)),
            min(g.time) FILTER (WHERE g.sender = 'AGENT' AND g."senderUserId" IS NOT NULL),
            (array_agg(g."senderUserId" ORDER BY g.time, g.id)
               FILTER (WHERE g.sender = 'AGENT' AND g."senderUserId" IS NOT NULL))[1],
            min(g.time) FILTER (WHERE g.sender = 'BOT' AND analytics_is_bot_reply(g.payload)),
            (count(*) FILTER (WHERE g.sender = 'CLIENT'))::int,
            (count(*) FILTER (WHERE g.sender <> 'CLIENT'))::int
       FROM (SELECT t.*, max(CASE WHEN t.opens THEN t.time END) OVER w AS start
               FROM (SELECT m.id, m."clientId", m."channelId", m.time, m.sender, m."senderUserId", m.payload,
                            m.sender = 'CLIENT' AND (max(m.time) FILTER (WHERE m.sender = 'CLIENT') OVER p IS NULL
                              OR m.time - max(m.time) FILTER (WHERE m.sender = 'CLIENT') OVER p >= interval '24 hours')
                              AS opens
                       FROM messages m
                      WHERE m."companyId" = company_id
                     WINDOW p AS (PARTITION BY m."clientId" ORDER BY m.time, m.id
                                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)) t
             WINDOW w AS (PARTITION BY t."clientId" ORDER BY t.time, t.id ROWS UNBOUNDED PRECEDING)) g
      WHERE g.start IS NOT NULL
      GROUP BY g."clientId", g.start;
     UPDATE conversation_sessions s
        SET "agentId" = CASE WHEN s.id = l.id THEN coalesce(l."assigned", s."firstAgentReplyUserId")
                             ELSE s."firstAgentReplyUserId" END
       FROM (SELECT DISTINCT ON (x."clientId") x."clientId", x.id, c."agentId" AS assigned
               FROM conversation_sessions x JOIN clients c ON c.id = x."clientId"
              WHERE x."companyId" = company_id
              ORDER BY x."clientId", x."startedAt" DESC) l
      WHERE s."clientId" = l."clientId" AND s."companyId" = company_id;
     UPDATE conversation_sessions s SET rating = r.value
       FROM (SELECT DISTINCT ON (x.id) x.id, q.value
               FROM survey_requests q
               JOIN LATERAL (SELECT cs.id FROM conversation_sessions cs
                              WHERE cs."clientId" = q."clientId" AND cs."startedAt" <= q."answeredAt"
                              ORDER BY cs."startedAt" DESC LIMIT 1) x ON true
              WHERE q."companyId" = company_id AND q.value IS NOT NULL AND q."answeredAt" IS NOT NULL
              ORDER BY x.id, q."answeredAt" DESC) r
      WHERE s.id = r.id;
     INSERT INTO analytics_hourly ("companyId", "channelId", "hour", "inbound", "outbound")
     SELECT company_id, m."channelId", date_trunc('hour', m.time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
            (count(*) FILTER (WHERE m.sender = 'CLIENT'))::int, (count(*) FILTER (WHERE m.sender <> 'CLIENT'))::int
       FROM messages m WHERE m."companyId" = company_id
      GROUP BY 2, 3;
     INSERT INTO analytics_agent_hourly ("companyId", "userId", "channelId", "hour", "messages")
     SELECT company_id, m."senderUserId", m."channelId", date_trunc('hour', m.time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
            count(*)::int
       FROM messages m WHERE m."companyId" = company_id AND m.sender = 'AGENT' AND m."senderUserId" IS NOT NULL
      GROUP BY 2, 3, 4;
     PERFORM rebuild_analytics_daily(company_id);
     PERFORM set_config('analytics.rebuilding', 'off', true);
   END $$`,
  // analytics_daily and analytics_open_days from scratch for one company, set-based (the rebuild, and a change of
  // time zone moves every session's days).
  `CREATE FUNCTION rebuild_analytics_daily(company_id integer) RETURNS void LANGUAGE plpgsql AS $$
   DECLARE
     tz text := (SELECT timezone FROM companies WHERE id = company_id);
   BEGIN
     DELETE FROM analytics_daily WHERE "companyId" = company_id;
     INSERT INTO analytics_daily (${DAILY_COLUMNS})
     SELECT ${DAILY_KEY_OF}, ${DAILY_FACTS.map(([, type, value]) => `sum(${value})::${type}`).join(', ')}
       FROM conversation_sessions s
      WHERE s."companyId" = company_id
      GROUP BY 1, 2, 3, 4;
     DELETE FROM analytics_open_days WHERE "companyId" = company_id;
     INSERT INTO analytics_open_days ("companyId", "day", "openUntil", "channelId", "agentId", sessions)
     SELECT s."companyId", (s."startedAt" AT TIME ZONE tz)::date, ${OPEN_UNTIL('s')}, s."channelId",
            coalesce(s."agentId", 0), count(*)::int
       FROM conversation_sessions s
      WHERE s."companyId" = company_id
      GROUP BY 1, 2, 3, 4, 5;
   END $$`,
  // Keeps analytics_daily exact: a session's old contribution out, its new one in; one upsert when the key is the
  // same (nothing when no column moves), two rows when it changed (an assignment moves the session to another agent).
  // rebuild_analytics() sets analytics.rebuilding (transaction-local) and builds the rollup set-based instead.
  `CREATE FUNCTION analytics_on_session() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     tz text;
     old_day date;
     new_day date;
     old_until date;
     new_until date;
   BEGIN
     IF current_setting('analytics.rebuilding', true) = 'on' THEN RETURN NULL; END IF;
     SELECT co.timezone INTO tz FROM companies co
      WHERE co.id = CASE WHEN TG_OP = 'DELETE' THEN OLD."companyId" ELSE NEW."companyId" END;
     -- A company being deleted takes its rollup rows with it (ON DELETE CASCADE).
     IF NOT FOUND THEN RETURN NULL; END IF;
     IF TG_OP <> 'DELETE' THEN
       new_day := (NEW."startedAt" AT TIME ZONE tz)::date;
       new_until := ${OPEN_UNTIL('NEW')};
     END IF;
     IF TG_OP <> 'INSERT' THEN
       old_day := (OLD."startedAt" AT TIME ZONE tz)::date;
       old_until := ${OPEN_UNTIL('OLD')};
     END IF;
     IF TG_OP = 'UPDATE' AND old_day = new_day AND OLD."channelId" = NEW."channelId"
        AND coalesce(OLD."agentId", 0) = coalesce(NEW."agentId", 0)
        AND ${SAME_FACTS_BUT_LAST_MESSAGE.map((column) => `OLD."${column}" IS NOT DISTINCT FROM NEW."${column}"`).join(' AND ')} THEN
       -- Most messages only move the session's last message: one column of one row (the same arithmetic as below).
       IF OLD."lastMessageAt" IS DISTINCT FROM NEW."lastMessageAt" THEN
         UPDATE analytics_daily SET "durationHoursSum" = "durationHoursSum" + (${DURATION('NEW')} - ${DURATION('OLD')})
          WHERE "companyId" = NEW."companyId" AND "day" = new_day AND "channelId" = NEW."channelId"
            AND "agentId" = coalesce(NEW."agentId", 0);
       END IF;
     ELSE
       INSERT INTO analytics_daily AS d (${DAILY_COLUMNS})
       SELECT ${DAILY_KEY_OF}, ${DAILY_FACTS.map(([, type, value]) => `sum(v.sign * ${value})::${type}`).join(', ')}
         FROM (VALUES (NEW, 1), (OLD, -1)) v(r, sign), LATERAL (SELECT (v.r).*) s
        WHERE (v.r).id IS NOT NULL
        GROUP BY 1, 2, 3, 4
       HAVING ${DAILY_FACTS.map(([, , value]) => `sum(v.sign * ${value}) <> 0`).join(' OR ')}
       ON CONFLICT (${DAILY_KEY}) DO UPDATE
         SET ${DAILY_FACTS.map(([column]) => `"${column}" = d."${column}" + EXCLUDED."${column}"`).join(', ')};
       -- The daily row the session left may now count nothing: drop it, as a rebuild would not have it.
       IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (old_day <> new_day OR OLD."channelId" <> NEW."channelId"
          OR coalesce(OLD."agentId", 0) <> coalesce(NEW."agentId", 0))) THEN
         DELETE FROM analytics_daily
          WHERE "companyId" = OLD."companyId" AND "day" = old_day AND "channelId" = OLD."channelId"
            AND "agentId" = coalesce(OLD."agentId", 0) AND sessions = 0;
       END IF;
     END IF;
     -- analytics_open_days moves only when the key does: a customer message moves openUntil at most once a day.
     IF TG_OP = 'UPDATE' AND old_day = new_day AND old_until = new_until AND OLD."channelId" = NEW."channelId"
        AND coalesce(OLD."agentId", 0) = coalesce(NEW."agentId", 0) THEN
       RETURN NULL;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       INSERT INTO analytics_open_days AS o ("companyId", "day", "openUntil", "channelId", "agentId", sessions)
       VALUES (NEW."companyId", new_day, new_until, NEW."channelId", coalesce(NEW."agentId", 0), 1)
       ON CONFLICT ("companyId", "day", "openUntil", "channelId", "agentId") DO UPDATE SET sessions = o.sessions + 1;
     END IF;
     IF TG_OP <> 'INSERT' THEN
       UPDATE analytics_open_days SET sessions = sessions - 1
        WHERE "companyId" = OLD."companyId" AND "day" = old_day AND "openUntil" = old_until
          AND "channelId" = OLD."channelId" AND "agentId" = coalesce(OLD."agentId", 0);
       DELETE FROM analytics_open_days
        WHERE "companyId" = OLD."companyId" AND "day" = old_day AND "openUntil" = old_until
          AND "channelId" = OLD."channelId" AND "agentId" = coalesce(OLD."agentId", 0) AND sessions = 0;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER "analytics_session" AFTER INSERT OR UPDATE OR DELETE ON "conversation_sessions" FOR EACH ROW
     EXECUTE FUNCTION analytics_on_session()`,
  `CREATE FUNCTION analytics_on_company_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM rebuild_analytics_daily(NEW.id);
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER "analytics_company_timezone" AFTER UPDATE OF "timezone" ON "companies" FOR EACH ROW
     WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION analytics_on_company_timezone()`,
];
