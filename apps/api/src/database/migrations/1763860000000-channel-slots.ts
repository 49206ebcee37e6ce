import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 6 channels: the linked-device slot of a sandbox channel (02 §7 getQR, getChannelStatus, logoutSlot). */
export class ChannelSlots1763860000000 implements MigrationInterface {
  name = 'ChannelSlots1763860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "channel_slots" ("channelId" integer NOT NULL, "companyId" integer NOT NULL, "name" character varying(120) NOT NULL, "status" character varying(20) NOT NULL DEFAULT 'LOGGING', "pairingCodeHash" character varying(64), "pairingExpiresAt" TIMESTAMP WITH TIME ZONE, "chatHistoryTime" character varying(20), "linkedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_91b6e321a2909de85a213083060" PRIMARY KEY ("channelId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_channel_slots_company" ON "channel_slots"  ("companyId") `);
    await queryRunner.query(
      `ALTER TABLE "channel_slots" ADD CONSTRAINT "FK_91b6e321a2909de85a213083060" FOREIGN KEY ("channelId") REFERENCES "channels"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "channel_slots" DROP CONSTRAINT "FK_91b6e321a2909de85a213083060"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_channel_slots_company"`);
    await queryRunner.query(`DROP TABLE "channel_slots"`);
  }
}
