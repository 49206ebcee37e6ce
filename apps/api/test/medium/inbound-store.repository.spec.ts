import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { createDatabase } from '../../src/database/kysely';
import {
  type AsideMessage,
  type InboundMessage,
  InboundStoreRepository,
} from '../../src/modules/messages/inbound-store.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';

const db = testDatabase();
const store = new InboundStoreRepository(db);

let seq = 0;
function inbound(companyId: number, channelId: number, fields: Partial<InboundMessage> = {}): InboundMessage {
  seq += 1;
  const senderId = fields.senderId ?? '5215511111111';
  const time = fields.time ?? new Date('2026-01-10T10:00:00Z');
  return {
    companyId,
    channelId,
    key: `${channelId}-${senderId}`,
    senderId,
    name: senderId,
    nameFromChannel: null,
    cleanedName: senderId,
    type: 'text',
    content: `hola ${seq}`,
    payload: null,
    messageApiId: `wamid.${process.pid}.${seq}`,
    time,
    windowExpiresAt: new Date(time.getTime() + 86_400_000),
    lastMessage: `hola ${seq}`,
    quotedMessageApiId: null,
    referral: null,
    ...fields,
  };
}

function aside(companyId: number, channelId: number, fields: Partial<AsideMessage> = {}): AsideMessage {
  seq += 1;
  const senderId = fields.senderId ?? '5215511111111';
  return {
    companyId,
    channelId,
    key: `${channelId}-${senderId}`,
    senderId,
    name: senderId,
    nameFromChannel: null,
    cleanedName: senderId,
    type: 'text',
    content: `eco ${seq}`,
    payload: { echo: true },
    messageApiId: `wamid.aside.${process.pid}.${seq}`,
    sender: 'AGENT',
    messageStatus: 'sent',
    time: new Date('2026-01-10T12:00:00Z'),
    echo: true,
    lastMessage: `eco ${seq}`,
    referral: null,
    ...fields,
  };
}

const conversation = (key: string) =>
  db.selectFrom('clients').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('InboundStoreRepository', () => {
  it('stores a message once: a redelivery stores nothing and counts no unread', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const message = inbound(company, channel, { payload: { file: { status: 'pending' } } });
    const first = await store.storeMessage(message);
    expect(first?.inserted).toBe(true);
    expect(first?.message).toMatchObject({
      content: message.content,
      sender: 'CLIENT',
      clientId: first?.client.id,
    });
    expect(first?.message.time).toBeInstanceOf(Date);
    expect(first?.message.payload).toEqual({ file: { status: 'pending' } });
    expect(first?.client).toMatchObject({
      unreadMessagesCount: 1,
      lastMessageId: first?.message.id,
      companyId: company,
    });
    expect(first?.extras).toEqual({ agent: null, category: null, tags: [] });
    expect(await store.storeMessage(message)).toBeUndefined();
    const rows = await db.selectFrom('messages').select('id').where('channelId', '=', channel).execute();
    expect(rows).toHaveLength(1);
    expect((await conversation(message.key)).unreadMessagesCount).toBe(1);
  });

  it('puts racing first messages of a new contact in one conversation, each stored once', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const messages = Array.from({ length: 8 }, () =>
      inbound(company, channel, { senderId: '5215522222222' }),
    );
    // Each delivered twice at the same moment.
    const results = await Promise.all([...messages, ...messages].map((m) => store.storeMessage(m)));
    expect(results.filter(Boolean)).toHaveLength(8);
    expect(results.filter((r) => r?.inserted)).toHaveLength(1);
    const clients = await db
      .selectFrom('clients')
      .select(['id', 'unreadMessagesCount'])
      .where('channelId', '=', channel)
      .execute();
    expect(clients).toEqual([{ id: expect.any(Number), unreadMessagesCount: 8 }]);
    const stored = await db
      .selectFrom('messages')
      .select('clientId')
      .where('channelId', '=', channel)
      .execute();
    expect(stored.map((m) => m.clientId)).toEqual(Array(8).fill(clients[0].id));
  });

  it('retries once when the conversation it numbered lost its key to a racing first message', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const message = inbound(company, channel, { senderId: '5215566666666' });
    let storing: Promise<unknown> = Promise.resolve();
    // The racing first message: its conversation is not committed yet when this one looks for the key.
    const winner = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('clients')
        .values({ companyId: company, channelId: channel, senderId: message.senderId, key: message.key })
        .returning('id')
        .executeTakeFirstOrThrow();
      storing = store.storeMessage(message);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return row.id;
    });
    const stored = (await storing) as Awaited<ReturnType<typeof store.storeMessage>>;
    expect(stored).toMatchObject({ inserted: false, client: { id: winner, unreadMessagesCount: 1 } });
    expect(stored?.message.clientId).toBe(winner);
  });

  it('is a named prepared statement of the connection that ran it', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    // A pool of its own, used one statement at a time: the same connection runs both.
    const own = createDatabase(inject('databaseUrl'));
    try {
      await new InboundStoreRepository(own).storeMessage(inbound(company, channel));
      const { rows } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(own);
      expect(rows.map((r) => r.name)).toContain('inbound-store-message');
    } finally {
      await own.destroy();
    }
  });

  it('keeps the newer last message when an older one arrives late, takes the profile name, quotes by provider id', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const newer = await store.storeMessage(
      inbound(company, channel, { time: new Date('2026-01-10T10:05:00Z') }),
    );
    const older = inbound(company, channel, {
      time: new Date('2026-01-10T10:00:00Z'),
      nameFromChannel: 'Ana',
      name: 'Ana',
      cleanedName: 'ana',
      quotedMessageApiId: newer?.message.messageApiId ?? null,
    });
    const late = await store.storeMessage(older);
    expect(late?.inserted).toBe(false);
    expect(late?.message).toMatchObject({
      quotedMsgId: newer?.message.id,
      quotedMsgBody: newer?.message.content,
    });
    expect(late?.client).toMatchObject({
      unreadMessagesCount: 2,
      lastMessageId: newer?.message.id,
      name: 'Ana',
      nameFromChannel: 'Ana',
    });
    expect(late?.client.lastUpdate.toISOString()).toBe('2026-01-10T10:05:00.000Z');
  });

  it('returns an archived conversation to the inbox unless the company keeps it archived', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const first = inbound(company, channel);
    await store.storeMessage(first);
    await db.updateTable('clients').set({ isArchived: true }).where('key', '=', first.key).execute();
    await store.storeMessage(inbound(company, channel));
    expect((await conversation(first.key)).isArchived).toBe(false);

    const keeping = await createTestCompany(db);
    await db
      .updateTable('companies')
      .set({ settings: jsonb({ canReturnInboxConversation: false }) })
      .where('id', '=', keeping)
      .execute();
    const other = await createChannel(db, keeping);
    const m = inbound(keeping, other);
    await store.storeMessage(m);
    await db.updateTable('clients').set({ isArchived: true }).where('key', '=', m.key).execute();
    await store.storeMessage(inbound(keeping, other));
    expect((await conversation(m.key)).isArchived).toBe(true);
  });

  it('stores an echo as the last word (answered, no unread) and a notice without touching the last message', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const customer = inbound(company, channel, { time: new Date('2026-01-10T11:00:00Z') });
    const stored = await store.storeMessage(customer);
    const echo = await store.storeAside(aside(company, channel));
    expect(echo).toMatchObject({ clientId: stored?.client.id, inserted: false });
    expect(await conversation(customer.key)).toMatchObject({
      lastMessageId: echo?.messageId,
      lastMessageSender: 'AGENT',
      lastMessageStatus: 'sent',
      answered: true,
      unreadMessagesCount: 1,
    });
    const notice = aside(company, channel, {
      sender: 'SYSTEM',
      messageStatus: null,
      echo: false,
      payload: null,
      time: new Date('2026-01-10T13:00:00Z'),
    });
    const noticed = await store.storeAside(notice);
    expect(noticed?.messageId).toBeGreaterThan(echo?.messageId ?? 0);
    expect(await store.storeAside(notice)).toBeUndefined();
    expect(await conversation(customer.key)).toMatchObject({
      lastMessageId: echo?.messageId,
      answered: true,
    });
    const row = await db
      .selectFrom('messages')
      .select(['sender', 'payload', 'messageStatus'])
      .where('id', '=', noticed?.messageId ?? 0)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sender: 'SYSTEM', payload: null, messageStatus: null });
  });

  it('creates the conversation of a notice from an unknown number, unread 0', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const notice = aside(company, channel, {
      senderId: '5215533333333',
      sender: 'SYSTEM',
      echo: false,
      messageStatus: null,
    });
    const row = await store.storeAside(notice);
    expect(row?.inserted).toBe(true);
    expect(await conversation(notice.key)).toMatchObject({
      id: row?.clientId,
      unreadMessagesCount: 0,
      answered: false,
    });
  });

  it('moves a conversation to a new number unless the new number has one, and says which', async () => {
    const company = await createTestCompany(db);
    const channel = await createChannel(db, company);
    const old = inbound(company, channel, { senderId: '5215544444444' });
    const stored = await store.storeMessage(old);
    const newKey = `${channel}-5215555555555`;
    expect(await store.conversationExists(old.key)).toBe(true);
    expect(await store.conversationExists(newKey)).toBe(false);
    const rename = () => ({ name: '5215555555555', cleanedName: '5215555555555' });
    expect(await store.moveToNumber(`${channel}-0`, newKey, '5215555555555', rename)).toEqual({
      result: 'no-conversation',
    });
    expect(await store.moveToNumber(old.key, newKey, '5215555555555', rename)).toEqual({
      result: 'moved',
      clientId: stored?.client.id,
    });
    expect(await conversation(newKey)).toMatchObject({
      id: stored?.client.id,
      senderId: '5215555555555',
      name: '5215555555555',
    });
    expect(await store.conversationExists(old.key)).toBe(false);

    const again = await store.storeMessage(inbound(company, channel, { senderId: '5215544444444' }));
    expect(await store.moveToNumber(old.key, newKey, '5215555555555', rename)).toEqual({
      result: 'number-taken',
      clientId: again?.client.id,
    });
  });
});
