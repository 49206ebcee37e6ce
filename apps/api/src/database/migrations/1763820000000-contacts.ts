import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The contacts panel (issue 5): 'Últimos Creados' pages read an index in creation order, as the inbox does by activity. */
export class Contacts1763820000000 implements MigrationInterface {
  name = 'Contacts1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "IDX_clients_company_created_at" ON "clients" ("companyId", "createdAt", "id")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "public"."IDX_clients_company_created_at"`);
  }
}
