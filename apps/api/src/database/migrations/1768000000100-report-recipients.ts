import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 20, 01 §3 Report e-mail recipient: who receives a company's statistics by e-mail and how often. One
 * e-mail receives a company's report once (case aside); the digest job reads the active ones every hour.
 */
export class ReportRecipients1768000000100 implements MigrationInterface {
  name = 'ReportRecipients1768000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "report_recipients" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, "frequency" character varying(16) NOT NULL, "email" character varying(320) NOT NULL, "isActive" boolean NOT NULL DEFAULT true, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_report_recipients" PRIMARY KEY ("id"), CONSTRAINT "CHK_report_recipients_frequency" CHECK ("frequency" IN ('DAILY', 'WEEKLY', 'MONTHLY')), CONSTRAINT "FK_report_recipients_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_report_recipients_company_lower_email" ON "report_recipients" ("companyId", lower("email"))`,
    );
    // The digest's scan: active recipients only.
    await queryRunner.query(
      `CREATE INDEX "IDX_report_recipients_active" ON "report_recipients" ("companyId") WHERE "isActive"`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "report_recipients"`);
  }
}
