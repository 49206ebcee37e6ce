import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18, broadcast campaigns (01 §3 Campaign, 02 §3 Campaign list view). A campaign keeps a snapshot of its
 * template (the template may change or be deleted after the campaign is created). Each recipient is a row with a
 * unique (campaign, contact) key and its own state: the provider call for it happens at most once (pending →
 * sending is committed before the call; 'check' is a call whose outcome a crash left unknown). A recipient's
 * delivery status is its message's, through the inbox's status pipeline. `channel_send_windows` holds the grants
 * of each number's rate, shared by every instance that dispatches its campaigns.
 */
export class Campaigns1765000000000 implements MigrationInterface {
  name = 'Campaigns1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "campaigns" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "name" character varying(120) NOT NULL, "type" character varying(16) NOT NULL DEFAULT 'TAG', "tagIds" integer[] NOT NULL, "conjunction" character varying(16), "templateId" integer, "template" jsonb NOT NULL, "fileUrl" text, "sendAt" TIMESTAMP WITH TIME ZONE NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'SCHEDULED', "campaignTagId" integer, "totalCost" numeric(14,4) NOT NULL DEFAULT 0, "currentMessageLimit" integer, "total" integer NOT NULL DEFAULT 0, "sent" integer NOT NULL DEFAULT 0, "failed" integer NOT NULL DEFAULT 0, "createdBy" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastSendAt" TIMESTAMP WITH TIME ZONE, "finishedAt" TIMESTAMP WITH TIME ZONE, "deletedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_campaigns" PRIMARY KEY ("id"), CONSTRAINT "FK_campaigns_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_campaigns_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE, CONSTRAINT "FK_campaigns_template" FOREIGN KEY ("templateId") REFERENCES "whatsapp_templates"("id") ON DELETE SET NULL, CONSTRAINT "FK_campaigns_tag" FOREIGN KEY ("campaignTagId") REFERENCES "tags"("id") ON DELETE SET NULL, CONSTRAINT "FK_campaigns_creator" FOREIGN KEY ("createdBy") REFERENCES "users"("id") ON DELETE SET NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaigns_company_created" ON "campaigns" ("companyId", "createdAt" DESC) WHERE "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaigns_channel_active" ON "campaigns" ("channelId", "id") WHERE "status" = 'IN_PROGRESS' AND "deletedAt" IS NULL`,
    );
    await queryRunner.query(
      `CREATE TABLE "campaign_recipients" ("id" BIGSERIAL NOT NULL, "campaignId" integer NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "clientId" integer NOT NULL, "phone" character varying(32) NOT NULL, "country" character varying(2), "cost" numeric(10,4) NOT NULL DEFAULT 0, "state" character varying(12) NOT NULL DEFAULT 'pending', "messageId" integer, "claimedAt" TIMESTAMP WITH TIME ZONE, "retryAt" TIMESTAMP WITH TIME ZONE, "checkedAt" TIMESTAMP WITH TIME ZONE, "sentAt" TIMESTAMP WITH TIME ZONE, "errorCode" character varying(64), "errorTitle" text, CONSTRAINT "PK_campaign_recipients" PRIMARY KEY ("id"), CONSTRAINT "UQ_campaign_recipients_contact" UNIQUE ("campaignId", "clientId"), CONSTRAINT "FK_campaign_recipients_campaign" FOREIGN KEY ("campaignId") REFERENCES "campaigns"("id") ON DELETE CASCADE, CONSTRAINT "FK_campaign_recipients_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_campaign_recipients_message" FOREIGN KEY ("messageId") REFERENCES "messages"("id") ON DELETE SET NULL)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_recipients_pending" ON "campaign_recipients" ("campaignId", "id") WHERE "state" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_recipients_unsettled" ON "campaign_recipients" ("channelId", "claimedAt") WHERE "state" IN ('sending', 'check')`,
    );
    // The rolling 24 h of a number's daily tier counts what was claimed on it.
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_recipients_channel_claimed" ON "campaign_recipients" ("channelId", "claimedAt") WHERE "claimedAt" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_campaign_recipients_message" ON "campaign_recipients" ("messageId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "channel_send_windows" ("channelId" integer NOT NULL, "window" bigint NOT NULL, "used" integer NOT NULL DEFAULT 0, "lastGrant" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_channel_send_windows" PRIMARY KEY ("channelId", "window"), CONSTRAINT "FK_channel_send_windows_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
    // The number's campaign throughput (messages per second); null: the provider's, else 80 (01 §9, issue 18).
    await queryRunner.query(`ALTER TABLE "channels" ADD "campaignRate" integer`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channels" DROP COLUMN "campaignRate"`);
    await queryRunner.query(`DROP TABLE "channel_send_windows"`);
    await queryRunner.query(`DROP TABLE "campaign_recipients"`);
    await queryRunner.query(`DROP TABLE "campaigns"`);
  }
}
