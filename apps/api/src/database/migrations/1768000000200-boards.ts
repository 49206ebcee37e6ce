import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 21, 02 §3 Board, Column, Board contact: a company's sales pipelines. A board is shared with members (who
 * edit) and guests (who look); its columns hold contacts as cards in a dense order (0 … n−1) that the server keeps
 * under the board row's lock. Every table carries companyId (tenancy checks without a join); the board's rows go
 * with it.
 */
export class Boards1768000000200 implements MigrationInterface {
  name = 'Boards1768000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "boards" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "ownerId" integer NOT NULL, "name" character varying(80) NOT NULL, "description" character varying(500), "version" integer NOT NULL DEFAULT 0, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_boards" PRIMARY KEY ("id"), CONSTRAINT "FK_boards_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE, CONSTRAINT "FK_boards_owner" FOREIGN KEY ("ownerId") REFERENCES "users"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_boards_company" ON "boards" ("companyId")`);
    await queryRunner.query(
      `CREATE TABLE "board_users" ("boardId" integer NOT NULL, "userId" integer NOT NULL, "companyId" integer NOT NULL, "role" character varying(10) NOT NULL, CONSTRAINT "PK_board_users" PRIMARY KEY ("boardId", "userId"), CONSTRAINT "CHK_board_users_role" CHECK ("role" IN ('member', 'guest')), CONSTRAINT "FK_board_users_board" FOREIGN KEY ("boardId") REFERENCES "boards"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_users_user" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_users_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    // "The boards shared with me".
    await queryRunner.query(`CREATE INDEX "IDX_board_users_user" ON "board_users" ("userId")`);
    await queryRunner.query(
      `CREATE TABLE "board_columns" ("id" SERIAL NOT NULL, "boardId" integer NOT NULL, "companyId" integer NOT NULL, "name" character varying(80) NOT NULL, "description" character varying(500), "followUp" jsonb, "position" integer NOT NULL, CONSTRAINT "PK_board_columns" PRIMARY KEY ("id"), CONSTRAINT "FK_board_columns_board" FOREIGN KEY ("boardId") REFERENCES "boards"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_columns_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_board_columns_board" ON "board_columns" ("boardId", "position")`,
    );
    await queryRunner.query(
      `CREATE TABLE "board_items" ("id" SERIAL NOT NULL, "boardId" integer NOT NULL, "columnId" integer NOT NULL, "companyId" integer NOT NULL, "clientId" integer NOT NULL, "amount" numeric(12,2), "position" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_board_items" PRIMARY KEY ("id"), CONSTRAINT "UQ_board_items_board_client" UNIQUE ("boardId", "clientId"), CONSTRAINT "FK_board_items_board" FOREIGN KEY ("boardId") REFERENCES "boards"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_items_column" FOREIGN KEY ("columnId") REFERENCES "board_columns"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_items_client" FOREIGN KEY ("clientId") REFERENCES "clients"("id") ON DELETE CASCADE, CONSTRAINT "FK_board_items_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    // Positions are dense per column but not unique in the index: a move rewrites them inside one transaction.
    await queryRunner.query(
      `CREATE INDEX "IDX_board_items_column" ON "board_items" ("columnId", "position")`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_board_items_client" ON "board_items" ("clientId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "board_items"`);
    await queryRunner.query(`DROP TABLE "board_columns"`);
    await queryRunner.query(`DROP TABLE "board_users"`);
    await queryRunner.query(`DROP TABLE "boards"`);
  }
}
