import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, automation:
 * - chatbot_menus: one menu chatbot per channel (the tree as JSON: it is read and written whole).
 * - bot_sessions: where each conversation's bot stands, in the database so any instance continues it; the last
 *   customer message it handled keeps a redelivered or late job from advancing it twice.
 * - message_bots (02 §3 "Message bot"): one pending follow-up of a bot config for a conversation.
 * - survey_requests: a survey sent on close and the customer's one answer (at most one open per conversation).
 * - welcome_messages: one per channel.
 */
export class Automation1764000000000 implements MigrationInterface {
  name = 'Automation1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "chatbot_menus" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "menu" jsonb NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_chatbot_menus" PRIMARY KEY ("id"), CONSTRAINT "UQ_chatbot_menus_channel" UNIQUE ("channelId"), CONSTRAINT "FK_chatbot_menus_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_chatbot_menus_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "bot_sessions" ("clientId" integer NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "status" character varying(12) NOT NULL DEFAULT 'active', "state" jsonb NOT NULL DEFAULT '{"path":[],"awaiting":null,"retries":0}', "lastMessageId" integer NOT NULL DEFAULT 0, "finishReason" character varying(24), "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_bot_sessions" PRIMARY KEY ("clientId"), CONSTRAINT "CHK_bot_sessions_status" CHECK ("status" IN ('active', 'finished')), CONSTRAINT "FK_bot_sessions_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_bot_sessions_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bot_sessions_company_started" ON "bot_sessions" ("companyId", "startedAt")`,
    );
    await queryRunner.query(
      `CREATE TABLE "message_bots" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "configId" integer NOT NULL, "clientId" integer NOT NULL, "nextDate" TIMESTAMP WITH TIME ZONE NOT NULL, "wasSent" boolean NOT NULL DEFAULT false, "sentAt" TIMESTAMP WITH TIME ZONE, "messageId" integer, "anchorMessageId" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_message_bots" PRIMARY KEY ("id"), CONSTRAINT "UQ_message_bots_config_client" UNIQUE ("configId", "clientId"), CONSTRAINT "FK_message_bots_config" FOREIGN KEY ("configId") REFERENCES "message_bot_configs"("id") ON DELETE CASCADE, CONSTRAINT "FK_message_bots_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_message_bots_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_message_bots_pending" ON "message_bots" ("nextDate") WHERE NOT "wasSent"`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_message_bots_client" ON "message_bots" ("clientId")`);
    await queryRunner.query(
      `CREATE TABLE "survey_requests" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "clientId" integer NOT NULL, "surveyConfigId" integer, "messageId" integer, "sentAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "answeredAt" TIMESTAMP WITH TIME ZONE, "value" integer, "optionText" text, "answerMessageId" integer, CONSTRAINT "PK_survey_requests" PRIMARY KEY ("id"), CONSTRAINT "FK_survey_requests_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_survey_requests_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_survey_requests_config" FOREIGN KEY ("surveyConfigId") REFERENCES "survey_configs"("id") ON DELETE SET NULL)`,
    );
    // One survey waiting per conversation; the answer is recorded once (the answer message's id is unique too).
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_survey_requests_open" ON "survey_requests" ("clientId") WHERE "answeredAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_survey_requests_answer" ON "survey_requests" ("answerMessageId") WHERE "answerMessageId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_survey_requests_company_answered" ON "survey_requests" ("companyId", "answeredAt")`,
    );
    // One welcome message per channel: the newest of any duplicates stays.
    await queryRunner.query(
      `DELETE FROM "welcome_messages" w USING "welcome_messages" n WHERE n."channelId" = w."channelId" AND n."id" > w."id"`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_welcome_messages_channel" ON "welcome_messages" ("channelId")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_message_bot_configs_channel_active" ON "message_bot_configs" ("channelId") WHERE "isActive"`,
    );
    // A welcome message or a follow-up bot sending a template sends it with its variables' values.
    for (const table of ['welcome_messages', 'message_bot_configs']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "variables" jsonb NOT NULL DEFAULT '[]'`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['welcome_messages', 'message_bot_configs']) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "variables"`);
    }
    await queryRunner.query(`DROP INDEX "IDX_message_bot_configs_channel_active"`);
    await queryRunner.query(`DROP INDEX "UQ_welcome_messages_channel"`);
    await queryRunner.query(`DROP TABLE "survey_requests"`);
    await queryRunner.query(`DROP TABLE "message_bots"`);
    await queryRunner.query(`DROP TABLE "bot_sessions"`);
    await queryRunner.query(`DROP TABLE "chatbot_menus"`);
  }
}
