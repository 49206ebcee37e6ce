import { COMPOSE_MESSAGES } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { type TestSql } from './sql';

let t: InboxTestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otherAdmin: string;
let agenteId: number;

beforeAll(async () => {
  t = await startInboxTestApp();
  ds = t.ds;
  admin = await login(t, 'admin@demo.local');
  agente = await login(t, 'agente@demo.local');
  otherAdmin = await login(t, 'admin@otra.local');
  [{ id: agenteId }] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
});
afterAll(async () => {
  await t.close();
});

function newConversation(ageSeconds = 0): Promise<number> {
  return newWhatsappConversation(t, { agentId: agenteId, ageSeconds });
}

function code(result: { errors?: Array<{ extensions?: Record<string, unknown> }> }): unknown {
  return result.errors?.[0]?.extensions?.code;
}

describe('pickers', () => {
  it('lists the company’s tags (with Reasignada), categories, agents, quick answers and accepted templates', async () => {
    const res = await gql<{
      tags: Array<{ name: string; isDefault: boolean }>;
      categories: Array<{ name: string }>;
      agents: Array<{ name: string }>;
      quickAnswers: Array<{ shortcut: string }>;
    }>(
      t,
      admin,
      '{ tags { name isDefault clientCount } categories { name } agents { name roleName } quickAnswers { shortcut text } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.tags.find((tag) => tag.name === 'Reasignada')?.isDefault).toBe(true);
    expect(res.data?.categories.map((c) => c.name)).toContain('Ventas');
    expect(res.data?.agents.map((a) => a.name)).toContain('Ana Agente');
    expect(res.data?.quickAnswers.map((q) => q.shortcut)).toContain('saludo');
    // Without readUsers an agent only lists themself.
    const own = await gql<{ agents: Array<{ name: string }> }>(t, agente, '{ agents { name } }');
    expect(own.data?.agents.map((a) => a.name)).toEqual(['Ana Agente']);
    // Another company sees none of Demo's.
    const other = await gql<{ tags: Array<{ name: string }> }>(
      t,
      otherAdmin,
      '{ tags { name } quickAnswers { shortcut } }',
    );
    expect(other.data?.tags.map((tag) => tag.name)).toContain('Reasignada');
    expect(other.data?.tags.map((tag) => tag.name)).not.toContain('VIP');

    const [channel] = await ds.query(`SELECT id FROM channels WHERE "providerId" = '100000000000001'`);
    const templates = await gql<{ whatsappTemplates: Array<{ name: string; status: string }> }>(
      t,
      agente,
      `{ whatsappTemplates(channelId: ${channel.id}, status: "accepted") { name status variables } }`,
    );
    expect(templates.data?.whatsappTemplates.map((x) => x.name)).toEqual([
      'bienvenida',
      'seguimiento_pedido',
    ]);
  });

  it('counts a quick answer’s use', async () => {
    const list = await gql<{ quickAnswers: Array<{ id: number; frecuency: number }> }>(
      t,
      agente,
      '{ quickAnswers { id frecuency } }',
    );
    const first = list.data?.quickAnswers[0];
    const used = await gql<{ useQuickAnswer: { frecuency: number; lastUse: string } }>(
      t,
      agente,
      `mutation { useQuickAnswer(id: ${first?.id}) { frecuency lastUse } }`,
    );
    expect(used.data?.useQuickAnswer.frecuency).toBe((first?.frecuency ?? 0) + 1);
    expect(used.data?.useQuickAnswer.lastUse).toBeTruthy();
    const foreign = await gql(t, otherAdmin, `mutation { useQuickAnswer(id: ${first?.id}) { id } }`);
    expect(code(foreign)).toBe('NOT_FOUND');
  });
});

describe('data sheet', () => {
  it('saves values by type, refuses bad ones with the field’s message, and clears with an empty value', async () => {
    const clientId = await newConversation();
    const fields = await gql<{ datasheetFields: Array<{ id: number; name: string }> }>(
      t,
      agente,
      '{ datasheetFields { id name type options } }',
    );
    const id = (name: string) => fields.data?.datasheetFields.find((f) => f.name === name)?.id;
    const save = (fieldId: number | undefined, value: string) =>
      gql<{ saveClientInfo: { value: string; fieldName: string } | null }>(
        t,
        agente,
        `mutation { saveClientInfo(clientId: ${clientId}, fieldId: ${fieldId}, value: ${JSON.stringify(value)}) { value fieldName } }`,
      );
    expect((await save(id('Correo'), 'ana@ejemplo.mx')).data?.saveClientInfo?.value).toBe('ana@ejemplo.mx');
    const badEmail = await save(id('Correo'), 'ana@');
    expect(code(badEmail)).toBe('VALIDATION_ERROR');
    expect(badEmail.errors?.[0]?.extensions?.userMessage).toBe('Correo inválido');
    expect(code(await save(id('Presupuesto'), '0123'))).toBe('VALIDATION_ERROR');
    expect((await save(id('Presupuesto'), '1500.50')).data?.saveClientInfo?.value).toBe('1500.50');
    expect(code(await save(id('Fecha de visita'), '2026-02-30'))).toBe('VALIDATION_ERROR');
    expect((await save(id('Fecha de visita'), '2026-12-01')).data?.saveClientInfo?.value).toBe('2026-12-01');
    expect(code(await save(id('Ciudad'), 'Puebla'))).toBe('VALIDATION_ERROR');
    expect((await save(id('Ciudad'), 'Monterrey')).data?.saveClientInfo?.value).toBe('Monterrey');
    expect(code(await save(id('Acepta promociones'), 'quizá'))).toBe('VALIDATION_ERROR');
    // The refused saves changed nothing.
    const infos = await gql<{ clientInfos: Array<{ fieldName: string; value: string }> }>(
      t,
      agente,
      `{ clientInfos(clientId: ${clientId}) { fieldName value } }`,
    );
    expect(Object.fromEntries(infos.data?.clientInfos.map((i) => [i.fieldName, i.value]) ?? [])).toEqual({
      Correo: 'ana@ejemplo.mx',
      Presupuesto: '1500.50',
      'Fecha de visita': '2026-12-01',
      Ciudad: 'Monterrey',
    });
    expect((await save(id('Ciudad'), '  ')).data?.saveClientInfo).toBeNull();
    const foreign = await gql(t, otherAdmin, `{ clientInfos(clientId: ${clientId}) { value } }`);
    expect(code(foreign)).toBe('FORBIDDEN');
  });
});

describe('data sheet phone and number rules (02 §5)', () => {
  it('takes a phone of exactly 10 digits or empty, and a positive number starting 1-9', async () => {
    const clientId = await newConversation();
    const created = await gql<{ createDatasheetField: { id: number } }>(
      t,
      admin,
      `mutation($input: DatasheetFieldInputModel!) { createDatasheetField(input: $input) { id } }`,
      { input: { name: `Teléfono de oficina ${Date.now() % 1_000_000}`, type: 'phone' } },
    );
    const phoneField = created.data?.createDatasheetField.id as number;
    const fields = await gql<{ datasheetFields: Array<{ id: number; name: string }> }>(
      t,
      agente,
      '{ datasheetFields { id name } }',
    );
    const budget = fields.data?.datasheetFields.find((f) => f.name === 'Presupuesto')?.id as number;
    const save = (fieldId: number, value: string) =>
      gql<{ saveClientInfo: { value: string } | null }>(
        t,
        agente,
        `mutation($clientId: Int!, $fieldId: Int!, $value: String!) {
           saveClientInfo(clientId: $clientId, fieldId: $fieldId, value: $value) { value } }`,
        { clientId, fieldId, value },
      );
    const stored = async (fieldId: number): Promise<string | null> => {
      const rows = await ds.query('SELECT value FROM client_infos WHERE "clientId" = $1 AND "fieldId" = $2', [
        clientId,
        fieldId,
      ]);
      return rows[0]?.value ?? null;
    };

    expect((await save(phoneField, ' 5512345678 ')).data?.saveClientInfo?.value).toBe('5512345678');
    for (const bad of ['551234567', '55123456789', '55 1234 5678', '+525512345678', 'cincocinco']) {
      const refused = await save(phoneField, bad);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'value',
        userMessage: 'El teléfono debe tener 10 dígitos',
      });
      expect(await stored(phoneField)).toBe('5512345678');
    }
    // Empty is allowed: it clears the value.
    expect((await save(phoneField, '')).data?.saveClientInfo).toBeNull();
    expect(await stored(phoneField)).toBeNull();

    expect((await save(budget, '250')).data?.saveClientInfo?.value).toBe('250');
    expect((await save(budget, '99.95')).data?.saveClientInfo?.value).toBe('99.95');
    for (const bad of ['0', '0.5', '-10', '1,5', '12.', '1e3', 'cien']) {
      const refused = await save(budget, bad);
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'value',
        userMessage: 'Debe ser un número válido',
      });
      expect(await stored(budget)).toBe('99.95');
    }
  });
});

describe('follow-up messages', () => {
  const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

  it('creates, edits and deletes, keeping hasFollowUpMessage right', async () => {
    const clientId = await newConversation();
    const created = await gql<{ createFollowUpMessage: { id: number; content: string; agentName: string } }>(
      t,
      agente,
      `mutation { createFollowUpMessage(clientId: ${clientId}, input: { sendAt: "${inHours(2)}", content: "¿Pudiste revisar la cotización?" }) { id content agentName sendAt } }`,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createFollowUpMessage.agentName).toBe('Ana Agente');
    let [row] = await ds.query(`SELECT "hasFollowUpMessage" FROM clients WHERE id = $1`, [clientId]);
    expect(row.hasFollowUpMessage).toBe(true);
    const id = created.data?.createFollowUpMessage.id;
    const edited = await gql<{ updateFollowUpMessage: { content: string } }>(
      t,
      agente,
      `mutation { updateFollowUpMessage(id: ${id}, input: { sendAt: "${inHours(3)}", content: "Te escribo de nuevo" }) { content } }`,
    );
    expect(edited.data?.updateFollowUpMessage.content).toBe('Te escribo de nuevo');
    const listed = await gql<{ followUpMessages: unknown[] }>(
      t,
      agente,
      `{ followUpMessages(clientId: ${clientId}) { id } }`,
    );
    expect(listed.data?.followUpMessages).toHaveLength(1);
    const deleted = await gql(t, agente, `mutation { deleteFollowUpMessage(id: ${id}) }`);
    expect(deleted.errors).toBeUndefined();
    [row] = await ds.query(`SELECT "hasFollowUpMessage" FROM clients WHERE id = $1`, [clientId]);
    expect(row.hasFollowUpMessage).toBe(false);
  });

  it('refuses a past time, an empty message, free text after the window closes, and a wrong template', async () => {
    const clientId = await newConversation(23 * 3600); // window closes in about an hour
    const create = (input: string) =>
      gql(t, agente, `mutation { createFollowUpMessage(clientId: ${clientId}, input: { ${input} }) { id } }`);
    const past = await create(`sendAt: "${inHours(-1)}", content: "hola"`);
    expect(past.errors?.[0]?.extensions?.field).toBe('sendAt');
    const empty = await create(`sendAt: "${inHours(0.5)}", content: "  "`);
    expect(empty.errors?.[0]?.extensions?.field).toBe('content');
    const late = await create(`sendAt: "${inHours(5)}", content: "hola"`);
    expect(late.errors?.[0]?.extensions?.field).toBe('templateId');
    const [template] = await ds.query(
      `SELECT t.id FROM whatsapp_templates t JOIN clients c ON c."channelId" = t."channelId"
       WHERE c.id = $1 AND t.name = 'seguimiento_pedido'`,
      [clientId],
    );
    const missingVars = await create(
      `sendAt: "${inHours(5)}", templateId: ${template.id}, variables: ["Ana"]`,
    );
    expect(missingVars.errors?.[0]?.extensions?.field).toBe('variables');
    const ok = await create(
      `sendAt: "${inHours(5)}", templateId: ${template.id}, variables: ["Ana", "A-123"]`,
    );
    expect(ok.errors).toBeUndefined();
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM follow_up_messages WHERE "clientId" = $1`,
      [clientId],
    );
    expect(n).toBe(1);
    const foreign = await gql(t, otherAdmin, `{ followUpMessages(clientId: ${clientId}) { id } }`);
    expect(code(foreign)).toBe('FORBIDDEN');
  });
});

describe('forward', () => {
  it('sends 1–6 messages to 1–2 open conversations, and refuses everything when one rule fails', async () => {
    const source = await newConversation();
    const a = await newConversation();
    const b = await newConversation();
    const closed = await newConversation(25 * 3600);
    const [message] = await ds.query(`SELECT id FROM messages WHERE "clientId" = $1`, [source]);
    const forward = (ids: number[], to: number[]) =>
      gql<{ forwardMessages: Array<{ clientId: number; content: string; messageStatus: string }> }>(
        t,
        agente,
        `mutation { forwardMessages(messageIds: [${ids.join(',')}], clientIds: [${to.join(',')}]) { clientId content messageStatus } }`,
      );
    const sent = await forward([message.id], [a, b]);
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.forwardMessages.map((m) => m.clientId).sort()).toEqual([a, b].sort());
    expect(sent.data?.forwardMessages[0].messageStatus).toBe('pending');

    const before = await ds.query(`SELECT count(*)::int AS n FROM messages WHERE "clientId" IN ($1, $2)`, [
      a,
      closed,
    ]);
    expect(code(await forward([message.id], [a, closed]))).toBe('VALIDATION_ERROR');
    expect(code(await forward([message.id], [a, b, closed]))).toBe('VALIDATION_ERROR');
    // 02 §9: at most 6 messages and 2 contacts, refused on the field with the rule's text.
    expect((await forward([message.id], [a, b, source])).errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'clientIds',
      userMessage: COMPOSE_MESSAGES.forwardContactsCount,
    });
    expect((await forward([1, 2, 3, 4, 5, 6, 7], [a])).errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'messageIds',
      userMessage: COMPOSE_MESSAGES.forwardMessagesCount,
    });
    expect(code(await forward([], [a]))).toBe('VALIDATION_ERROR');
    const after = await ds.query(`SELECT count(*)::int AS n FROM messages WHERE "clientId" IN ($1, $2)`, [
      a,
      closed,
    ]);
    expect(after[0].n).toBe(before[0].n);
  });
});
