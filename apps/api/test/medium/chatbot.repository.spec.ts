import type { ChatbotMenu } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { ChatbotRepository } from '../../src/modules/chatbot/chatbot.repository';
import { testDatabase } from './database';
import { createChannel, createCompanyConversation, createConversation } from './fixtures';
import { createRole, createSpace, createUser } from './people';

const db = testDatabase();
const chatbot = new ChatbotRepository(db);

const MENU: ChatbotMenu = {
  greeting: 'Hola',
  options: [{ id: 'asesor', label: 'Asesor', action: { type: 'handover' } }],
};
const IDLE = { path: [], awaiting: null, retries: 0 };

async function customerMessage(c: { companyId: number; channelId: number; clientId: number }, at: Date) {
  const row = await db
    .insertInto('messages')
    .values({
      companyId: c.companyId,
      channelId: c.channelId,
      clientId: c.clientId,
      sender: 'CLIENT',
      time: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('ChatbotRepository', () => {
  it('keeps one menu per channel, replaced by the next save, and ends the sessions talking on it when deleted', async () => {
    const c = await createCompanyConversation(db, { companyName: 'Chatbot menus' });
    await chatbot.saveMenu(c.companyId, c.channelId, MENU);
    const replaced = await chatbot.saveMenu(c.companyId, c.channelId, { ...MENU, greeting: 'Buenas' });
    expect(replaced.menu.greeting).toBe('Buenas');
    const rows = await db
      .selectFrom('chatbot_menus')
      .selectAll()
      .where('channelId', '=', c.channelId)
      .execute();
    expect(rows).toHaveLength(1);

    await chatbot.transaction((trx) =>
      chatbot.startSession(trx, { ...c, state: IDLE, lastMessageId: 1, finishReason: null }, false),
    );
    expect(await chatbot.deleteMenu(c.channelId, 'end')).toEqual([c.clientId]);
    expect(await chatbot.deleteMenu(c.channelId, 'end')).toBeNull();
    expect(await chatbot.menuOf(c.channelId)).toBeUndefined();
    const session = await chatbot.transaction((trx) => chatbot.session(trx, c.clientId));
    expect(session).toMatchObject({ status: 'finished', finishReason: 'end' });
  });

  it('starts a session again over a finished one, and advances only an active one', async () => {
    const c = await createCompanyConversation(db, { companyName: 'Chatbot sessions' });
    const write = { ...c, state: IDLE, lastMessageId: 10, finishReason: null };
    await chatbot.transaction(async (trx) => {
      await chatbot.startSession(trx, write, false);
      expect(
        await chatbot.advanceSession(trx, { ...write, state: { ...IDLE, path: ['a'] }, lastMessageId: 11 }),
      ).toBe(true);
      expect(await chatbot.finishActive(trx, c.clientId, 'agent')).toBe(true);
      expect(await chatbot.finishActive(trx, c.clientId, 'agent')).toBe(false);
      // Finished by an agent meanwhile: the bot's late write changes nothing.
      expect(await chatbot.advanceSession(trx, { ...write, lastMessageId: 12 })).toBe(false);
    });
    const finished = await chatbot.transaction((trx) => chatbot.session(trx, c.clientId));
    expect(finished).toMatchObject({
      status: 'finished',
      finishReason: 'agent',
      lastMessageId: 11,
      afterDay: false,
    });
    expect(finished?.state).toEqual({ ...IDLE, path: ['a'] });

    await chatbot.transaction((trx) => chatbot.startSession(trx, { ...write, lastMessageId: 20 }, true));
    const again = await chatbot.transaction((trx) => chatbot.session(trx, c.clientId));
    expect(again).toMatchObject({
      status: 'active',
      finishReason: null,
      finishedAt: null,
      lastMessageId: 20,
      afterDay: true,
    });
    expect(again?.startedAt.getTime()).toBeGreaterThan(finished?.startedAt.getTime() ?? 0);
  });

  it("reads the customer's messages the bot has not answered, oldest first, and when the customer wrote before", async () => {
    const c = await createCompanyConversation(db, { companyName: 'Chatbot messages' });
    const day = new Date('2030-05-01T10:00:00Z');
    const first = await customerMessage(c, day);
    const second = await customerMessage(c, new Date(day.getTime() + 60_000));
    await db
      .insertInto('messages')
      .values({
        companyId: c.companyId,
        channelId: c.channelId,
        clientId: c.clientId,
        sender: 'BOT',
        time: day,
      })
      .execute();
    const third = await customerMessage(c, new Date(day.getTime() + 120_000));
    await chatbot.transaction(async (trx) => {
      const pending = await chatbot.customerMessagesBetween(trx, c.clientId, first, third);
      expect(pending.map((m) => m.id)).toEqual([second, third]);
      expect(await chatbot.previousCustomerMessageAt(trx, c.clientId, third)).toEqual(
        new Date(day.getTime() + 60_000),
      );
      expect(await chatbot.previousCustomerMessageAt(trx, c.clientId, first)).toBeNull();
    });
  });

  it("finds the disable-bot tags a conversation carries, and only the company's tags by id", async () => {
    const c = await createCompanyConversation(db, { companyName: 'Chatbot tags' });
    const other = await createCompanyConversation(db, { companyName: 'Chatbot tags ajena' });
    const tag = async (companyId: number, name: string) =>
      (
        await db
          .insertInto('tags')
          .values({ companyId, name, color: '#1677ff', key: `${companyId}-${name}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const quiet = await tag(c.companyId, 'Sin bot');
    const vip = await tag(c.companyId, 'VIP');
    const foreign = await tag(other.companyId, 'Ajena');
    await db.insertInto('client_tags').values({ clientId: c.clientId, tagId: vip }).execute();
    await chatbot.transaction(async (trx) => {
      expect(await chatbot.hasAnyTag(trx, c.clientId, [quiet])).toBe(false);
      expect(await chatbot.hasAnyTag(trx, c.clientId, [])).toBe(false);
      expect(await chatbot.hasAnyTag(trx, c.clientId, [quiet, vip])).toBe(true);
      expect(await chatbot.tagOfCompany(trx, c.companyId, foreign)).toBe(false);
    });
    expect(await chatbot.tagsAmong(c.companyId, [vip, quiet, foreign])).toEqual([
      { id: quiet, name: 'Sin bot', color: '#1677ff' },
      { id: vip, name: 'VIP', color: '#1677ff' },
    ]);
    const cold = await chatbot.predefinedTag(c.companyId, {
      name: 'Frío',
      color: '#13c2c2',
      key: `${c.companyId}-frío`,
    });
    expect(
      await chatbot.predefinedTag(c.companyId, {
        name: 'Frío',
        color: '#13c2c2',
        key: `${c.companyId}-frío`,
      }),
    ).toBe(cold);
  });

  it("offers a space's available agents with their load, never its admins nor another company's space", async () => {
    const c = await createCompanyConversation(db, { companyName: 'Chatbot espacio' });
    const space = await createSpace(db, c.companyId, 'Ventas');
    const agentRole = await createRole(db, c.companyId, 'agente', ['agent']);
    const adminRole = await createRole(db, c.companyId, 'admin', ['agent']);
    const ana = await createUser(db, c.companyId, agentRole, { name: 'Ana' });
    const beto = await createUser(db, c.companyId, agentRole, { name: 'Beto' });
    const jefa = await createUser(db, c.companyId, adminRole, { name: 'Jefa' });
    const away = await createUser(db, c.companyId, agentRole, { name: 'Ausente' });
    await db.updateTable('users').set({ isAvailable: false }).where('id', '=', away.id).execute();
    for (const user of [ana, beto, jefa, away]) {
      await db.insertInto('user_spaces').values({ userId: user.id, spaceId: space }).execute();
    }
    const channel = await createChannel(db, c.companyId, { spaceIds: [space] });
    await createConversation(db, c.companyId, channel, { agentId: beto.id });
    const other = await createCompanyConversation(db, { companyName: 'Chatbot espacio ajeno' });
    await chatbot.transaction(async (trx) => {
      const candidates = await chatbot.spaceCandidates(trx, c.companyId, space);
      expect(candidates.map(({ id, load }) => ({ id, load })).sort((a, b) => a.id - b.id)).toEqual([
        { id: ana.id, load: 0 },
        { id: beto.id, load: 1 },
      ]);
      expect(await chatbot.spaceCandidates(trx, other.companyId, space)).toEqual([]);
      expect(await chatbot.assignTarget(trx, ana.id, channel)).toMatchObject({
        companyId: c.companyId,
        isAvailable: true,
        seesChannel: true,
        workingHours: null,
      });
      expect(await chatbot.assignTarget(trx, ana.id, c.channelId)).toMatchObject({ seesChannel: false });
      expect(await chatbot.assignTarget(trx, jefa.id, c.channelId)).toMatchObject({ seesChannel: true });
    });
  });
});
