import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox's working data: tags on conversations, data-sheet fields and values, scheduled follow-up messages,
 * quick answers, WhatsApp templates, survey configs, and company settings with the CRM webhook.
 */
export class Inbox1763800000000 implements MigrationInterface {
  name = 'Inbox1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "datasheet_fields" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(80) NOT NULL, "type" character varying(10) NOT NULL, "options" jsonb NOT NULL DEFAULT '[]', "key" character varying(100) NOT NULL, "isDefault" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_6860bdf4bf332e605cea1ec2ad4" UNIQUE ("key"), CONSTRAINT "PK_e767e8a432bfd012fdb941d20b7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_datasheet_fields_company" ON "datasheet_fields"  ("companyId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "client_infos" ("id" SERIAL NOT NULL, "clientId" integer NOT NULL, "fieldId" integer NOT NULL, "value" text NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0c3cacd28966edaf6d8a8e94430" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_client_infos_field" ON "client_infos"  ("fieldId")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_client_infos_client_field" ON "client_infos"  ("clientId", "fieldId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "follow_up_messages" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "clientId" integer NOT NULL, "channelId" integer NOT NULL, "agentId" integer, "content" text NOT NULL DEFAULT '', "sendAt" TIMESTAMP WITH TIME ZONE NOT NULL, "templateId" integer, "variables" jsonb NOT NULL DEFAULT '[]', "file" jsonb, "status" character varying(12) NOT NULL DEFAULT 'scheduled', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2dc798715c7e6213934c9dc1c35" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_follow_up_messages_client" ON "follow_up_messages"  ("clientId")`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_follow_up_messages_due" ON "follow_up_messages"  ("sendAt") WHERE "status" = 'scheduled'`,
    );
    await queryRunner.query(
      `CREATE TABLE "quick_answers" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "spaceId" integer NOT NULL, "shortcut" character varying(60) NOT NULL, "text" text NOT NULL, "file" jsonb, "lastUse" TIMESTAMP WITH TIME ZONE, "frecuency" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_d6942d17b0724a135f2e3abf947" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_quick_answers_space_shortcut" ON "quick_answers"  ("spaceId", "shortcut")`,
    );
    await queryRunner.query(
      `CREATE TABLE "survey_configs" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "initText" text NOT NULL, "isActive" boolean NOT NULL DEFAULT true, "options" jsonb NOT NULL DEFAULT '[]', CONSTRAINT "PK_f0b1ee76d509fc3d215a9d68044" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_survey_configs_channel" ON "survey_configs"  ("channelId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "tags" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(60) NOT NULL, "color" character varying(9) NOT NULL, "key" character varying(80) NOT NULL, "isDefault" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_cdb7ffe043cd36ca55f73f5bba7" UNIQUE ("key"), CONSTRAINT "PK_e7dc17249a1148a1970748eda99" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_tags_company" ON "tags"  ("companyId")`);
    await queryRunner.query(
      `CREATE TABLE "client_tags" ("clientId" integer NOT NULL, "tagId" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c5856630c0a99d5add1e1a1c014" PRIMARY KEY ("clientId", "tagId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_client_tags_tag" ON "client_tags"  ("tagId", "clientId")`);
    await queryRunner.query(
      `CREATE TABLE "whatsapp_templates" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "name" character varying(512) NOT NULL, "language" character varying(10) NOT NULL DEFAULT 'es', "status" character varying(12) NOT NULL DEFAULT 'submitted', "type" character varying(20) NOT NULL DEFAULT 'NORMAL_TEMPLATE', "category" character varying(12) NOT NULL DEFAULT 'utility', "components" jsonb NOT NULL DEFAULT '[]', "variables" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_73154f2b6ebc019bc3461ee14eb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_whatsapp_templates_channel_name" ON "whatsapp_templates"  ("channelId", "name", "language")`,
    );
    await queryRunner.query(`ALTER TABLE "companies" ADD "settings" jsonb NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "crmWebhookUrl" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "crmWebhookSecret" text`);
    await queryRunner.query(
      `ALTER TABLE "datasheet_fields" ADD CONSTRAINT "FK_056dbe75678c441ab6a70be6d07" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "client_infos" ADD CONSTRAINT "FK_3f7975d0fbff6e778c4fe54c4a1" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "client_infos" ADD CONSTRAINT "FK_29faa33da7db06f7cb15cdfede4" FOREIGN KEY ("fieldId") REFERENCES "datasheet_fields"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "follow_up_messages" ADD CONSTRAINT "FK_a2b4a454ce721ff4f1a470cbb16" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "quick_answers" ADD CONSTRAINT "FK_816e65df2e99b52e052ad7b35f7" FOREIGN KEY ("spaceId") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tags" ADD CONSTRAINT "FK_40d3284c7c060f75caee62cf940" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "client_tags" ADD CONSTRAINT "FK_e5db6595d44586e8feb455b0e05" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "client_tags" ADD CONSTRAINT "FK_791b5674da2aed22b0096ff9449" FOREIGN KEY ("tagId") REFERENCES "tags"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "FK_6bbb8ed09f8496d5e1e327690c9" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "datasheet_fields"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_datasheet_fields_company"`);
    await queryRunner.query(`DROP TABLE "client_infos"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_infos_field"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_client_infos_client_field"`);
    await queryRunner.query(`DROP TABLE "follow_up_messages"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_follow_up_messages_client"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_follow_up_messages_due"`);
    await queryRunner.query(`DROP TABLE "quick_answers"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_quick_answers_space_shortcut"`);
    await queryRunner.query(`DROP TABLE "survey_configs"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_survey_configs_channel"`);
    await queryRunner.query(`DROP TABLE "tags"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_tags_company"`);
    await queryRunner.query(`DROP TABLE "client_tags"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_client_tags_tag"`);
    await queryRunner.query(`DROP TABLE "whatsapp_templates"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_whatsapp_templates_channel_name"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "settings"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "crmWebhookUrl"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "crmWebhookSecret"`);
    await queryRunner.query(
      `ALTER TABLE "datasheet_fields" DROP CONSTRAINT "FK_056dbe75678c441ab6a70be6d07"`,
    );
    await queryRunner.query(`ALTER TABLE "client_infos" DROP CONSTRAINT "FK_3f7975d0fbff6e778c4fe54c4a1"`);
    await queryRunner.query(`ALTER TABLE "client_infos" DROP CONSTRAINT "FK_29faa33da7db06f7cb15cdfede4"`);
    await queryRunner.query(
      `ALTER TABLE "follow_up_messages" DROP CONSTRAINT "FK_a2b4a454ce721ff4f1a470cbb16"`,
    );
    await queryRunner.query(`ALTER TABLE "quick_answers" DROP CONSTRAINT "FK_816e65df2e99b52e052ad7b35f7"`);
    await queryRunner.query(`ALTER TABLE "tags" DROP CONSTRAINT "FK_40d3284c7c060f75caee62cf940"`);
    await queryRunner.query(`ALTER TABLE "client_tags" DROP CONSTRAINT "FK_e5db6595d44586e8feb455b0e05"`);
    await queryRunner.query(`ALTER TABLE "client_tags" DROP CONSTRAINT "FK_791b5674da2aed22b0096ff9449"`);
    await queryRunner.query(
      `ALTER TABLE "whatsapp_templates" DROP CONSTRAINT "FK_6bbb8ed09f8496d5e1e327690c9"`,
    );
  }
}
