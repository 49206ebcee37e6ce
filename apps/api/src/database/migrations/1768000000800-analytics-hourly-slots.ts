import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Rows of the hourly counters per (company, channel, hour): enough that concurrent transactions rarely share one. */
export const ANALYTICS_HOURLY_SLOTS = 16;

/**
 * Issue 22, webhook ingest: every stored message added 1 to its company's row of analytics_hourly for the hour
 * (and an agent's message to analytics_agent_hourly), so concurrent webhooks of one company queued on that row's
 * lock until each commit — measured: 283–324 stored messages/s at 16 in flight against 859–891 with the analytics
 * triggers off. The counters are additive and every reader sums them, so each hour now has up to
 * ANALYTICS_HOURLY_SLOTS rows, and a transaction writes the one of its backend (pg_backend_pid): two concurrent
 * transactions on different connections no longer wait on each other. rebuild_analytics() still writes slot 0.
 */
export class AnalyticsHourlySlots1768000000800 implements MigrationInterface {
  name = 'AnalyticsHourlySlots1768000000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "analytics_hourly" ADD "slot" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "analytics_hourly" DROP CONSTRAINT "PK_analytics_hourly"`);
    await queryRunner.query(
      `ALTER TABLE "analytics_hourly" ADD CONSTRAINT "PK_analytics_hourly" PRIMARY KEY ("companyId", "channelId", "hour", "slot")`,
    );
    await queryRunner.query(`ALTER TABLE "analytics_agent_hourly" ADD "slot" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(
      `ALTER TABLE "analytics_agent_hourly" DROP CONSTRAINT "PK_analytics_agent_hourly"`,
    );
    await queryRunner.query(
      `ALTER TABLE "analytics_agent_hourly" ADD CONSTRAINT "PK_analytics_agent_hourly" PRIMARY KEY ("companyId", "hour", "userId", "channelId", "slot")`,
    );
    await queryRunner.query(onMessage(`(pg_backend_pid() % ${ANALYTICS_HOURLY_SLOTS})::smallint`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(onMessage(null));
    for (const [table, key] of [
      ['analytics_hourly', '"companyId", "channelId", "hour"'],
      ['analytics_agent_hourly', '"companyId", "hour", "userId", "channelId"'],
    ]) {
      const facts = table === 'analytics_hourly' ? ['inbound', 'outbound'] : ['messages'];
      await queryRunner.query(
        `CREATE TEMP TABLE folded AS SELECT ${key}, ${facts.map((f) => `sum("${f}")::int AS "${f}"`).join(', ')}
           FROM "${table}" GROUP BY ${key}`,
      );
      await queryRunner.query(`DELETE FROM "${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "PK_${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "slot"`);
      await queryRunner.query(`INSERT INTO "${table}" SELECT * FROM folded`);
      await queryRunner.query(`DROP TABLE folded`);
      await queryRunner.query(`ALTER TABLE "${table}" ADD CONSTRAINT "PK_${table}" PRIMARY KEY (${key})`);
    }
  }
}

/** analytics_on_message() of 1768000000000-analytics, writing the hourly counters into `slot` (null: no slot). */
function onMessage(slot: string | null): string {
  const column = slot === null ? '' : ', "slot"';
  const value = slot === null ? '' : `, ${slot}`;
  return `CREATE OR REPLACE FUNCTION analytics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     s conversation_sessions%ROWTYPE;
     is_client boolean := NEW.sender = 'CLIENT';
   BEGIN
     INSERT INTO analytics_hourly AS h ("companyId", "channelId", "hour", "inbound", "outbound"${column})
     VALUES (NEW."companyId", NEW."channelId", date_trunc('hour', NEW."time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
             CASE WHEN is_client THEN 1 ELSE 0 END, CASE WHEN is_client THEN 0 ELSE 1 END${value})
     ON CONFLICT ("companyId", "channelId", "hour"${column}) DO UPDATE
       SET "inbound" = h."inbound" + EXCLUDED."inbound", "outbound" = h."outbound" + EXCLUDED."outbound";
     IF NEW.sender = 'AGENT' AND NEW."senderUserId" IS NOT NULL THEN
       INSERT INTO analytics_agent_hourly AS a ("companyId", "userId", "channelId", "hour", "messages"${column})
       VALUES (NEW."companyId", NEW."senderUserId", NEW."channelId",
               date_trunc('hour', NEW."time" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', 1${value})
       ON CONFLICT ("companyId", "hour", "userId", "channelId"${column}) DO UPDATE SET "messages" = a."messages" + 1;
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
   END $$`;
}
