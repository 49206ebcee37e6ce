import 'reflect-metadata';
import { afterAll, beforeAll } from 'vitest';
import { closeTestSql, testSql } from './sql';

// Files run one after another in one process against one database: a job an earlier file queued and never ran
// (a send, a retry) must not be taken by this file's workers and sent to this file's fake provider.
beforeAll(async () => {
  await testSql().query(
    `DELETE FROM graphile_worker._private_jobs WHERE locked_at IS NULL OR locked_at < now() - interval '1 second'`,
  );
});

afterAll(closeTestSql);
