import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 16, WhatsApp templates as a capability:
 * - whatsapp_templates keeps what the provider says of each template: its id (webhooks and syncs find the row by
 *   it), the account it lives in (a webhook whose id was lost to a JSON number still finds it by account, name and
 *   language), its raw status and reason, when that status was reported (late deliveries are ordered by it), and
 *   whether the company created it here (only those count against the 02 §9 limit) or it was imported. Existing
 *   rows stay valid: they read as imported templates the provider has not spoken about yet.
 * - whatsapp_template_media: a header file uploaded for a template, our public copy and the provider's handle;
 *   the creation call names the file by our URL and the handle is looked up here.
 * - welcome_messages and message_bot_configs (02 §3), which the bots issue fills: the delete guard of 02 §4 reads
 *   them already. Their templateId is set to null if a template goes anyway (a channel deleted with its templates).
 */
export class WhatsappTemplates1763900000000 implements MigrationInterface {
  name = 'WhatsappTemplates1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "whatsapp_templates" ADD "providerTemplateId" character varying(64), ADD "providerAccountId" character varying(64), ADD "rawStatus" character varying(24), ADD "reason" character varying(500), ADD "statusAt" TIMESTAMP WITH TIME ZONE, ADD "origin" character varying(10) NOT NULL DEFAULT 'imported', ADD "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_whatsapp_templates_provider_id" ON "whatsapp_templates" ("providerTemplateId") WHERE "providerTemplateId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_whatsapp_templates_account" ON "whatsapp_templates" ("providerAccountId", "name", "language") WHERE "providerAccountId" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_whatsapp_templates_company" ON "whatsapp_templates" ("companyId", "createdAt")`,
    );

    await queryRunner.query(
      `CREATE TABLE "whatsapp_template_media" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "url" character varying(1000) NOT NULL, "storageKey" character varying(300) NOT NULL, "handle" text NOT NULL, "mimeType" character varying(100) NOT NULL, "fileName" character varying(255) NOT NULL, "size" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_whatsapp_template_media" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_whatsapp_template_media_url" ON "whatsapp_template_media" ("companyId", "url")`,
    );
    await queryRunner.query(
      `ALTER TABLE "whatsapp_template_media" ADD CONSTRAINT "FK_whatsapp_template_media_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "whatsapp_template_media" ADD CONSTRAINT "FK_whatsapp_template_media_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );

    await queryRunner.query(
      `CREATE TABLE "welcome_messages" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "text" text NOT NULL DEFAULT '', "isActive" boolean NOT NULL DEFAULT false, "useInWorkingHours" boolean NOT NULL DEFAULT false, "templateId" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_welcome_messages" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "message_bot_configs" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "content" text NOT NULL DEFAULT '', "isActive" boolean NOT NULL DEFAULT false, "timeLapseInSeconds" integer NOT NULL DEFAULT 0, "templateId" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_message_bot_configs" PRIMARY KEY ("id"))`,
    );
    for (const table of ['welcome_messages', 'message_bot_configs']) {
      await queryRunner.query(`CREATE INDEX "IDX_${table}_template" ON "${table}" ("templateId")`);
      await queryRunner.query(`CREATE INDEX "IDX_${table}_channel" ON "${table}" ("channelId")`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
      );
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "FK_${table}_template" FOREIGN KEY ("templateId") REFERENCES "whatsapp_templates"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
      );
    }
    // The delete guard counts a template's scheduled follow-ups.
    await queryRunner.query(
      `CREATE INDEX "IDX_follow_up_messages_template" ON "follow_up_messages" ("templateId") WHERE "templateId" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_follow_up_messages_template"`);
    await queryRunner.query(`DROP TABLE "message_bot_configs"`);
    await queryRunner.query(`DROP TABLE "welcome_messages"`);
    await queryRunner.query(`DROP TABLE "whatsapp_template_media"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_whatsapp_templates_company"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_whatsapp_templates_account"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_whatsapp_templates_provider_id"`);
    await queryRunner.query(
      `ALTER TABLE "whatsapp_templates" DROP COLUMN "updatedAt", DROP COLUMN "origin", DROP COLUMN "statusAt", DROP COLUMN "reason", DROP COLUMN "rawStatus", DROP COLUMN "providerAccountId", DROP COLUMN "providerTemplateId"`,
    );
  }
}
