import { randomUUID } from 'node:crypto';
import { CHATBOT_BACK_ID, CHATBOT_MESSAGES, type ChatbotMenu } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotCompany,
  botCompany,
  type CustomerMessage,
  conversationOf,
  customerButton,
  customerListReply,
  customerText,
  deliver,
  eventually,
  gqlOk,
  graphSendsTo,
  newPhone,
  settled,
} from './bot-company-kit';
import { gql, login } from './helpers';
import { type InboxTestApp, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { DEMO_WA_PHONE_NUMBER_ID, postWhatsapp, whatsappFixture } from './webhook-helpers';

// Issue 17 "Menu chatbot": a company's WhatsApp Cloud channel with a menu, customers writing in through Meta's
// signed webhooks (text, reply buttons, list rows), and every message the bot sends as the fake Graph API received it.

let t: InboxTestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startInboxTestApp();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

const SAVE = `mutation($channelId: Int!, $menu: JSON!) {
  saveChatbotMenu(channelId: $channelId, menu: $menu) { channelId menu updatedAt } }`;
const READ = `query($channelId: Int!) { chatbotMenu(channelId: $channelId) { channelId menu } }`;
const DELETE = `mutation($channelId: Int!) { deleteChatbotMenu(channelId: $channelId) }`;
const SWITCH = `mutation($id: Int!, $on: Boolean!) { setChannelChatbot(id: $id, useChatbot: $on) { id useChatbot } }`;
const SETTINGS = `mutation($input: CompanySettingsInput!) {
  updateCompanySettings(input: $input) { disableBotTagIds isBotActiveAfterDay isBotAutoAssignActiveAfterDay } }`;

const GREETING = '¡Hola! Soy el asistente de la tienda. ¿En qué te ayudo?';
const QUESTION = '¿Cuándo es tu cumpleaños? (DD/MM/AAAA)';

interface Shop extends BotCompany {
  fieldId: number;
  tagId: number;
}

function menuOf(shop: { fieldId: number; tagId: number }): ChatbotMenu {
  return {
    greeting: GREETING,
    invalidText: 'No te entendí. Elige una opción:',
    handoverText: 'Te paso con un asesor.',
    options: [
      {
        id: 'horarios',
        label: 'Horarios',
        action: { type: 'reply', text: 'Abrimos de 9 a 18 h.', after: 'menu' },
      },
      {
        id: 'cumple',
        label: 'Mi cumpleaños',
        action: { type: 'question', text: QUESTION, fieldKey: String(shop.fieldId), after: 'menu' },
      },
      {
        id: 'ventas',
        label: 'Ventas',
        action: {
          type: 'submenu',
          text: 'Ventas: ¿qué buscas?',
          options: [
            {
              id: 'mayoreo',
              label: 'Mayoreo',
              action: { type: 'tag', tagId: shop.tagId, text: 'Anotado: mayoreo.', after: 'menu' },
            },
            {
              id: 'catalogo',
              label: 'Catálogo',
              action: { type: 'reply', text: 'Te mando el catálogo.', after: 'end' },
            },
          ],
        },
      },
      { id: 'asesor', label: 'Hablar con un asesor', action: { type: 'handover' } },
    ],
  };
}

/** A company whose channel has the menu above and its chatbot switched on. */
async function shop(label: string): Promise<Shop> {
  const company = await botCompany(t, label);
  const [{ id: fieldId }] = await t.ds.query(
    `INSERT INTO datasheet_fields ("companyId", name, type, key) VALUES ($1, 'Cumpleaños', 'date', $2) RETURNING id`,
    [company.companyId, `${company.companyId}-cumpleaños`],
  );
  const [{ id: tagId }] = await t.ds.query(
    `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'Mayoreo', '#52c41a', $2) RETURNING id`,
    [company.companyId, `${company.companyId}-mayoreo`],
  );
  await gqlOk(t, company.token, SAVE, { channelId: company.channelId, menu: menuOf({ fieldId, tagId }) });
  const switched = await gqlOk<{ setChannelChatbot: { useChatbot: boolean } }>(t, company.token, SWITCH, {
    id: company.channelId,
    on: true,
  });
  expect(switched.setChannelChatbot.useChatbot).toBe(true);
  return { ...company, fieldId, tagId };
}

/** Until the customer has received `count` messages; all they received. */
async function received(phone: string, count: number): Promise<Array<Record<string, unknown>>> {
  const sends = await eventually(
    () => graphSendsTo(t, phone),
    (list) => list.length >= count,
  );
  expect(sends.length, JSON.stringify(sends, null, 1)).toBe(count);
  return sends;
}

/** What the customer read, one line per message: the text, or the menu's body and its choices by id. */
function readable(send: Record<string, unknown>): string {
  if (send.type === 'text') return (send.text as { body: string }).body;
  const interactive = send.interactive as {
    type: 'button' | 'list';
    body: { text: string };
    action: {
      buttons?: Array<{ reply: { id: string; title: string } }>;
      sections?: Array<{ rows: Array<{ id: string; title: string }> }>;
    };
  };
  const choices =
    interactive.type === 'button'
      ? (interactive.action.buttons ?? []).map((button) => button.reply.id)
      : (interactive.action.sections ?? []).flatMap((section) => section.rows.map((row) => row.id));
  return `[${interactive.type}] ${interactive.body.text} → ${choices.join(',')}`;
}

const TOP = `[list] ${GREETING} → horarios,cumple,ventas,asesor`;
const TOP_AGAIN = `[list] ${CHATBOT_MESSAGES.menuAgain} → horarios,cumple,ventas,asesor`;
const SALES = `[button] Ventas: ¿qué buscas? → mayoreo,catalogo,${CHATBOT_BACK_ID}`;

/** Delivers a message and waits for the bot to have sent `total` messages in all; the new ones, readable. */
async function say(phone: string, message: CustomerMessage, total: number): Promise<string[]> {
  const before = graphSendsTo(t, phone).length;
  await deliver(t, message);
  return (await received(phone, total)).slice(before).map(readable);
}

async function session(clientId: number) {
  const [row] = await t.ds.query(`SELECT * FROM bot_sessions WHERE "clientId" = $1`, [clientId]);
  return row as
    | {
        status: string;
        finishReason: string | null;
        lastMessageId: number;
        afterDay: boolean;
        state: unknown;
      }
    | undefined;
}

describe('the menu chatbot answers on WhatsApp', () => {
  it('walks the menu by typed numbers and titles, into a sub-menu and back with 0', async () => {
    const s = await shop('menutexto');
    const phone = newPhone();
    expect(await say(phone, customerText(s, phone, 'Hola, buenas tardes'), 1)).toEqual([TOP]);
    const clientId = await conversationOf(t, s, phone);
    // 02 §3: a channel with its chatbot on leaves a new conversation to the bot, not to automatic assignment.
    const [{ agentId }] = await t.ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [clientId]);
    expect(agentId).toBeNull();

    expect(await say(phone, customerText(s, phone, '1'), 3)).toEqual(['Abrimos de 9 a 18 h.', TOP_AGAIN]);
    expect(await say(phone, customerText(s, phone, 'opción 3'), 4)).toEqual([SALES]);
    expect(await say(phone, customerText(s, phone, '0'), 5)).toEqual([TOP]);
    expect(await say(phone, customerText(s, phone, 'horarios'), 7)).toEqual([
      'Abrimos de 9 a 18 h.',
      TOP_AGAIN,
    ]);

    // What went out is what the inbox shows: messages of the bot, kept with the automation that sent them.
    const stored = await t.ds.query(
      `SELECT type, content, sender, payload->>'automation' AS automation FROM messages
        WHERE "clientId" = $1 AND sender <> 'CLIENT' ORDER BY id`,
      [clientId],
    );
    expect(stored).toHaveLength(7);
    expect(
      stored.every(
        (m: { sender: string; automation: string }) => m.sender === 'BOT' && m.automation === 'chatbot',
      ),
    ).toBe(true);
    expect(stored[0]).toMatchObject({
      type: 'interactive',
      content: `${GREETING}\n\n1. Horarios\n2. Mi cumpleaños\n3. Ventas\n4. Hablar con un asesor`,
    });
    expect(await session(clientId)).toMatchObject({ status: 'active', state: { path: [], retries: 0 } });
  });

  it('walks the menu by list rows and reply buttons as the Cloud API posts them, tagging on the way', async () => {
    const s = await shop('menubotones');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    expect(await say(phone, customerListReply(s, phone, 'ventas', 'Ventas'), 2)).toEqual([SALES]);
    expect(await say(phone, customerButton(s, phone, 'mayoreo', 'Mayoreo'), 4)).toEqual([
      'Anotado: mayoreo.',
      SALES,
    ]);
    const tags = await t.ds.query(`SELECT "tagId" FROM client_tags WHERE "clientId" = $1`, [clientId]);
    expect(tags.map((row: { tagId: number }) => row.tagId)).toEqual([s.tagId]);
    expect(await say(phone, customerButton(s, phone, CHATBOT_BACK_ID, 'Volver'), 5)).toEqual([TOP]);
    expect(await say(phone, customerListReply(s, phone, 'horarios', 'Horarios'), 7)).toEqual([
      'Abrimos de 9 a 18 h.',
      TOP_AGAIN,
    ]);
    // The exact Graph request of a list menu (messages/interactive-list-messages).
    const [greeting] = graphSendsTo(t, phone);
    expect(greeting).toMatchObject({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: phone,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: GREETING },
        action: {
          button: 'Ver opciones',
          sections: [
            {
              rows: [
                { id: 'horarios', title: 'Horarios' },
                { id: 'cumple', title: 'Mi cumpleaños' },
                { id: 'ventas', title: 'Ventas' },
                { id: 'asesor', title: 'Hablar con un asesor' },
              ],
            },
          ],
        },
      },
    });
    // The whole menu object, nothing more (a list with a title or a header would be another message).
    expect(Object.keys((greeting.interactive as Record<string, unknown>) ?? {}).sort()).toEqual([
      'action',
      'body',
      'type',
    ]);
  });

  it('asks again for a data-sheet answer its field refuses, then stores it', async () => {
    const s = await shop('menuficha');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    expect(await say(phone, customerListReply(s, phone, 'cumple', 'Mi cumpleaños'), 2)).toEqual([QUESTION]);
    expect(await say(phone, customerText(s, phone, 'el martes'), 3)).toEqual([`Fecha inválida\n${QUESTION}`]);
    // A day that does not exist is refused by the field's rule too (02 §3 date).
    expect(await say(phone, customerText(s, phone, '31/02/1990'), 4)).toEqual([
      `Fecha inválida\n${QUESTION}`,
    ]);
    const none = await t.ds.query(`SELECT value FROM client_infos WHERE "clientId" = $1`, [clientId]);
    expect(none).toEqual([]);
    expect(await say(phone, customerText(s, phone, '05/03/1990'), 5)).toEqual([TOP_AGAIN]);
    const stored = await t.ds.query(`SELECT "fieldId", value FROM client_infos WHERE "clientId" = $1`, [
      clientId,
    ]);
    expect(stored).toEqual([{ fieldId: s.fieldId, value: '1990-03-05' }]);

    // 02 §7 GET /botFlow/clienInfo: the bot report lists the stored answer (01 §3 "Bot custom field").
    const today = new Date().toISOString().slice(0, 10);
    const report = await t.http
      .get('/api/botFlow/clienInfo')
      .query({ startDate: today, endDate: today, companyId: s.companyId, channelsIds: String(s.channelId) })
      .set('Authorization', `Bearer ${s.token}`);
    expect(report.status).toBe(200);
    expect(report.body).toEqual([
      expect.objectContaining({
        flowId: s.channelId,
        fieldName: 'Cumpleaños',
        value: '1990-03-05',
        senderId: phone,
        clientId,
      }),
    ]);
    // Without canSeePhoneNumber the report names the conversation, never the customer's number.
    await t.ds.query(
      `DELETE FROM role_permissions rp USING permissions p, users u
        WHERE rp."permissionId" = p.id AND p.name = 'canSeePhoneNumber' AND rp."roleId" = u."roleId" AND u.id = $1`,
      [s.ownerId],
    );
    const hidden = await t.http
      .get('/api/botFlow/clienInfo')
      .query({ startDate: today, endDate: today, channelsIds: String(s.channelId) })
      .set('Authorization', `Bearer ${s.token}`);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual([expect.objectContaining({ clientId, value: '1990-03-05', senderId: null })]);
    expect(JSON.stringify(hidden.body)).not.toContain(phone);
    const other = await botCompany(t, 'menufichaajena');
    const foreign = await t.http
      .get('/api/botFlow/clienInfo')
      .query({ startDate: today, endDate: today, channelsIds: String(s.channelId) })
      .set('Authorization', `Bearer ${other.token}`);
    expect(foreign.status).toBe(403);
    const theirs = await t.http
      .get('/api/botFlow/clienInfo')
      .query({ startDate: today, endDate: today })
      .set('Authorization', `Bearer ${other.token}`);
    expect(theirs.body).toEqual([]);
    const bad = await t.http
      .get('/api/botFlow/clienInfo')
      .query({ startDate: '31/02/2026', endDate: today })
      .set('Authorization', `Bearer ${s.token}`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'startDate' });
  });

  it('hands over to a person: says so, ends the bot with finishBotAssignment and assigns when the company says so', async () => {
    const s = await shop('menuasesor');
    const [{ email }] = await t.ds.query(`SELECT email FROM users WHERE id = $1`, [s.ownerId]);
    const [{ id: agentId }] = await t.ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash")
       SELECT u."companyId", r.id, 'Agente Ana', $2, u."passwordHash" FROM users u
         JOIN roles r ON r."companyId" = u."companyId" AND r.name = 'agente' WHERE u.id = $1 RETURNING id`,
      [s.ownerId, `ana.${s.providerId}@example.com`],
    );
    await t.ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [agentId, s.spaceId]);
    await gqlOk(t, s.token, SETTINGS, { input: { automaticAssignment: true, isBotAutoAssignActive: true } });
    const owner = await openSocket(t.baseUrl, await login(t, email, 'Segura123'), sockets);

    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    const [before] = await t.ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [clientId]);
    expect(before.agentId).toBeNull();

    const finished = nextEvent<{ clientId: number; reason: string }>(
      owner,
      'finishBotAssignment',
      8000,
      (event) => event.clientId === clientId,
    );
    expect(await say(phone, customerListReply(s, phone, 'asesor', 'Hablar con un asesor'), 2)).toEqual([
      'Te paso con un asesor.',
    ]);
    expect(await finished).toEqual({ clientId, reason: 'handover' });
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'handover' });
    const [after] = await t.ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [clientId]);
    expect(after.agentId).toBe(agentId);

    // The conversation is the inbox's now: the bot stays quiet.
    await deliver(t, customerText(s, phone, '1'));
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(2);
  });

  it('repeats the menu twice for answers it does not understand, then hands over', async () => {
    const s = await shop('menureintentos');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    const invalid = '[list] No te entendí. Elige una opción: → horarios,cumple,ventas,asesor';
    // A reaction to the menu answers nothing: no reply, and it does not count as an answer not understood.
    const reaction = whatsappFixture('message-reaction', {
      [DEMO_WA_PHONE_NUMBER_ID]: s.providerId,
      '16505551234': phone,
      'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUY3RUVEQzk4NDc5QkU3QjAxAA==': `wamid.REACTION${s.providerId}`,
    }).replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    expect((await postWhatsapp(t, reaction)).status).toBe(200);
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(1);
    expect(await session(clientId)).toMatchObject({ state: { retries: 0 } });
    expect(await say(phone, customerText(s, phone, '¿cuánto cuesta?'), 2)).toEqual([invalid]);
    expect(await say(phone, customerText(s, phone, '7'), 3)).toEqual([invalid]);
    expect(await say(phone, customerText(s, phone, 'precio'), 4)).toEqual(['Te paso con un asesor.']);
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'retries' });
  });

  it('never answers a conversation carrying a disable-bot tag, and stops when one is put on', async () => {
    const s = await shop('menuetiquetas');
    const [{ id: quiet }] = await t.ds.query(
      `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'Sin bot', '#f5222d', $2) RETURNING id`,
      [s.companyId, `${s.companyId}-sin bot`],
    );
    const other = await botCompany(t, 'menuajena');
    const [{ id: foreign }] = await t.ds.query(
      `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, 'Ajena', '#f5222d', $2) RETURNING id`,
      [other.companyId, `${other.companyId}-ajena`],
    );
    const refused = await gql(t, s.token, SETTINGS, { input: { disableBotTagIds: [quiet, foreign] } });
    expect(refused.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'disableBotTagIds',
    });
    const saved = await gqlOk<{ updateCompanySettings: { disableBotTagIds: number[] } }>(
      t,
      s.token,
      SETTINGS,
      {
        input: { disableBotTagIds: [quiet, quiet] },
      },
    );
    expect(saved.updateCompanySettings.disableBotTagIds).toEqual([quiet]);
    const list = await t.http.get('/api/disable-bot-tags').set('Authorization', `Bearer ${s.token}`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ tagsForDisable: [{ id: quiet, name: 'Sin bot', color: '#f5222d' }] });
    const none = await t.http.get('/api/disable-bot-tags').set('Authorization', `Bearer ${other.token}`);
    expect(none.body).toEqual({ tagsForDisable: [] });

    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    await gqlOk(
      t,
      s.token,
      'mutation($c: Int!, $t: Int!) { addTagToConversation(clientId: $c, tagId: $t) { id } }',
      {
        c: clientId,
        t: quiet,
      },
    );
    await deliver(t, customerText(s, phone, '1'));
    await eventually(
      () => session(clientId),
      (row) => row?.status === 'finished',
    );
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(1);
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'disabledTag' });
  });

  it('ends the bot when an agent writes in the conversation', async () => {
    const s = await shop('menuagente');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    await gqlOk(t, s.token, `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`, {
      input: { clientId, text: 'Hola, soy Ana. ¿En qué te ayudo?' },
    });
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'agent' });
    await received(phone, 2);
    await deliver(t, customerText(s, phone, '1'));
    await settled(t);
    expect(graphSendsTo(t, phone).map(readable)).toEqual([TOP, 'Hola, soy Ana. ¿En qué te ayudo?']);
  });

  it('answers a message delivered several times once', async () => {
    const s = await shop('menuduplicado');
    const phone = newPhone();
    const hello = customerText(s, phone, 'Hola');
    await deliver(t, hello);
    await Promise.all(Array.from({ length: 5 }, () => postWhatsapp(t, hello.body)));
    await received(phone, 1);
    const one = customerText(s, phone, '1');
    await Promise.all(Array.from({ length: 5 }, () => postWhatsapp(t, one.body)));
    await deliver(t, one);
    await received(phone, 3);
    await settled(t);
    expect(graphSendsTo(t, phone).map(readable)).toEqual([TOP, 'Abrimos de 9 a 18 h.', TOP_AGAIN]);
  });

  it('answers two messages that arrive together once each, in the order they were received', async () => {
    const s = await shop('menujuntos');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);

    // One webhook carrying both (Meta batches): 'Ventas', then 'Mayoreo' inside it.
    const first = JSON.parse(customerText(s, phone, '3').body);
    const second = JSON.parse(customerText(s, phone, '1').body);
    first.entry[0].changes[0].value.messages.push(second.entry[0].changes[0].value.messages[0]);
    expect((await postWhatsapp(t, JSON.stringify(first))).status).toBe(200);
    expect((await received(phone, 4)).slice(1).map(readable)).toEqual([SALES, 'Anotado: mayoreo.', SALES]);

    // Two webhooks at once: whichever was stored first is answered first.
    const back = customerText(s, phone, '0');
    const hours = customerText(s, phone, 'Horarios');
    await Promise.all([deliver(t, back), deliver(t, hours)]);
    const ids = await t.ds.query(
      `SELECT "messageApiId" FROM messages WHERE "messageApiId" = ANY($1) ORDER BY id`,
      [[back.id, hours.id]],
    );
    const expected =
      ids[0].messageApiId === back.id
        ? [TOP, 'Abrimos de 9 a 18 h.', TOP_AGAIN]
        : // 'Horarios' read in the sub-menu is not one of its options; then 0 goes back up.
          ['[button] No te entendí. Elige una opción: → mayoreo,catalogo,chatbot-volver', TOP];
    expect((await received(phone, 4 + expected.length)).slice(4).map(readable)).toEqual(expected);
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(4 + expected.length);
    const [{ max }] = await t.ds.query(
      `SELECT max(id)::int AS max FROM messages WHERE "clientId" = $1 AND sender = 'CLIENT'`,
      [clientId],
    );
    expect((await session(clientId))?.lastMessageId).toBe(max);
  });

  it('sends what one turn writes in order, however slowly the provider answers', async () => {
    const s = await shop('menulento');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    // Each send to this customer now takes 2.5 s to be answered: longer than any fixed wait would cover.
    const SLOW_MS = 2500;
    t.graph.route(
      'POST',
      (request) => (request.json as { to?: string } | undefined)?.to === phone,
      () => ({
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [],
          messages: [{ id: `wamid.SLOW-${randomUUID()}` }],
        },
        delayMs: SLOW_MS,
      }),
    );
    expect(await say(phone, customerText(s, phone, '1'), 3)).toEqual(['Abrimos de 9 a 18 h.', TOP_AGAIN]);
    const [answer, menu] = t.graph.requests
      .filter((request) => (request.json as { to?: string } | undefined)?.to === phone)
      .slice(1);
    // The menu left only once the provider had answered for the text before it.
    expect(menu.receivedAt - answer.receivedAt).toBeGreaterThanOrEqual(SLOW_MS);
  }, 30_000);

  it('greets again a customer back after a day only when isBotActiveAfterDay is on', async () => {
    const s = await shop('menudia');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    await say(phone, customerText(s, phone, '4'), 2);
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'handover' });

    await t.ds.query(
      `UPDATE messages SET time = time - interval '25 hours' WHERE "clientId" = $1 AND sender = 'CLIENT'`,
      [clientId],
    );
    await deliver(t, customerText(s, phone, 'Hola de nuevo'));
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(2);

    const on = await gqlOk<{ updateCompanySettings: { isBotActiveAfterDay: boolean } }>(
      t,
      s.token,
      SETTINGS,
      {
        input: { isBotActiveAfterDay: true, isBotAutoAssignActiveAfterDay: true },
      },
    );
    expect(on.updateCompanySettings.isBotActiveAfterDay).toBe(true);
    // The previous message is a minute old: the customer is still in the same conversation.
    await deliver(t, customerText(s, phone, '¿Siguen ahí?'));
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(2);

    await t.ds.query(
      `UPDATE messages SET time = time - interval '25 hours' WHERE "clientId" = $1 AND sender = 'CLIENT'`,
      [clientId],
    );
    expect(await say(phone, customerText(s, phone, 'Volví'), 3)).toEqual([TOP]);
    expect(await session(clientId)).toMatchObject({ status: 'active', afterDay: true, finishReason: null });

    // 02 §4: turning the bot after a day off turns its auto-assign off too.
    const off = await gqlOk<{ updateCompanySettings: { isBotAutoAssignActiveAfterDay: boolean } }>(
      t,
      s.token,
      SETTINGS,
      { input: { isBotActiveAfterDay: false } },
    );
    expect(off.updateCompanySettings.isBotAutoAssignActiveAfterDay).toBe(false);
  });
});

describe('menu configuration', () => {
  it("reads, replaces and deletes a channel's menu; another company's channel is refused with 403", async () => {
    const s = await shop('menuconfig');
    const read = await gqlOk<{ chatbotMenu: { channelId: number; menu: ChatbotMenu } }>(t, s.token, READ, {
      channelId: s.channelId,
    });
    expect(read.chatbotMenu).toEqual({ channelId: s.channelId, menu: menuOf(s) });

    const other = await botCompany(t, 'menuotra');
    for (const [query, variables] of [
      [READ, { channelId: s.channelId }],
      [SAVE, { channelId: s.channelId, menu: menuOf(s) }],
      [DELETE, { channelId: s.channelId }],
    ] as const) {
      const res = await gql(t, other.token, query, variables);
      expect(res.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    // Its own channel cannot name this company's tag.
    const borrowed = await gql(t, other.token, SAVE, {
      channelId: other.channelId,
      menu: menuOf({ fieldId: s.fieldId, tagId: s.tagId }),
    });
    expect(borrowed.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      field: 'menu.options.1.action.fieldKey',
      fields: {
        'menu.options.1.action.fieldKey': CHATBOT_MESSAGES.fieldNotFound,
        'menu.options.2.action.options.0.action.tagId': CHATBOT_MESSAGES.tagNotFound,
      },
    });
    const none = await gqlOk<{ chatbotMenu: null }>(t, other.token, READ, { channelId: other.channelId });
    expect(none.chatbotMenu).toBeNull();

    // A session talking when the menu goes ends, and the conversation goes to the inbox.
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    expect(await gqlOk(t, s.token, DELETE, { channelId: s.channelId })).toEqual({ deleteChatbotMenu: true });
    expect(await gqlOk(t, s.token, DELETE, { channelId: s.channelId })).toEqual({ deleteChatbotMenu: false });
    expect(await session(clientId)).toMatchObject({ status: 'finished', finishReason: 'end' });
    await deliver(t, customerText(s, phone, '1'));
    await settled(t);
    expect(graphSendsTo(t, phone)).toHaveLength(1);
  });

  it('refuses a bad menu with 400 on the field at fault and the Spanish reason, keeping the stored one', async () => {
    const s = await shop('menumalo');
    const bad = menuOf(s);
    bad.options[0] = { ...bad.options[0], label: 'Horarios de todas las sucursales' };
    const res = await gql(t, s.token, SAVE, { channelId: s.channelId, menu: bad });
    expect(res.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      field: 'menu.options.0.label',
      userMessage: CHATBOT_MESSAGES.labelTooLong,
    });
    const notAMenu = await gql(t, s.token, SAVE, { channelId: s.channelId, menu: [1, 2] });
    expect(notAMenu.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'menu' });
    const read = await gqlOk<{ chatbotMenu: { menu: ChatbotMenu } }>(t, s.token, READ, {
      channelId: s.channelId,
    });
    expect(read.chatbotMenu.menu).toEqual(menuOf(s));
  });

  it("coldBot tags a conversation with the company's 'Frío', created the first time", async () => {
    const s = await shop('menufrio');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const clientId = await conversationOf(t, s, phone);
    const COLD = `mutation($c: Int!) { markConversationCold(clientId: $c) { id tags { name } } }`;
    const first = await gqlOk<{ markConversationCold: { tags: Array<{ name: string }> } }>(t, s.token, COLD, {
      c: clientId,
    });
    expect(first.markConversationCold.tags.map((tag) => tag.name)).toEqual(['Frío']);
    await gqlOk(t, s.token, COLD, { c: clientId });
    const tags = await t.ds.query(
      `SELECT name, "isDefault" FROM tags WHERE "companyId" = $1 AND name = 'Frío'`,
      [s.companyId],
    );
    expect(tags).toEqual([{ name: 'Frío', isDefault: true }]);
    const other = await botCompany(t, 'menufrioajena');
    const foreign = await gql(t, other.token, COLD, { c: clientId });
    expect(foreign.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('lets a writeBot user (no writeCompany) read and change the bot settings, and only those', async () => {
    const s = await shop('menubotsettings');
    const [{ id: roleId }] = await t.ds.query(
      `INSERT INTO roles ("companyId", name, key) VALUES ($1, 'Bots', $2) RETURNING id`,
      [s.companyId, `${s.companyId}-bots`],
    );
    await t.ds.query(
      `INSERT INTO role_permissions ("roleId", "permissionId") SELECT $1, id FROM permissions WHERE name = ANY($2)`,
      [roleId, ['readChat', 'writeBot']],
    );
    const email = `bots-${s.companyId}@example.com`;
    await t.ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Editora de bots', $2, "passwordHash", "selectedSpaceId" FROM users WHERE id = $3`,
      [roleId, email, s.ownerId],
    );
    const token = await login(t, email, 'Segura123');
    const READ_SETTINGS = `{ companySettings { isBotActiveAfterDay disableBotTagIds } }`;
    const UPDATE = `mutation($input: CompanySettingsInput!) {
      updateCompanySettings(input: $input) { isBotActiveAfterDay automaticAssignment }
    }`;
    expect((await gql(t, token, READ_SETTINGS)).errors).toBeUndefined();
    const bot = await gqlOk<{ updateCompanySettings: { isBotActiveAfterDay: boolean } }>(t, token, UPDATE, {
      input: { isBotActiveAfterDay: true },
    });
    expect(bot.updateCompanySettings.isBotActiveAfterDay).toBe(true);
    const other = await gql(t, token, UPDATE, { input: { automaticAssignment: true } });
    expect(other.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN', field: 'automaticAssignment' });
    const [{ settings }] = await t.ds.query(`SELECT settings FROM companies WHERE id = $1`, [s.companyId]);
    expect(settings.automaticAssignment ?? false).toBe(false);
  });

  it('schedules automation only for a channel that has some (a plain channel pays no job per message)', async () => {
    const plain = await botCompany(t, 'menusinbot');
    const plainPhone = newPhone();
    await deliver(t, customerText(plain, plainPhone, 'Hola'));
    const plainClient = await conversationOf(t, plain, plainPhone);
    const s = await shop('menuconbot');
    const phone = newPhone();
    await say(phone, customerText(s, phone, 'Hola'), 1);
    const botClient = await conversationOf(t, s, phone);
    const keys = async (clientId: number) =>
      (
        await t.ds.query(
          `SELECT k.key FROM job_keys k JOIN messages m ON k.key = 'automation:' || m.id
           WHERE m."clientId" = $1 AND m.sender = 'CLIENT'`,
          [clientId],
        )
      ).length;
    expect(await keys(plainClient)).toBe(0);
    expect(await keys(botClient)).toBe(1);
  });
});
