import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Case-insensitive uniqueness in the database, as the services already check it: a quick answer's shortcut per
 * space ('/Hola' and '/hola' are one shortcut, 02 §3) and a space's name per company (lower(btrim(name))).
 * Two concurrent saves differing only in case both passed the services' check under the raw indexes.
 */
export class CaseInsensitiveUniques1763876000000 implements MigrationInterface {
  name = 'CaseInsensitiveUniques1763876000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Rows that a race let in already: the oldest keeps its value, a later one gets its id appended (within the
    // column's length), so the new indexes can be built and nothing is lost.
    await queryRunner.query(
      `UPDATE "quick_answers" q SET "shortcut" = left(q."shortcut", 60 - length('_' || q.id)) || '_' || q.id
        WHERE EXISTS (SELECT 1 FROM "quick_answers" o
                       WHERE o."spaceId" = q."spaceId" AND lower(o."shortcut") = lower(q."shortcut") AND o.id < q.id)`,
    );
    await queryRunner.query(
      `UPDATE "spaces" s SET "name" = left(btrim(s."name"), 120 - length(' (' || s.id || ')')) || ' (' || s.id || ')'
        WHERE EXISTS (SELECT 1 FROM "spaces" o
                       WHERE o."companyId" = s."companyId" AND lower(btrim(o."name")) = lower(btrim(s."name"))
                         AND o.id < s.id)`,
    );
    await queryRunner.query(`DROP INDEX "public"."UQ_quick_answers_space_shortcut"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_quick_answers_space_lower_shortcut" ON "quick_answers" ("spaceId", lower("shortcut"))`,
    );
    await queryRunner.query(`DROP INDEX "public"."UQ_spaces_company_name"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_spaces_company_lower_name" ON "spaces" ("companyId", lower(btrim("name")))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."UQ_spaces_company_lower_name"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_spaces_company_name" ON "spaces" ("companyId", "name")`);
    await queryRunner.query(`DROP INDEX "public"."UQ_quick_answers_space_lower_shortcut"`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_quick_answers_space_shortcut" ON "quick_answers" ("spaceId", "shortcut")`,
    );
  }
}
