import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 22, "Beyond one database": every tenant table is reachable by its company through an index. channels was
 * the one read by companyId (the channel list, every socket handshake's phone rooms) without one: a sequential scan
 * of every company's channels, growing with the number of companies.
 */
export class ChannelsCompanyIndex1768500000000 implements MigrationInterface {
  name = 'ChannelsCompanyIndex1768500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_channels_company" ON "channels" ("companyId")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "IDX_channels_company"`);
  }
}
