import { describe, expect, it } from 'vitest';
import { DemoSeedRepository } from '../../src/demo/demo-seed.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';

const db = testDatabase();
const demo = new DemoSeedRepository(db);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DemoSeedRepository', () => {
  it('serialises two seeding transactions on the advisory lock', async () => {
    const key = 900_000 + (process.pid % 1000);
    const order: string[] = [];
    let locked: () => void = () => undefined;
    const aHoldsIt = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const a = demo.transaction(async (trx) => {
      await demo.lock(trx, key);
      order.push('a in');
      locked();
      await pause(200);
      order.push('a out');
    });
    await aHoldsIt;
    const b = demo.transaction(async (trx) => {
      await demo.lock(trx, key);
      order.push('b in');
    });
    await Promise.all([a, b]);
    expect(order).toEqual(['a in', 'a out', 'b in']);
  });

  it('writes jsonb lists as JSON arrays and adds a tag key once', async () => {
    const company = await createTestCompany(db);
    await demo.insertDatasheetField(db, {
      companyId: company,
      name: 'Ciudad',
      type: 'list',
      options: ['CDMX', 'Monterrey'],
      key: `${company}:ciudad`,
    });
    const field = await db
      .selectFrom('datasheet_fields')
      .select('options')
      .where('companyId', '=', company)
      .executeTakeFirst();
    expect(field?.options).toEqual(['CDMX', 'Monterrey']);
    const tag = { companyId: company, name: 'VIP', color: '#faad14', key: `${company}:vip` };
    await demo.insertTag(db, tag);
    await demo.insertTag(db, { ...tag, color: '#000000' });
    const tags = await db.selectFrom('tags').select('color').where('companyId', '=', company).execute();
    expect(tags).toEqual([{ color: '#faad14' }]);
  });

  it('summarises a conversation after each message: a customer’s opens the window, an agent’s answers', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company, { platform: 'sandbox' });
    const started = new Date('2030-01-01T10:00:00Z');
    const clientId = await demo.insertClient(db, {
      companyId: company,
      channelId: channel,
      key: `${channel}-5215511112222`,
      senderId: '5215511112222',
      name: 'María',
      nameFromChannel: 'María',
      cleanedName: 'maria',
      agentId: null,
      whatsappStartedAt: started,
      windowExpiresAt: new Date(started.getTime() + 86_400_000),
    });
    const send = async (sender: 'CLIENT' | 'AGENT', content: string, time: Date, unread: number) => {
      const message = {
        companyId: company,
        clientId,
        channelId: channel,
        content,
        sender,
        senderUserId: null,
        messageStatus: sender === 'CLIENT' ? null : 'viewed',
        messageApiId: `demo-${company}-${content}`,
        time,
      };
      const id = await demo.insertMessage(db, message);
      await demo.summarise(db, clientId, { ...message, id }, unread);
      return id;
    };
    const read = () =>
      db
        .selectFrom('clients')
        .select([
          'lastMessageId',
          'lastMessage',
          'lastMessageSender',
          'lastMessageStatus',
          'lastUpdate',
          'unreadMessagesCount',
          'answered',
          'whatsappLastMessageAt',
          'windowExpiresAt',
        ])
        .where('id', '=', clientId)
        .executeTakeFirstOrThrow();

    const asked = new Date('2030-01-01T10:05:00Z');
    const first = await send('CLIENT', 'Hola', asked, 1);
    expect(await read()).toEqual({
      lastMessageId: first,
      lastMessage: 'Hola',
      lastMessageSender: 'CLIENT',
      lastMessageStatus: null,
      lastUpdate: asked,
      unreadMessagesCount: 1,
      answered: false,
      whatsappLastMessageAt: asked,
      windowExpiresAt: new Date(asked.getTime() + 86_400_000),
    });
    const replied = new Date('2030-01-01T10:06:00Z');
    const second = await send('AGENT', 'Buenas', replied, 0);
    expect(await read()).toEqual({
      lastMessageId: second,
      lastMessage: 'Buenas',
      lastMessageSender: 'AGENT',
      lastMessageStatus: 'viewed',
      lastUpdate: replied,
      unreadMessagesCount: 0,
      answered: true,
      whatsappLastMessageAt: asked,
      windowExpiresAt: new Date(asked.getTime() + 86_400_000),
    });
  });
});
