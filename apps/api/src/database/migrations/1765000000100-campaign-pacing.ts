import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 18, the campaign dispatcher's rate: instead of fixed windows each granting a share of the rate
 * (`channel_send_windows`), each number hands out send times one interval apart (`channel_send_pace`). An
 * instance reserves the next times in one statement and calls at them; a time it could not keep is dropped, not
 * caught up. The windows had to keep two windows' worth of the rate back for calls that left late; evenly spaced
 * times keep back only the lateness allowed (docs/architecture.md, "Campaign dispatcher").
 */
export class CampaignPacing1765000000100 implements MigrationInterface {
  name = 'CampaignPacing1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "channel_send_windows"`);
    // Times are milliseconds since the epoch on the database's clock, shared by every instance.
    await queryRunner.query(
      `CREATE TABLE "channel_send_pace" ("channelId" integer NOT NULL, "nextAt" double precision NOT NULL, "reservedAt" double precision NOT NULL, "lastFirst" double precision NOT NULL, "lastCount" integer NOT NULL, CONSTRAINT "PK_channel_send_pace" PRIMARY KEY ("channelId"), CONSTRAINT "FK_channel_send_pace_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "channel_send_pace"`);
    await queryRunner.query(
      `CREATE TABLE "channel_send_windows" ("channelId" integer NOT NULL, "window" bigint NOT NULL, "used" integer NOT NULL DEFAULT 0, "lastGrant" integer NOT NULL DEFAULT 0, CONSTRAINT "PK_channel_send_windows" PRIMARY KEY ("channelId", "window"), CONSTRAINT "FK_channel_send_windows_channel" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE)`,
    );
  }
}
