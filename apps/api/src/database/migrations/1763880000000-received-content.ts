import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What customers send beyond new messages: an edit changes a stored message in place (messages.editedAt), and the
 * first ad, post or link a customer came from is kept on their conversation (clients.referral, jsonb) so that
 * statistics can count the conversations that ads started.
 */
export class ReceivedContent1763880000000 implements MigrationInterface {
  name = 'ReceivedContent1763880000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "messages" ADD "editedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "clients" ADD "referral" jsonb`);
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_company_referral" ON "clients" ("companyId", "createdAt") WHERE "referral" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_clients_company_referral"`);
    await queryRunner.query(`ALTER TABLE "clients" DROP COLUMN "referral"`);
    await queryRunner.query(`ALTER TABLE "messages" DROP COLUMN "editedAt"`);
  }
}
