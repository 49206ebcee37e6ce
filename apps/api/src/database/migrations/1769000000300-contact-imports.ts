import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, a crash mid-import: each import and each of its rows are recorded, a row's outcome committed in the
 * same transaction as its contact. A process killed halfway leaves an import whose heartbeat stops; it is then
 * reported as interrupted, with the rows written (created or duplicated) and the rows never reached (pending).
 */
export class ContactImports1769000000300 implements MigrationInterface {
  name = 'ContactImports1769000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "contact_imports" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "userId" integer, "channelId" integer NOT NULL, "fileName" character varying(255) NOT NULL, "status" character varying(16) NOT NULL DEFAULT 'running', "total" integer NOT NULL, "created" integer NOT NULL DEFAULT 0, "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "heartbeatAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "finishedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_contact_imports" PRIMARY KEY ("id"), CONSTRAINT "CHK_contact_imports_status" CHECK ("status" IN ('running', 'finished', 'interrupted')), CONSTRAINT "FK_contact_imports_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_contact_imports_user" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL, CONSTRAINT "FK_contact_imports_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_contact_imports_company_user" ON "contact_imports" ("companyId", "userId", "id")`,
    );
    // The sweep of stopped imports reads only the running ones.
    await queryRunner.query(
      `CREATE INDEX "IDX_contact_imports_running" ON "contact_imports" ("heartbeatAt") WHERE "status" = 'running'`,
    );
    await queryRunner.query(
      `CREATE TABLE "contact_import_rows" ("importId" integer NOT NULL, "companyId" integer NOT NULL, "row" integer NOT NULL, "number" text NOT NULL, "status" character varying(16) NOT NULL, "message" text, CONSTRAINT "PK_contact_import_rows" PRIMARY KEY ("importId", "row"), CONSTRAINT "CHK_contact_import_rows_status" CHECK ("status" IN ('pendiente', 'creado', 'duplicado', 'error')), CONSTRAINT "FK_contact_import_rows_import" FOREIGN KEY ("importId") REFERENCES "contact_imports"("id") ON DELETE CASCADE)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "contact_import_rows"`);
    await queryRunner.query(`DROP TABLE "contact_imports"`);
  }
}
