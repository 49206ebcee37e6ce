import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19, WhatsApp number linking: how each linked channel came (360dialog Connect's channel id, or the Cloud API
 * number of Meta's embedded signup with the registration PIN, sealed), so linking the same number again finds the
 * same channel; the business profile last sent for a channel (01 §3); and the expert session a company booked
 * through the scheduling link (support is mailed once).
 */
export class WhatsappLinking1767000000000 implements MigrationInterface {
  name = 'WhatsappLinking1767000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "whatsapp_links" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "channelId" integer NOT NULL, "provider" character varying(20) NOT NULL, "externalId" character varying(100) NOT NULL, "clientId" character varying(100), "wabaId" character varying(100), "pin" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_whatsapp_links" PRIMARY KEY ("id"), CONSTRAINT "UQ_whatsapp_links_external" UNIQUE ("provider", "externalId"), CONSTRAINT "UQ_whatsapp_links_channel" UNIQUE ("channelId"), CONSTRAINT "FK_whatsapp_links_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_whatsapp_links_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "whatsapp_business_profiles" ("channelId" integer NOT NULL, "companyId" integer NOT NULL, "about" character varying(256) NOT NULL DEFAULT '', "website" character varying(256) NOT NULL DEFAULT '', "vertical" character varying(40) NOT NULL DEFAULT '', "email" character varying(128) NOT NULL DEFAULT '', "description" character varying(512) NOT NULL DEFAULT '', "address" character varying(256) NOT NULL DEFAULT '', "photoUrl" text, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_whatsapp_business_profiles" PRIMARY KEY ("channelId"), CONSTRAINT "FK_whatsapp_business_profiles_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE, CONSTRAINT "FK_whatsapp_business_profiles_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "whatsapp_linking_bookings" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "onboardingId" uuid, "eventStartTime" TIMESTAMP WITH TIME ZONE, "inviteeEmail" character varying(254), "inviteeName" character varying(200), "eventUri" character varying(500), "mailedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_whatsapp_linking_bookings" PRIMARY KEY ("id"), CONSTRAINT "UQ_whatsapp_linking_bookings_company" UNIQUE ("companyId"), CONSTRAINT "FK_whatsapp_linking_bookings_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_whatsapp_linking_bookings_onboarding" FOREIGN KEY ("onboardingId") REFERENCES "onboarding_in_process"("id") ON DELETE SET NULL)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "whatsapp_linking_bookings"`);
    await queryRunner.query(`DROP TABLE "whatsapp_business_profiles"`);
    await queryRunner.query(`DROP TABLE "whatsapp_links"`);
  }
}
