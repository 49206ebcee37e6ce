import { describe, expect, it } from 'vitest';
import { jsonb } from '../../src/database/jsonb';
import { MessagesRepository, type NewMessage } from '../../src/modules/messages/messages.repository';
import { testDatabase } from './database';
import { type CompanyConversation, createCompanyConversation } from './fixtures';
import { createRole, createUser } from './people';

const db = testDatabase();
const messages = new MessagesRepository(db);

let seq = 0;
const conversation = (senderId = '5215511111111') =>
  createCompanyConversation(db, { platform: 'messenger', senderId });

async function insert(c: CompanyConversation, fields: Partial<NewMessage> = {}) {
  seq += 1;
  return db
    .insertInto('messages')
    .values({
      companyId: c.companyId,
      channelId: c.channelId,
      clientId: c.clientId,
      sender: 'AGENT',
      content: `m${seq}`,
      time: new Date('2026-01-10T10:00:00Z'),
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const client = (id: number) =>
  db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('MessagesRepository', () => {
  it('lists a conversation newest first, ties by id, with skip and take', async () => {
    const c = await conversation();
    const a = await insert(c, { time: new Date('2026-01-10T10:00:00Z') });
    const b = await insert(c, { time: new Date('2026-01-10T11:00:00Z') });
    const d = await insert(c, { time: new Date('2026-01-10T11:00:00Z') });
    expect((await messages.page(c.clientId, 0, 10)).map((m) => m.id)).toEqual([d.id, b.id, a.id]);
    expect((await messages.page(c.clientId, 1, 1)).map((m) => m.id)).toEqual([b.id]);
    expect(await messages.findInConversation(a.id, c.clientId + 1)).toBeUndefined();
    expect((await messages.findByIds([a.id, d.id])).map((m) => m.id).sort()).toEqual([a.id, d.id].sort());
  });

  it('applies a status at a higher rank only, keeping a failure code only on failure', async () => {
    const c = await conversation();
    const m = await insert(c, { messageApiId: `mid.${seq}`, messageStatus: 'sent' });
    await messages.setLastMessage(db, c.clientId, {
      lastMessageId: m.id,
      lastMessage: 'x',
      lastMessageStatus: 'sent',
      lastMessageSender: 'AGENT',
      lastUpdate: m.time,
    });
    const status = (s: string, errorCode: string | null = null) =>
      messages.applyStatus(c.channelId, m.messageApiId ?? '', {
        status: s,
        errorCode,
        errorInfo: errorCode && 'boom',
        windowExpiration: null,
      });
    expect(await status('viewed', 'E1')).toEqual({
      id: m.id,
      clientId: c.clientId,
      messageStatus: 'viewed',
      errorCode: null,
      errorInfo: null,
    });
    expect(await status('delivered')).toBeUndefined();
    expect(await messages.existsByProviderId(c.channelId, m.messageApiId ?? '')).toBe(true);
    expect(await messages.existsByProviderId(c.channelId, 'mid.unknown')).toBe(false);
    expect(await status('failed', 'E2')).toMatchObject({
      messageStatus: 'failed',
      errorCode: 'E2',
      errorInfo: 'boom',
    });
    // The conversation's line follows at an equal or higher rank.
    const window = new Date('2026-02-01T00:00:00Z');
    expect(
      await messages.followStatus({ id: m.id, clientId: c.clientId, messageStatus: 'failed' }, window),
    ).toEqual({
      companyId: c.companyId,
      agentId: null,
      groupAdminId: null,
      lastMessageStatus: 'failed',
    });
    expect((await client(c.clientId)).windowExpiresAt?.toISOString()).toBe(window.toISOString());
    expect(
      await messages.followStatus({ id: m.id, clientId: c.clientId, messageStatus: 'delivered' }, null),
    ).toMatchObject({
      lastMessageStatus: 'failed',
    });
    expect((await client(c.clientId)).windowExpiresAt?.toISOString()).toBe(window.toISOString());
    expect(await messages.statusOf(m.id)).toMatchObject({ messageStatus: 'failed' });
  });

  it('applies a watermark to our messages of that person up to it, or named by the receipt', async () => {
    const c = await conversation('psid-1');
    const before = await insert(c, { messageApiId: `mid.a${seq}`, time: new Date('2026-01-10T10:00:00Z') });
    const after = await insert(c, { messageApiId: `mid.b${seq}`, time: new Date('2026-01-10T12:00:00Z') });
    const named = await insert(c, { messageApiId: `mid.c${seq}`, time: new Date('2026-01-10T12:00:00Z') });
    await insert(c, {
      sender: 'CLIENT',
      messageApiId: `mid.d${seq}`,
      time: new Date('2026-01-10T09:00:00Z'),
    });
    await insert(c, { messageApiId: null, time: new Date('2026-01-10T09:00:00Z') });
    const rows = await messages.applyWatermark(
      c.channelId,
      'psid-1',
      new Date('2026-01-10T11:00:00Z'),
      'delivered',
      [named.messageApiId ?? ''],
    );
    expect(rows.map((r) => r.id).sort()).toEqual([before.id, named.id].sort());
    expect(rows.every((r) => r.messageStatus === 'delivered')).toBe(true);
    expect((await messages.findById(after.id))?.messageStatus).toBeNull();
    // Not twice at the same rank; another person's conversation is not touched.
    expect(
      await messages.applyWatermark(c.channelId, 'psid-1', new Date('2026-01-10T11:00:00Z'), 'delivered', []),
    ).toEqual([]);
    expect(
      await messages.applyWatermark(c.channelId, 'psid-2', new Date('2026-01-11T00:00:00Z'), 'viewed', []),
    ).toEqual([]);
  });

  it('applies the latest edit of a customer message only, and a revoke once', async () => {
    const c = await conversation();
    const m = await insert(c, { sender: 'CLIENT', messageApiId: `mid.e${seq}`, content: 'hola' });
    const quote = await insert(c, { quotedMsgId: m.id, quotedMsgBody: 'hola' });
    const api = m.messageApiId ?? '';
    expect(
      await messages.applyEdit(c.channelId, api, 'hola 2', new Date('2026-01-10T10:02:00Z')),
    ).toMatchObject({
      content: 'hola 2',
    });
    expect(
      await messages.applyEdit(c.channelId, api, 'hola 1', new Date('2026-01-10T10:01:00Z')),
    ).toBeUndefined();
    await messages.setQuotedBody(m.id, 'hola 2');
    expect((await messages.findById(quote.id))?.quotedMsgBody).toBe('hola 2');
    const revoked = await messages.applyRevoke(c.channelId, api, new Date('2026-01-10T10:03:00Z'));
    expect(revoked).toMatchObject({
      messageStatus: 'deleted',
      content: '',
      payload: { deletedBy: 'CLIENT', deletedAt: '2026-01-10T10:03:00.000Z' },
    });
    expect(await messages.applyRevoke(c.channelId, api, new Date())).toBeUndefined();
    expect(await messages.applyEdit(c.channelId, api, 'x', new Date('2026-01-10T10:09:00Z'))).toBeUndefined();
    // An agent's message is never the customer's to change.
    const ours = await insert(c, { messageApiId: `mid.f${seq}` });
    expect(await messages.applyRevoke(c.channelId, ours.messageApiId ?? '', new Date())).toBeUndefined();
  });

  it("follows a change in the conversation's line only when it is the last message", async () => {
    const c = await conversation();
    const m = await insert(c);
    const other = await insert(c);
    await messages.setLastMessage(db, c.clientId, {
      lastMessageId: m.id,
      lastMessage: 'antes',
      lastMessageStatus: null,
      lastMessageSender: 'CLIENT',
      lastUpdate: m.time,
    });
    expect(await messages.followChange(other, 'otro')).toEqual({
      companyId: c.companyId,
      agentId: null,
      groupAdminId: null,
    });
    expect((await client(c.clientId)).lastMessage).toBe('antes');
    await messages.followChange(m, 'después');
    expect((await client(c.clientId)).lastMessage).toBe('después');
    await messages.deleteForTeam(other, 'Mensaje eliminado');
    expect((await client(c.clientId)).lastMessage).toBe('después');
    await messages.deleteForTeam(m, 'Mensaje eliminado');
    expect((await client(c.clientId)).lastMessage).toBe('Mensaje eliminado');
    expect(await messages.findById(m.id)).toMatchObject({
      messageStatus: 'deleted',
      content: '',
      payload: null,
    });
  });

  it('changes a file only from the state read: of racing retries one wins', async () => {
    const c = await conversation();
    const m = await insert(c, {
      sender: 'CLIENT',
      messageApiId: `mid.g${seq}`,
      payload: jsonb({ file: { status: 'failed', url: null, name: 'a.pdf' }, referral: { source: 'ad' } }),
    });
    expect(await messages.pendingFileId(c.channelId, m.messageApiId ?? '')).toBeUndefined();
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        messages.transaction((trx) =>
          messages.updateFile(m.id, 'failed', { status: 'pending', error: null }, trx),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await messages.pendingFileId(c.channelId, m.messageApiId ?? '')).toBe(m.id);
    const ready = await messages.updateFile(m.id, 'pending', { status: 'ready', key: 'k', weight: 3 });
    expect(ready?.payload).toEqual({
      file: { status: 'ready', url: null, name: 'a.pdf', error: null, key: 'k', weight: 3 },
      referral: { source: 'ad' },
    });
    expect(await messages.updateFile(m.id, 'pending', { status: 'failed' })).toBeUndefined();
    // A file that never had a state (null) is matched by null.
    const legacy = await insert(c, { payload: jsonb({ file: { providerMediaId: 'x' } }) });
    expect(await messages.updateFile(legacy.id, null, { status: 'pending' })).toMatchObject({
      payload: { file: { providerMediaId: 'x', status: 'pending' } },
    });
    const text = await insert(c, { payload: null });
    expect(await messages.updateFile(text.id, null, { status: 'pending' })).toBeUndefined();
  });

  it('writes an outbound message with its conversation line in one transaction', async () => {
    const c = await conversation();
    const values = {
      companyId: c.companyId,
      clientId: c.clientId,
      channelId: c.channelId,
      sender: 'AGENT' as const,
      content: 'hola',
      payload: jsonb({ file: { url: 'u' } }),
      messageStatus: 'pending',
      time: new Date('2026-01-10T10:00:00Z'),
    };
    await expect(
      messages.transaction(async (trx) => {
        const saved = await messages.insertOutbound(trx, values);
        await messages.setLastMessage(trx, c.clientId, {
          lastMessageId: saved.id,
          lastMessage: 'hola',
          lastMessageStatus: 'pending',
          lastMessageSender: 'AGENT',
          lastUpdate: saved.time,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await messages.page(c.clientId, 0, 10)).toEqual([]);
    expect((await client(c.clientId)).lastMessageId).toBeNull();
    const saved = await messages.transaction((trx) => messages.insertOutbound(trx, values));
    expect(saved).toMatchObject({
      seen: false,
      type: 'text',
      payload: { file: { url: 'u' } },
      createdAt: expect.any(Date),
    });
    expect(await messages.recipient(c.clientId)).toBe('5215511111111');
    expect(await messages.recipient(-1)).toBeUndefined();
  });

  it('marks read (every unseen customer message) and unread (only the last one), with the counter', async () => {
    const c = await conversation();
    const roleId = await createRole(db, c.companyId, 'Agente');
    const user = await createUser(db, c.companyId, roleId);
    const first = await insert(c, { sender: 'CLIENT', time: new Date('2026-01-10T10:00:00Z') });
    const last = await insert(c, { sender: 'CLIENT', time: new Date('2026-01-10T10:00:00Z') });
    const ours = await insert(c, { time: new Date('2026-01-10T11:00:00Z') });
    await db.updateTable('clients').set({ unreadMessagesCount: 2 }).where('id', '=', c.clientId).execute();
    await messages.markRead(c.clientId, user.id);
    expect((await client(c.clientId)).unreadMessagesCount).toBe(0);
    for (const id of [first.id, last.id]) {
      expect(await messages.findById(id)).toMatchObject({
        seen: true,
        seenById: user.id,
        seenAt: expect.any(Date),
      });
    }
    expect((await messages.findById(ours.id))?.seen).toBe(false);
    await messages.markUnread(c.clientId, 1);
    expect((await client(c.clientId)).unreadMessagesCount).toBe(1);
    expect(await messages.findById(last.id)).toMatchObject({ seen: false, seenById: null, seenAt: null });
    expect((await messages.findById(first.id))?.seen).toBe(true);
  });

  it("reads the agent's signature setting and the channel's template in the language asked first", async () => {
    const c = await conversation();
    const roleId = await createRole(db, c.companyId, 'Agente');
    const user = await createUser(db, c.companyId, roleId, { name: 'Ana' });
    expect(await messages.agentSignature(user.id, true)).toEqual({ name: 'Ana', on: true });
    await db
      .updateTable('companies')
      .set({ settings: jsonb({ isAgentNameInMessageActive: false }) })
      .where('id', '=', c.companyId)
      .execute();
    expect(await messages.agentSignature(user.id, true)).toEqual({ name: 'Ana', on: false });
    expect(await messages.agentSignature(-1, true)).toBeUndefined();

    const template = (language: string, variables: number) =>
      db
        .insertInto('whatsapp_templates')
        .values({ companyId: c.companyId, channelId: c.channelId, name: 'bienvenida', language, variables })
        .execute();
    await template('en', 1);
    await template('es', 2);
    expect(await messages.templateForSend(c.channelId, 'bienvenida', 'es')).toMatchObject({ variables: 2 });
    expect(await messages.templateForSend(c.channelId, 'bienvenida', 'pt')).toMatchObject({ variables: 1 });
    expect(await messages.templateForSend(c.channelId, 'otra', 'es')).toBeUndefined();
    expect(await messages.audience(c.clientId)).toEqual({
      companyId: c.companyId,
      agentId: null,
      groupAdminId: null,
    });
  });
});
