import { WEEKDAYS } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BotCompany,
  botCompany,
  conversationOf,
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
import { addChannel, uniqueNumber } from './template-helpers';

// Issue 17, welcome messages: their GraphQL calls (scoping, validation), and the bot's welcome — once, to the
// first message of a new conversation, never to a customer writing again, not when nobody of the channel's team is
// within their working hours — as WhatsApp receives it from the fake Graph API.

let t: InboxTestApp;
let w: BotCompany;
let other: BotCompany;
beforeAll(async () => {
  t = await startInboxTestApp();
  w = await botCompany(t, 'bienvenidaw');
  other = await botCompany(t, 'bienvenidao');
  await switchCompany(w, true);
});
afterAll(async () => {
  await t?.close();
});

const FIELDS = 'id companyId channelId text isActive useInWorkingHours templateId variables';

async function switchCompany(company: BotCompany, on: boolean): Promise<void> {
  await t.ds.query(
    `UPDATE companies SET settings = settings || jsonb_build_object('isWelcomeMessageActive', $2::boolean)
    WHERE id = $1`,
    [company.companyId, on],
  );
}

/** A fresh WhatsApp channel of the company, in its space. */
async function newChannel(company: BotCompany): Promise<BotCompany> {
  const providerId = String(uniqueNumber());
  const channelId = await addChannel(
    t,
    t.ds,
    company.companyId,
    'whatsapp_cloud',
    providerId,
    `token-${providerId}`,
  );
  await t.ds.query(`INSERT INTO space_channels ("spaceId", "channelId") VALUES ($1, $2)`, [
    company.spaceId,
    channelId,
  ]);
  return { ...company, channelId, providerId };
}

async function template(
  company: BotCompany,
  status: string,
  text: string,
  variables: number,
): Promise<number> {
  const [row] = await t.ds.query(
    `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, category, components, variables)
     VALUES ($1, $2, $3, 'es_MX', $4, 'utility', $5, $6) RETURNING id`,
    [
      company.companyId,
      company.channelId,
      `bienvenida_${uniqueNumber()}`,
      status,
      JSON.stringify([{ type: 'BODY', text }]),
      variables,
    ],
  );
  return row.id as number;
}

function create(token: string, input: Record<string, unknown>) {
  return gql<{ createWelcomeMessage: Record<string, unknown> }>(
    t,
    token,
    `mutation($input: CreateWelcomeMessageInput!) { createWelcomeMessage(input: $input) { ${FIELDS} } }`,
    { input },
  );
}

function update(token: string, input: Record<string, unknown>) {
  return gql<{ updateWelcomeMessage: Record<string, unknown> }>(
    t,
    token,
    `mutation($input: UpdateWelcomeMessageInput!) { updateWelcomeMessage(input: $input) { ${FIELDS} } }`,
    { input },
  );
}

/** The first message of a new customer; the sends it set off are done when this answers. */
async function newCustomer(channel: BotCompany, name = 'Ana López') {
  const phone = newPhone();
  await deliver(t, customerText(channel, phone, 'Hola, buenas tardes', { name }));
  await settled(t);
  return { phone, clientId: await conversationOf(t, channel, phone) };
}

async function botMessages(clientId: number) {
  return t.ds.query(
    `SELECT sender, type, content, "senderUserId", payload->>'automation' AS automation FROM messages
      WHERE "clientId" = $1 AND sender <> 'CLIENT' ORDER BY id`,
    [clientId],
  );
}

/** A fixed-offset zone where it is now about noon: the shifts below are then day or night whatever the hour. */
function noonZone(): string {
  const offset = 12 - new Date().getUTCHours();
  // IANA's Etc zones count west as positive: UTC+5 is Etc/GMT-5.
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** Everyone of the company's spaces works `start`–`end` every day in the noon zone (null: no schedule). */
async function everyoneWorks(
  company: BotCompany,
  shift: { start: string; end: string } | null,
): Promise<void> {
  const users = await t.ds.query(
    `SELECT DISTINCT us."userId" FROM user_spaces us JOIN spaces s ON s.id = us."spaceId" WHERE s."companyId" = $1`,
    [company.companyId],
  );
  for (const { userId } of users) {
    if (shift === null) {
      await t.ds.query(`DELETE FROM user_working_hours WHERE "userId" = $1`, [userId]);
      continue;
    }
    const days = WEEKDAYS.map((day) => ({ day, isActive: true, ...shift }));
    await t.ds.query(
      `INSERT INTO user_working_hours ("userId", timezone, "isActive", days) VALUES ($1, $2, true, $3)
       ON CONFLICT ("userId") DO UPDATE SET timezone = EXCLUDED.timezone, "isActive" = true, days = EXCLUDED.days`,
      [userId, noonZone(), JSON.stringify(days)],
    );
  }
}

describe('welcome message calls', () => {
  it('creates one per channel, lists them by company and channel, and edits them', async () => {
    const channel = await newChannel(w);
    const created = await create(w.token, {
      channelId: channel.channelId,
      text: '  ¡Hola {{nombre_cliente}}!  ',
    });
    expect(created.errors).toBeUndefined();
    const welcome = created.data?.createWelcomeMessage as { id: number };
    expect(welcome).toMatchObject({
      companyId: w.companyId,
      channelId: channel.channelId,
      text: '¡Hola {{nombre_cliente}}!',
      isActive: true,
      useInWorkingHours: false,
      templateId: null,
      variables: [],
    });
    const twice = await create(w.token, { channelId: channel.channelId, text: 'Otra' });
    expect(twice.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'channelId',
      userMessage: 'Este canal ya tiene un mensaje de bienvenida.',
    });

    const all = await gqlOk<{ welcomeMessages: Array<{ id: number }> }>(
      t,
      w.token,
      `{ welcomeMessages { id } }`,
    );
    expect(all.welcomeMessages.map((m) => m.id)).toContain(welcome.id);
    const one = await gqlOk<{ welcomeMessages: Array<{ id: number }> }>(
      t,
      w.token,
      `{ welcomeMessages(channelId: ${channel.channelId}) { id } }`,
    );
    expect(one.welcomeMessages.map((m) => m.id)).toEqual([welcome.id]);

    const edited = await update(w.token, { id: welcome.id, isActive: false, useInWorkingHours: true });
    expect(edited.data?.updateWelcomeMessage).toMatchObject({
      text: '¡Hola {{nombre_cliente}}!',
      isActive: false,
      useInWorkingHours: true,
    });
  });

  it('refuses a welcome without text or an accepted template of its channel with all its variables', async () => {
    const channel = await newChannel(w);
    const pending = await template(channel, 'submitted', 'Hola {{1}}', 1);
    const accepted = await template(channel, 'accepted', 'Hola {{1}}, soy {{2}}', 2);
    const elsewhere = await template(await newChannel(w), 'accepted', 'Hola', 0);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{}, 'text', 'Escribe el mensaje de bienvenida o elige una plantilla.'],
      [{ text: '   ' }, 'text', 'Escribe el mensaje de bienvenida o elige una plantilla.'],
      [{ text: 'x'.repeat(1025) }, 'text', 'El mensaje de bienvenida no debe exceder los 1024 caracteres.'],
      [
        { templateId: pending, variables: ['Ana'] },
        'templateId',
        'La plantilla aún no ha sido aprobada por WhatsApp.',
      ],
      [
        { templateId: elsewhere },
        'templateId',
        'La plantilla no pertenece al canal del mensaje de bienvenida.',
      ],
      [{ templateId: 2_000_000_000 }, 'templateId', 'La plantilla no existe.'],
      [{ templateId: accepted, variables: ['Ana'] }, 'variables', 'La plantilla necesita 2 variable(s).'],
      [
        { templateId: accepted, variables: ['Ana', ' '] },
        'variables',
        'La plantilla necesita 2 variable(s).',
      ],
    ];
    for (const [input, field, userMessage] of cases) {
      const res = await create(w.token, { channelId: channel.channelId, ...input });
      expect(res.errors?.[0].extensions, JSON.stringify(input).slice(0, 60)).toMatchObject({
        code: 'VALIDATION_ERROR',
        field,
        userMessage,
      });
    }
    expect(
      await t.ds.query(`SELECT id FROM welcome_messages WHERE "channelId" = $1`, [channel.channelId]),
    ).toEqual([]);
    const ok = await create(w.token, {
      channelId: channel.channelId,
      templateId: accepted,
      variables: ['{{nombre_cliente}}', 'Sofía'],
    });
    expect(ok.data?.createWelcomeMessage).toMatchObject({
      templateId: accepted,
      variables: ['{{nombre_cliente}}', 'Sofía'],
    });
    const byTemplate = await gqlOk<{ welcomeMessagesByTemplate: Array<{ id: number }> }>(
      t,
      w.token,
      `{ welcomeMessagesByTemplate(templateId: ${accepted}) { id channelId } }`,
    );
    expect(byTemplate.welcomeMessagesByTemplate).toEqual([
      { id: ok.data?.createWelcomeMessage.id, channelId: channel.channelId },
    ]);
    // 02 §7 "welcomeMessages … by templateId": the same answer through the list query.
    const listed = await gqlOk<{ welcomeMessages: Array<{ id: number }> }>(
      t,
      w.token,
      `{ welcomeMessages(templateId: ${accepted}) { id channelId } }`,
    );
    expect(listed.welcomeMessages).toEqual(byTemplate.welcomeMessagesByTemplate);
    // Back to a text: the template goes with null.
    const back = await update(w.token, {
      id: ok.data?.createWelcomeMessage.id,
      templateId: null,
      text: 'Hola',
    });
    expect(back.data?.updateWelcomeMessage).toMatchObject({ templateId: null, variables: [], text: 'Hola' });
  });

  it("refuses another company's channel, welcome and template with FORBIDDEN, and needs the bot permissions", async () => {
    const channel = await newChannel(w);
    const created = await create(w.token, { channelId: channel.channelId, text: 'Hola' });
    const id = created.data?.createWelcomeMessage.id;
    const foreignChannel = await create(other.token, { channelId: channel.channelId, text: 'Mío' });
    expect(foreignChannel.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const foreignEdit = await update(other.token, { id, text: 'Mío' });
    expect(foreignEdit.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const foreignList = await gql(
      t,
      other.token,
      `{ welcomeMessages(channelId: ${channel.channelId}) { id } }`,
    );
    expect(foreignList.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const own = await gqlOk<{ welcomeMessages: Array<{ id: number }> }>(
      t,
      other.token,
      `{ welcomeMessages { id } }`,
    );
    expect(own.welcomeMessages.map((m) => m.id)).not.toContain(id);
    const accepted = await template(channel, 'accepted', 'Hola', 0);
    const foreignTemplate = await gql(
      t,
      other.token,
      `{ welcomeMessagesByTemplate(templateId: ${accepted}) { id } }`,
    );
    expect(foreignTemplate.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const foreignByList = await gql(t, other.token, `{ welcomeMessages(templateId: ${accepted}) { id } }`);
    expect(foreignByList.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const useForeign = await create(other.token, {
      channelId: other.channelId,
      templateId: accepted,
      variables: [],
    });
    expect(useForeign.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const missing = await update(w.token, { id: 2_000_000_000, text: 'x' });
    expect(missing.errors?.[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'id' });

    const agente = await login(t, 'agente@demo.local');
    expect((await gql(t, agente, `{ welcomeMessages { id } }`)).errors?.[0].extensions.code).toBe(
      'FORBIDDEN',
    );
    const groupadmin = await login(t, 'groupadmin@demo.local');
    expect((await gql(t, groupadmin, `{ welcomeMessages { id } }`)).errors).toBeUndefined();
    const readOnly = await gql(
      t,
      groupadmin,
      `mutation { createWelcomeMessage(input: { channelId: 1, text: "x" }) { id } }`,
    );
    expect(readOnly.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const [row] = await t.ds.query(`SELECT text FROM welcome_messages WHERE id = $1`, [id]);
    expect(row.text).toBe('Hola');
  });
});

describe('the welcome the bot sends', () => {
  it('greets a new conversation once by name, as the bot, and never a customer writing again', async () => {
    const channel = await newChannel(w);
    await create(w.token, {
      channelId: channel.channelId,
      text: '¡Hola {{nombre_cliente}}! Gracias por escribirnos.',
    });
    // The agent-name setting signs agents' texts, never the bot's.
    await t.ds.query(
      `UPDATE companies SET settings = settings || '{"isAgentNameInMessageActive": true}' WHERE id = $1`,
      [w.companyId],
    );
    try {
      const { phone, clientId } = await newCustomer(channel, 'Ana López');
      const sends = await eventually(
        () => graphSendsTo(t, phone),
        (list) => list.length > 0,
      );
      expect(sends).toEqual([
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: phone,
          type: 'text',
          text: { body: '¡Hola Ana López! Gracias por escribirnos.', preview_url: false },
        },
      ]);
      expect(await botMessages(clientId)).toEqual([
        {
          sender: 'BOT',
          type: 'text',
          content: '¡Hola Ana López! Gracias por escribirnos.',
          senderUserId: null,
          automation: 'welcome',
        },
      ]);
      await deliver(t, customerText(channel, phone, '¿Siguen ahí?'));
      await deliver(t, customerText(channel, phone, 'Hola otra vez'));
      await settled(t);
      expect(graphSendsTo(t, phone)).toHaveLength(1);
      expect(await botMessages(clientId)).toHaveLength(1);
    } finally {
      await t.ds.query(
        `UPDATE companies SET settings = settings - 'isAgentNameInMessageActive' WHERE id = $1`,
        [w.companyId],
      );
    }
  });

  it("stays quiet when the company's switch or the channel's welcome is off", async () => {
    const channel = await newChannel(w);
    const created = await create(w.token, { channelId: channel.channelId, text: 'Bienvenido' });
    await switchCompany(w, false);
    try {
      const { phone } = await newCustomer(channel);
      expect(graphSendsTo(t, phone)).toEqual([]);
    } finally {
      await switchCompany(w, true);
    }
    await update(w.token, { id: created.data?.createWelcomeMessage.id, isActive: false });
    const { phone } = await newCustomer(channel);
    expect(graphSendsTo(t, phone)).toEqual([]);
    await update(w.token, { id: created.data?.createWelcomeMessage.id, isActive: true });
    const later = await newCustomer(channel);
    expect(
      await eventually(
        () => graphSendsTo(t, later.phone),
        (list) => list.length > 0,
      ),
    ).toHaveLength(1);
  });

  it('waits for working hours when limited to them: not at night, yes when someone is in', async () => {
    const channel = await newChannel(w);
    await create(w.token, {
      channelId: channel.channelId,
      text: 'Te atendemos enseguida',
      useInWorkingHours: true,
    });
    try {
      // It is about noon in the team's zone; everyone works nights: 'now' is outside every schedule.
      await everyoneWorks(w, { start: '20:00', end: '23:00' });
      const night = await newCustomer(channel);
      expect(graphSendsTo(t, night.phone)).toEqual([]);
      expect(await botMessages(night.clientId)).toEqual([]);
      // Now a day shift, which holds 'now'.
      await everyoneWorks(w, { start: '11:00', end: '14:00' });
      const day = await newCustomer(channel);
      const sends = await eventually(
        () => graphSendsTo(t, day.phone),
        (list) => list.length > 0,
      );
      expect(sends).toEqual([
        expect.objectContaining({ text: { body: 'Te atendemos enseguida', preview_url: false } }),
      ]);
    } finally {
      await everyoneWorks(w, null);
    }
  });

  it('sends an accepted template with its variables, the contact name filled in', async () => {
    const channel = await newChannel(w);
    const templateId = await template(channel, 'accepted', 'Hola {{1}}, soy {{2}} de la tienda.', 2);
    const [{ name }] = await t.ds.query(`SELECT name FROM whatsapp_templates WHERE id = $1`, [templateId]);
    const created = await create(w.token, {
      channelId: channel.channelId,
      templateId,
      variables: ['{{nombre_cliente}}', 'Sofía'],
    });
    expect(created.errors).toBeUndefined();
    const { phone, clientId } = await newCustomer(channel, 'Luis');
    const sends = await eventually(
      () => graphSendsTo(t, phone),
      (list) => list.length > 0,
    );
    expect(sends).toEqual([
      {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phone,
        type: 'template',
        template: {
          name,
          language: { code: 'es_MX' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Luis' },
                { type: 'text', text: 'Sofía' },
              ],
            },
          ],
        },
      },
    ]);
    expect(await botMessages(clientId)).toEqual([
      expect.objectContaining({
        sender: 'BOT',
        type: 'template',
        content: 'Hola Luis, soy Sofía de la tienda.',
      }),
    ]);
  });
});
