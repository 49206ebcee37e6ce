import type { MigrationInterface, QueryRunner } from 'typeorm';

/** 02 §3 User.categories, §5 "User create": the categories a user works with (a user has many, as with spaces). */
export class UserCategories1763874000000 implements MigrationInterface {
  name = 'UserCategories1763874000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_categories" ("userId" integer NOT NULL, "categoryId" integer NOT NULL, CONSTRAINT "PK_5276dfeb5f8a30b06db59f7459f" PRIMARY KEY ("userId", "categoryId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_bf0025b51dced9b204795ae530" ON "user_categories" ("userId") `);
    await queryRunner.query(
      `CREATE INDEX "IDX_32453eeb41418302e5e2a5cbc2" ON "user_categories" ("categoryId") `,
    );
    // A deleted user or category takes its links with it.
    await queryRunner.query(
      `ALTER TABLE "user_categories" ADD CONSTRAINT "FK_bf0025b51dced9b204795ae5308" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_categories" ADD CONSTRAINT "FK_32453eeb41418302e5e2a5cbc2d" FOREIGN KEY ("categoryId") REFERENCES "categories"("id") ON DELETE CASCADE ON UPDATE CASCADE`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "user_categories"`);
  }
}
