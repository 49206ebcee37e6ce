import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19 onboarding: the sign-up record a visitor fills step by step (01 §3 OnboardingInProcess), resumable by
 * its id. The id is a random uuid because a URL carrying it resumes the record. An e-mail has at most one
 * unfinished record; a finished one keeps its companyId and stays as the history of the sign-up.
 */
export class Onboarding1766000000000 implements MigrationInterface {
  name = 'Onboarding1766000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "onboarding_in_process" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "email" character varying(254) NOT NULL, "name" character varying(120), "planName" character varying(20), "step" character varying(40) NOT NULL DEFAULT 'name', "prevStep" character varying(40), "businessName" character varying(120), "businessCategory" character varying(40), "businessWeb" character varying(300), "hasWebsite" boolean, "score" double precision NOT NULL DEFAULT 0, "location" character varying(200), "country" character varying(60), "device" character varying(10), "connSpeedMBps" double precision, "phone" character varying(20), "isUseNewPhone" boolean, "messages" integer, "agents" integer, "referralCode" character varying(60), "needHelpAt" TIMESTAMP WITH TIME ZONE, "videoSentAt" TIMESTAMP WITH TIME ZONE, "companyId" integer, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_onboarding_in_process" PRIMARY KEY ("id"), CONSTRAINT "CHK_onboarding_device" CHECK ("device" IN ('mobile', 'desktop')))`,
    );
    // One unfinished record per e-mail, whatever its case (finished ones may repeat: a closed company signs up again).
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_onboarding_unfinished_email" ON "onboarding_in_process" (lower("email")) WHERE "companyId" IS NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_onboarding_company" ON "onboarding_in_process" ("companyId") WHERE "companyId" IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "onboarding_in_process" ADD CONSTRAINT "FK_onboarding_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "onboarding_in_process" DROP CONSTRAINT "FK_onboarding_company"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_onboarding_company"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_onboarding_unfinished_email"`);
    await queryRunner.query(`DROP TABLE "onboarding_in_process"`);
  }
}
