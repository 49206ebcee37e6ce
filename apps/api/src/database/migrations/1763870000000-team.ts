import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 6 team: each user's working hours (02 §3) and the company's own seat limits (02 §6). */
export class Team1763870000000 implements MigrationInterface {
  name = 'Team1763870000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_working_hours" ("userId" integer NOT NULL, "timezone" character varying(60) NOT NULL, "isActive" boolean NOT NULL DEFAULT false, "days" jsonb NOT NULL, "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_user_working_hours" PRIMARY KEY ("userId"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_working_hours" ADD CONSTRAINT "FK_0f0845a7d7fb0d3f1c82a7706ce" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    // Null: the plan's default (shared PLAN_TEAM_LIMITS); the subscription writes the purchased figures here.
    await queryRunner.query(`ALTER TABLE "companies" ADD "usersLimit" integer`);
    await queryRunner.query(`ALTER TABLE "companies" ADD "adminsLimit" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_users_company" ON "users" ("companyId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_users_company"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "adminsLimit"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "usersLimit"`);
    await queryRunner.query(`DROP TABLE "user_working_hours"`);
  }
}
