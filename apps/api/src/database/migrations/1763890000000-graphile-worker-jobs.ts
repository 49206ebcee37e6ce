import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Jobs move to Graphile Worker (its own schema `graphile_worker`, installed by `runMigrations` before this runs).
 * `job_keys` keeps what Graphile's job keys do not: a singleton key refuses a second job even after the first
 * has run (one send per message). Keys in use and jobs not yet done (with the tries they have left) are carried
 * over; the old `jobs` table goes.
 */
export class GraphileWorkerJobs1763890000000 implements MigrationInterface {
  name = 'GraphileWorkerJobs1763890000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "job_keys" ("key" character varying(200) NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_job_keys" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_job_keys_createdAt" ON "job_keys" ("createdAt")`);
    await queryRunner.query(
      `INSERT INTO "job_keys" ("key", "createdAt") SELECT "singletonKey", "createdAt" FROM "jobs" WHERE "singletonKey" IS NOT NULL`,
    );
    await queryRunner.query(
      `SELECT graphile_worker.add_job("queue", "payload"::json, run_at => "runAt", max_attempts => greatest("maxAttempts" - "attempts", 1))
       FROM "jobs" WHERE "doneAt" IS NULL ORDER BY "id"`,
    );
    await queryRunner.query(`DROP TABLE "jobs"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "jobs" ("id" BIGSERIAL NOT NULL, "queue" character varying(60) NOT NULL, "payload" jsonb NOT NULL, "runAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "attempts" integer NOT NULL DEFAULT '0', "maxAttempts" integer NOT NULL DEFAULT '8', "lockedUntil" TIMESTAMP WITH TIME ZONE, "lockedBy" character varying(80), "lastError" text, "singletonKey" character varying(200), "doneAt" TIMESTAMP WITH TIME ZONE, "failed" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_18618b1218e6ce4201e16ac1013" UNIQUE ("singletonKey"), CONSTRAINT "PK_cf0a6c42b72fcc7f7c237def345" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_jobs_ready" ON "jobs"  ("queue", "runAt") WHERE "doneAt" IS NULL`,
    );
    // Keys come back as finished jobs so they still refuse duplicates; Graphile's pending jobs stay in its schema.
    await queryRunner.query(
      `INSERT INTO "jobs" ("queue", "payload", "singletonKey", "doneAt", "createdAt")
       SELECT 'job-key', '{}', "key", "createdAt", "createdAt" FROM "job_keys"`,
    );
    await queryRunner.query(`DROP TABLE "job_keys"`);
  }
}
