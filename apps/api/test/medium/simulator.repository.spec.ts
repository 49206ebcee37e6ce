import { describe, expect, it } from 'vitest';
import { SimulatorRepository } from '../../src/modules/sandbox/simulator.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';

const db = testDatabase();
const simulator = new SimulatorRepository(db);

describe('SimulatorRepository', () => {
  it('reads the newest messages of the conversation with a client key, newest first, up to the limit', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company, { platform: 'sandbox' });
    const client = (from: string) => createConversation(db, company, channel, { senderId: from });
    const mine = await client('5215500000001');
    const theirs = await client('5215500000002');
    const message = (clientId: number, content: string, time: string) => ({
      companyId: company,
      channelId: channel,
      clientId,
      content,
      sender: 'CLIENT' as const,
      time: new Date(time),
    });
    await db
      .insertInto('messages')
      .values([
        message(mine, 'uno', '2024-01-01T10:00:00Z'),
        message(mine, 'tres', '2024-01-01T10:02:00Z'),
        message(mine, 'dos-a', '2024-01-01T10:01:00Z'),
        message(mine, 'dos-b', '2024-01-01T10:01:00Z'),
        message(theirs, 'otro', '2024-01-01T10:05:00Z'),
      ])
      .execute();

    const rows = await simulator.latestMessages(`${channel}-5215500000001`, 3);
    expect(rows.map((m) => m.content)).toEqual(['tres', 'dos-b', 'dos-a']);
    expect(rows[0]).toMatchObject({ clientId: mine, sender: 'CLIENT', seen: false });
    expect(rows[0].time).toBeInstanceOf(Date);
    expect(await simulator.latestMessages(`${channel}-000`, 3)).toEqual([]);
  });
});
