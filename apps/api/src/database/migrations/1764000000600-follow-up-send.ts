import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, scheduled sends proven exactly once:
 * - follow_up_messages: what the send left on the follow-up — the message it became and when, or why it could not
 *   go (a closed window for free text, a template no longer accepted), which the conversation panel shows instead
 *   of retrying forever.
 * - messages."sendStartedAt": set just before the provider is called and cleared when it refuses. Still set with no
 *   provider id on a later try, it says an earlier try may have reached the provider and died before recording
 *   its answer: the send job then waits for the provider's status webhook (which names our message) instead of
 *   sending blindly again.
 */
export class FollowUpSend1764000000600 implements MigrationInterface {
  name = 'FollowUpSend1764000000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "follow_up_messages" ADD "messageId" integer, ADD "sentAt" TIMESTAMP WITH TIME ZONE, ADD "failureReason" text`,
    );
    await queryRunner.query(`ALTER TABLE "messages" ADD "sendStartedAt" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "messages" DROP COLUMN "sendStartedAt"`);
    await queryRunner.query(
      `ALTER TABLE "follow_up_messages" DROP COLUMN "failureReason", DROP COLUMN "sentAt", DROP COLUMN "messageId"`,
    );
  }
}
