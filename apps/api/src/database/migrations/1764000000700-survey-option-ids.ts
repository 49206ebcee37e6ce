import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, surveys: a survey option's id names it across the company (POST /api/survey/options deletes options by
 * id alone, 02 §7), so new options take their ids from one sequence. It starts above every id already stored (the
 * demo's options are numbered from 1 per survey) and above 1000, so a fresh option never repeats an older one.
 */
export class SurveyOptionIds1764000000700 implements MigrationInterface {
  name = 'SurveyOptionIds1764000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE SEQUENCE "survey_option_ids" START WITH 1001`);
    await queryRunner.query(
      `SELECT setval('survey_option_ids', greatest(1000, coalesce(max((o->>'id')::bigint), 0)))
         FROM "survey_configs" s, jsonb_array_elements(s.options) o WHERE jsonb_typeof(o->'id') = 'number'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP SEQUENCE "survey_option_ids"`);
  }
}
