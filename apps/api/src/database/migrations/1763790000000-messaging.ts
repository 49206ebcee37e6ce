import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messaging core: channels (in spaces), conversations (clients), messages, and the durable job queue. */
export class Messaging1763790000000 implements MigrationInterface {
  name = 'Messaging1763790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // 02 §4 message-status ranks, usable in conditional updates (pending, before the provider accepted it: -1).
    await queryRunner.query(
      `CREATE OR REPLACE FUNCTION message_status_rank(status text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
         SELECT CASE status WHEN 'pending' THEN -1 WHEN 'delivered' THEN 1 WHEN 'viewed' THEN 2
           WHEN 'deleted' THEN 3 WHEN 'failed' THEN 3 WHEN 'warning' THEN 3 ELSE 0 END $$`,
    );
    // Real-time events too large for a NOTIFY payload, on their way to the other API instances.
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS realtime_attachments (id bigserial PRIMARY KEY, "createdAt" timestamptz NOT NULL DEFAULT now(), payload text NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE TABLE "jobs" ("id" BIGSERIAL NOT NULL, "queue" character varying(60) NOT NULL, "payload" jsonb NOT NULL, "runAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT '0', "maxAttempts" integer NOT NULL DEFAULT '8', "lockedUntil" TIMESTAMP WITH TIME ZONE, "lockedBy" character varying(80), "lastError" text, "singletonKey" character varying(200), "doneAt" TIMESTAMP WITH TIME ZONE, "failed" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_18618b1218e6ce4201e16ac1013" UNIQUE ("singletonKey"), CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_jobs_ready" ON "jobs"  ("queue", "runAt") WHERE "doneAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "channels" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, "platform" character varying(20) NOT NULL, "providerId" character varying(64) NOT NULL, "phone" character varying(20), "pageId" character varying(64), "accessToken" text, "imageUrl" character varying(500), "isActive" boolean NOT NULL DEFAULT true, "useChatbot" boolean NOT NULL DEFAULT false, "qualityRating" character varying(10) NOT NULL DEFAULT 'NA', "currentLimit" character varying(20), "expiresAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bc603823f3f741359c2339389f9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_channels_platform_provider" ON "channels"  ("platform", "providerId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "clients" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "key" character varying(200) NOT NULL, "senderId" character varying(120) NOT NULL, "name" character varying(200), "nameFromChannel" character varying(200), "lastName" character varying(200), "cleanedName" character varying(400) NOT NULL DEFAULT '', "imageUrl" character varying(500), "priority" double precision NOT NULL DEFAULT '0', "unreadMessagesCount" integer NOT NULL DEFAULT '0', "answered" boolean NOT NULL DEFAULT false, "isArchived" boolean NOT NULL DEFAULT false, "isBroadcastMessage" boolean NOT NULL DEFAULT false, "isConversationValuable" boolean NOT NULL DEFAULT false, "setValuableByUser" boolean NOT NULL DEFAULT false, "hasFollowUpMessage" boolean NOT NULL DEFAULT false, "isClosed" boolean NOT NULL DEFAULT false, "agentId" integer, "groupAdminId" integer, "categoryId" integer, "lastMessageId" integer, "lastMessage" text, "lastMessageStatus" character varying(12), "lastMessageSender" character varying(12), "lastUpdate" TIMESTAMP WITH TIME ZONE, "whatsappLastMessageAt" TIMESTAMP WITH TIME ZONE, "whatsappStartedAt" TIMESTAMP WITH TIME ZONE, "windowExpiresAt" TIMESTAMP WITH TIME ZONE, "source" character varying(20) NOT NULL DEFAULT 'CHANNEL', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6183c846a52821644ce1abf1b80" UNIQUE ("key"), CONSTRAINT "PK_f1ab7cf3a5714dbc6bb4e1c28a4" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_clients_cleaned_name" ON "clients"  ("cleanedName")`);
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_company_agent_last_update" ON "clients"  ("companyId", "agentId", "lastUpdate", "id")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_company_last_update" ON "clients"  ("companyId", "lastUpdate", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "messages" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "clientId" integer NOT NULL, "channelId" integer NOT NULL, "type" character varying(20) NOT NULL DEFAULT 'text', "content" text NOT NULL DEFAULT '', "payload" jsonb, "sender" character varying(10) NOT NULL, "senderUserId" integer, "messageStatus" character varying(12), "messageApiId" character varying(200), "errorCode" character varying(60), "errorInfo" text, "quotedMsgId" integer, "quotedMsgBody" text, "quotedMsgType" character varying(20), "seen" boolean NOT NULL DEFAULT false, "seenAt" TIMESTAMP WITH TIME ZONE, "seenById" integer, "windowExpiration" TIMESTAMP WITH TIME ZONE, "time" TIMESTAMP WITH TIME ZONE NOT NULL, "fakeId" character varying(80), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_18325f38ae6de43878487eff986" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_messages_channel_api_id" ON "messages"  ("channelId", "messageApiId") WHERE "messageApiId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_messages_client_created" ON "messages"  ("clientId", "createdAt", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "space_channels" ("channelId" integer NOT NULL, "spaceId" integer NOT NULL, CONSTRAINT "PK_d2823e9f802d2ad1749adf0f9c6" PRIMARY KEY ("channelId", "spaceId"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_9dc062dbdb5e536ff983268905" ON "space_channels"  ("channelId")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_49f9c1d3cac03f0b777ca3c44e" ON "space_channels"  ("spaceId")`);
    await queryRunner.query(
      `ALTER TABLE "channels" ADD CONSTRAINT "FK_9b44168388cb4cc8fcfa925a1b1" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "clients" ADD CONSTRAINT "FK_5016a1ccedbea5f26d46376d6b2" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "clients" ADD CONSTRAINT "FK_0d9ab93ada8da93544c5140ff80" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "messages" ADD CONSTRAINT "FK_0b420b51bc50f348cc866e95db9" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "space_channels" ADD CONSTRAINT "FK_9dc062dbdb5e536ff983268905c" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "space_channels" ADD CONSTRAINT "FK_49f9c1d3cac03f0b777ca3c44ef" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS realtime_attachments');
    await queryRunner.query('DROP FUNCTION IF EXISTS message_status_rank(text)');
    await queryRunner.query(`ALTER TABLE "space_channels" DROP CONSTRAINT "FK_49f9c1d3cac03f0b777ca3c44ef"`);
    await queryRunner.query(`ALTER TABLE "space_channels" DROP CONSTRAINT "FK_9dc062dbdb5e536ff983268905c"`);
    await queryRunner.query(`ALTER TABLE "messages" DROP CONSTRAINT "FK_0b420b51bc50f348cc866e95db9"`);
    await queryRunner.query(`ALTER TABLE "clients" DROP CONSTRAINT "FK_0d9ab93ada8da93544c5140ff80"`);
    await queryRunner.query(`ALTER TABLE "clients" DROP CONSTRAINT "FK_5016a1ccedbea5f26d46376d6b2"`);
    await queryRunner.query(`ALTER TABLE "channels" DROP CONSTRAINT "FK_9b44168388cb4cc8fcfa925a1b1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_49f9c1d3cac03f0b777ca3c44e"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_9dc062dbdb5e536ff983268905"`);
    await queryRunner.query(`DROP TABLE "space_channels"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_messages_client_created"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_messages_channel_api_id"`);
    await queryRunner.query(`DROP TABLE "messages"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_clients_company_last_update"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_clients_company_agent_last_update"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_clients_cleaned_name"`);
    await queryRunner.query(`DROP TABLE "clients"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_channels_platform_provider"`);
    await queryRunner.query(`DROP TABLE "channels"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_jobs_ready"`);
    await queryRunner.query(`DROP TABLE "jobs"`);
  }
}
