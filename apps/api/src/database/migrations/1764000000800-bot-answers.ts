import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, the bot report (02 §7 GET /botFlow/clienInfo, 01 §3 "Bot custom field": flowId, fieldName, value,
 * createdAtClient, senderId): every answer the menu bot stored in a data-sheet field, as it was given — the field's
 * value may be changed later by an agent, the report keeps what the customer told the bot.
 */
export class BotAnswers1764000000800 implements MigrationInterface {
  name = 'BotAnswers1764000000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "bot_answers" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "clientId" integer NOT NULL, "fieldId" integer, "fieldName" character varying(255) NOT NULL, "value" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bot_answers" PRIMARY KEY ("id"), CONSTRAINT "FK_bot_answers_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_bot_answers_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_bot_answers_company_created" ON "bot_answers" ("companyId", "createdAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "bot_answers"`);
  }
}
