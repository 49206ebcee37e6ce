import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19, 01 §2.6: a company on a custom payment arrangement (agreed with sales, paid outside the product) never
 * sees the subscription payment banner. Set by the operator; the original product kept a list of ids in code.
 * "whatsappLinkedAt": when the company first linked a WhatsApp number (any path, the sandbox's included): a first
 * payment made before it leads to linking (AWAITING_WA_VINCULATION), one made after it does not.
 */
export class CustomPayment1767000000100 implements MigrationInterface {
  name = 'CustomPayment1767000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" ADD "isCustomPayment" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "whatsappLinkedAt" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "whatsappLinkedAt"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "isCustomPayment"`);
  }
}
