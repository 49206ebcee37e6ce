import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17, the menu chatbot: whether a conversation's bot session was started again for a customer who came back
 * after more than 24 hours (the company's isBotActiveAfterDay), which hands over under isBotAutoAssignActiveAfterDay
 * rather than isBotAutoAssignActive.
 */
export class ChatbotSessions1764000000400 implements MigrationInterface {
  name = 'ChatbotSessions1764000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bot_sessions" ADD "afterDay" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bot_sessions" DROP COLUMN "afterDay"`);
  }
}
