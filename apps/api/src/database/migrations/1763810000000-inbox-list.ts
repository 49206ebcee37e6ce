import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox list at a million conversations (bench/inbox-list): lastUpdate never null, so ORDER BY "lastUpdate"
 * DESC, id DESC is the list indexes read backwards and a keyset page stops after its rows; keyword search (a
 * substring match) through trigram indexes instead of a scan.
 */
export class InboxList1763810000000 implements MigrationInterface {
  name = 'InboxList1763810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "clients" SET "lastUpdate" = "createdAt" WHERE "lastUpdate" IS NULL`);
    await queryRunner.query(`ALTER TABLE "clients" ALTER COLUMN "lastUpdate" SET DEFAULT now()`);
    await queryRunner.query(`ALTER TABLE "clients" ALTER COLUMN "lastUpdate" SET NOT NULL`);
    // A btree on cleanedName cannot serve '%…%'; the trigram index below does.
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_clients_cleaned_name"`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_cleaned_name_trgm" ON "clients" USING gin ("cleanedName" gin_trgm_ops)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_sender_trgm" ON "clients" USING gin ("senderId" gin_trgm_ops)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_clients_sender_trgm"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_clients_cleaned_name_trgm"`);
    await queryRunner.query(`CREATE INDEX "IDX_clients_cleaned_name" ON "clients" ("cleanedName")`);
    await queryRunner.query(`ALTER TABLE "clients" ALTER COLUMN "lastUpdate" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "clients" ALTER COLUMN "lastUpdate" DROP DEFAULT`);
  }
}
