import { MESSAGE_BOT_MESSAGES, templateVariablesMessage } from '@crm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueueService } from '../src/jobs/job-queue.service';
import { gql, login } from './helpers';
import {
  acceptedTemplate,
  agentWrites,
  arrive,
  customerWrites,
  jobsDone,
  jobsOf,
  type ScheduledApp,
  sendsOf,
  startScheduledSuite,
  type Tenant,
  waitFor,
} from './scheduled-sends-helpers';

// Issue 17, follow-up bots (02 §3 Message bot config / Message bot): armed by an agent's message, fired after their
// delay by a durable job keyed per (firing, time), cancelled by the customer's answer. Every "the delay passes" is the
// test's clock (scheduled-sends-helpers `arrive`: the job's run_at is brought to now), never a sleep.

let t: ScheduledApp;
let tenant: Tenant;
let other: Tenant;
beforeAll(async () => {
  ({
    t,
    tenants: [tenant, other],
  } = await startScheduledSuite('botsseguimiento', 'otraempresa'));
});
afterAll(async () => {
  await t?.close();
});

const FIRE = 'message-bot-fire';
const HOUR = 3600;

interface Config {
  id: number;
  channelId: number;
  content: string;
  isActive: boolean;
  timeLapseInSeconds: number;
  templateId: number | null;
  templateName: string | null;
  variables: string[];
}
const CONFIG_FIELDS = 'id channelId content isActive timeLapseInSeconds templateId templateName variables';

function createConfig(input: Record<string, unknown>, token = tenant.token) {
  return gql<{ createMessageBotConfig: Config }>(
    t,
    token,
    `mutation($input: CreateMessageBotConfigInput!) { createMessageBotConfig(input: $input) { ${CONFIG_FIELDS} } }`,
    { input },
  );
}

async function config(input: Record<string, unknown>, owner = tenant): Promise<Config> {
  const res = await createConfig({ channelId: owner.channelId, ...input }, owner.token);
  expect(res.errors).toBeUndefined();
  return res.data?.createMessageBotConfig as Config;
}

/** Turns the tenant's configs off (each test arms only the ones it creates). */
async function quiet(): Promise<void> {
  await t.ds.query(`UPDATE message_bot_configs SET "isActive" = false WHERE "channelId" = $1`, [
    tenant.channelId,
  ]);
}

async function botsOf(clientId: number) {
  return t.ds.query(`SELECT * FROM message_bots WHERE "clientId" = $1 ORDER BY "nextDate", id`, [clientId]);
}

const textsSent = (text: string) =>
  sendsOf(t, tenant).filter((body) => (body.text as { body?: string } | undefined)?.body === text);

/** Until the customer's message has been through automation (its job ran and left). */
async function automationDone(messageClientId: number): Promise<void> {
  await waitFor(async () => {
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks k ON k.id = j.task_id
       WHERE k.identifier = 'automation-inbound' AND (j.payload->>'clientId')::int = $1`,
      [messageClientId],
    );
    return n === 0;
  }, 'the automation of the customer message');
}

describe('a follow-up bot', () => {
  it("is armed by the agent's message and fires once after its delay, as the bot", async () => {
    await quiet();
    const bot = await config({ timeLapseInSeconds: HOUR, content: '¿Sigues interesado?' });
    const { clientId } = await customerWrites(t, tenant, 'Me interesa el plan anual');
    const messageId = await agentWrites(t, tenant.token, clientId, 'Claro, te paso los precios');
    const [agentMessage] = await t.ds.query(`SELECT time FROM messages WHERE id = $1`, [messageId]);

    const [armed] = await botsOf(clientId);
    expect(armed).toMatchObject({ configId: bot.id, wasSent: false, anchorMessageId: messageId });
    expect(new Date(armed.nextDate).getTime()).toBe(new Date(agentMessage.time).getTime() + HOUR * 1000);
    const jobs = await jobsOf(t, FIRE, 'messageBotId', armed.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].runAt).getTime()).toBe(new Date(armed.nextDate).getTime());
    const [key] = await t.ds.query(`SELECT key FROM job_keys WHERE key LIKE $1`, [
      `message-bot:${armed.id}:%`,
    ]);
    expect(key.key).toBe(`message-bot:${armed.id}:${new Date(armed.nextDate).getTime()}`);
    expect(textsSent('¿Sigues interesado?')).toHaveLength(0);

    await arrive(t, jobs);
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    const [fired] = await botsOf(clientId);
    expect(fired).toMatchObject({ wasSent: true });
    expect(fired.messageId).not.toBeNull();
    expect(fired.sentAt).not.toBeNull();
    const [message] = await t.ds.query(`SELECT * FROM messages WHERE id = $1`, [fired.messageId]);
    expect(message).toMatchObject({ sender: 'BOT', senderUserId: null, content: '¿Sigues interesado?' });
    expect(message.payload).toMatchObject({ automation: 'followUpBot' });
    await waitFor(async () => textsSent('¿Sigues interesado?').length === 1, 'the provider to get it');

    // 02 §3 Message bot: nextDate an integer (seconds), wasSent, the conversation and the config.
    const listed = await gql<{
      messageBots: Array<{
        id: number;
        nextDate: number;
        wasSent: boolean;
        messageId: number;
        client: { id: number; name: string };
        config: { id: number };
      }>;
    }>(
      t,
      tenant.token,
      `{ messageBots(configId: ${bot.id}) { id nextDate wasSent messageId client { id name } config { id } } }`,
    );
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.messageBots).toEqual([
      {
        id: armed.id,
        nextDate: Math.floor(new Date(armed.nextDate).getTime() / 1000),
        wasSent: true,
        messageId: fired.messageId,
        client: { id: clientId, name: 'Sheena Nelson' },
        config: { id: bot.id },
      },
    ]);
  });

  it("is cancelled by the customer's answer: its time comes and nothing goes", async () => {
    await quiet();
    await config({ timeLapseInSeconds: HOUR, content: 'Cancelado por respuesta' });
    const { clientId, from } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, '¿En qué te ayudo?');
    const [armed] = await botsOf(clientId);
    const jobs = await jobsOf(t, FIRE, 'messageBotId', armed.id);

    await customerWrites(t, tenant, 'Quiero dos piezas', from);
    await automationDone(clientId);
    expect(await botsOf(clientId)).toHaveLength(0);
    await arrive(t, jobs);
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    expect(textsSent('Cancelado por respuesta')).toHaveLength(0);
  });

  it('does not fire when the customer wrote after the agent, even before automation handled it', async () => {
    await quiet();
    await config({ timeLapseInSeconds: HOUR, content: 'No debe adelantarse' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, 'Dime');
    const [armed] = await botsOf(clientId);
    const jobs = await jobsOf(t, FIRE, 'messageBotId', armed.id);
    // The customer's answer is stored, its automation job not run yet (written as the webhook stores it, without
    // the job, so the race is the test's and not the worker's).
    await t.ds.query(
      `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, time)
       VALUES ($1, $2, $3, 'text', 'Ya respondí', 'CLIENT', now())`,
      [tenant.companyId, clientId, tenant.channelId],
    );
    await arrive(t, jobs);
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    expect(textsSent('No debe adelantarse')).toHaveLength(0);
    expect((await botsOf(clientId))[0].wasSent).toBe(false);
  });

  it('runs as a sequence: 1 h text, then 24 h template outside the window; its own sends arm nothing', async () => {
    await quiet();
    const templateId = await acceptedTemplate(t, tenant, `recordatorio_${Date.now()}`);
    const first = await config({ timeLapseInSeconds: HOUR, content: 'Paso 1 de la secuencia' });
    const second = await config({ timeLapseInSeconds: 24 * HOUR, templateId, variables: ['Sheena'] });
    const { clientId } = await customerWrites(t, tenant, 'Cotización por favor');
    const messageId = await agentWrites(t, tenant.token, clientId, 'Enseguida');
    const armed = await botsOf(clientId);
    expect(armed.map((b: { configId: number }) => b.configId)).toEqual([first.id, second.id]);
    expect(new Date(armed[1].nextDate).getTime() - new Date(armed[0].nextDate).getTime()).toBe(
      23 * HOUR * 1000,
    );

    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed[0].id));
    await jobsDone(t, FIRE, 'messageBotId', armed[0].id);
    await waitFor(async () => textsSent('Paso 1 de la secuencia').length === 1, 'step 1');
    // The bot's own message re-armed nothing: both firings keep their anchor and time.
    const after = await botsOf(clientId);
    expect(after.map((b: { anchorMessageId: number }) => b.anchorMessageId)).toEqual([messageId, messageId]);
    expect(new Date(after[1].nextDate).getTime()).toBe(new Date(armed[1].nextDate).getTime());

    // A day later the window has closed: the template still goes.
    await t.ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 hour' WHERE id = $1`, [
      clientId,
    ]);
    const before = sendsOf(t, tenant).length;
    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed[1].id));
    await jobsDone(t, FIRE, 'messageBotId', armed[1].id);
    await waitFor(async () => sendsOf(t, tenant).length === before + 1, 'step 2');
    const body = sendsOf(t, tenant).at(-1) as { type: string; template: unknown };
    expect(body.type).toBe('template');
    expect(JSON.stringify(body.template)).toContain('Sheena');
    expect((await botsOf(clientId)).every((b: { wasSent: boolean }) => b.wasSent)).toBe(true);
  });

  it('skips its text outside the reply window (logged, consumed, nothing sent)', async () => {
    await quiet();
    await config({ timeLapseInSeconds: HOUR, content: 'Texto fuera de ventana' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, 'Hola, ¿cómo estás?');
    const [armed] = await botsOf(clientId);
    await t.ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      clientId,
    ]);
    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed.id));
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    expect((await botsOf(clientId))[0]).toMatchObject({ wasSent: true, messageId: null });
    expect(textsSent('Texto fuera de ventana')).toHaveLength(0);
  });

  it('fires once when its job is delivered several times at once', async () => {
    await quiet();
    await config({ timeLapseInSeconds: 120, content: 'Una sola vez' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, 'Te escribo en un momento');
    const [armed] = await botsOf(clientId);
    const payload = { messageBotId: armed.id, nextDate: new Date(armed.nextDate).toISOString() };
    // Four more deliveries of the same job (no key: as a redelivery after a crash would be), all due now.
    const jobs = t.app.get<JobQueueService>(JobQueueService);
    await Promise.all(Array.from({ length: 4 }, () => jobs.enqueue(FIRE, payload)));
    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed.id));
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    await waitFor(async () => textsSent('Una sola vez').length > 0, 'the send');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsSent('Una sola vez')).toHaveLength(1);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM messages WHERE "clientId" = $1 AND content = 'Una sola vez'`,
      [clientId],
    );
    expect(n).toBe(1);
  });

  it("re-armed by the agent's next message fires at the new time only", async () => {
    await quiet();
    await config({ timeLapseInSeconds: HOUR, content: 'Desde el último mensaje' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, 'Primero');
    const [armed] = await botsOf(clientId);
    const oldJobs = await jobsOf(t, FIRE, 'messageBotId', armed.id);
    const second = await agentWrites(t, tenant.token, clientId, 'Segundo');
    const [rearmed] = await botsOf(clientId);
    expect(rearmed.id).toBe(armed.id);
    expect(rearmed.anchorMessageId).toBe(second);
    expect(new Date(rearmed.nextDate).getTime()).toBeGreaterThan(new Date(armed.nextDate).getTime());
    await arrive(t, oldJobs);
    await waitFor(async () => (await jobsOf(t, FIRE, 'messageBotId', armed.id)).length === 1, 'the old job');
    expect(textsSent('Desde el último mensaje')).toHaveLength(0);
    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed.id));
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    await waitFor(async () => textsSent('Desde el último mensaje').length === 1, 'the new time');
  });

  it("is armed by a scheduled follow-up sent in the agent's name, and turned off takes its pending firings", async () => {
    await quiet();
    const bot = await config({ timeLapseInSeconds: HOUR, content: 'Tras el programado' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    const created = await gql<{ createFollowUpMessage: { id: number } }>(
      t,
      tenant.token,
      `mutation { createFollowUpMessage(clientId: ${clientId}, input: { sendAt: "${new Date(Date.now() + 600_000).toISOString()}", content: "Mensaje programado" }) { id } }`,
    );
    expect(created.errors).toBeUndefined();
    const followUpId = created.data?.createFollowUpMessage.id as number;
    await arrive(t, await jobsOf(t, 'follow-up-send', 'followUpId', followUpId));
    await jobsDone(t, 'follow-up-send', 'followUpId', followUpId);
    const [followUp] = await t.ds.query(`SELECT "messageId" FROM follow_up_messages WHERE id = $1`, [
      followUpId,
    ]);
    const [armed] = await botsOf(clientId);
    expect(armed).toMatchObject({ configId: bot.id, anchorMessageId: followUp.messageId, wasSent: false });

    const off = await gql(
      t,
      tenant.token,
      `mutation { updateMessageBotConfig(id: ${bot.id}, input: { isActive: false }) { id } }`,
    );
    expect(off.errors).toBeUndefined();
    expect(await botsOf(clientId)).toHaveLength(0);
    await arrive(t, await jobsOf(t, FIRE, 'messageBotId', armed.id));
    await jobsDone(t, FIRE, 'messageBotId', armed.id);
    expect(textsSent('Tras el programado')).toHaveLength(0);
  });
});

describe('a follow-up bot armed by hand (02 §7 message bots create)', () => {
  const CREATE_BOT = `mutation($input: CreateMessageBotInput!) {
    createMessageBot(input: $input) { id nextDate wasSent client { id } config { id } } }`;
  interface Made {
    id: number;
    nextDate: number;
    wasSent: boolean;
    client: { id: number };
    config: { id: number };
  }
  const createBot = (input: Record<string, unknown>, token = tenant.token) =>
    gql<{ createMessageBot: Made }>(t, token, CREATE_BOT, { input });

  it('fires at its time as the bot, and the customer answering first cancels it', async () => {
    await quiet();
    const bot = await config({ timeLapseInSeconds: HOUR, content: 'Armado a mano' });
    const { clientId, from } = await customerWrites(t, tenant, 'Hola, ¿me pasas precios?');
    const before = Math.floor(Date.now() / 1000);
    const res = await createBot({ configId: bot.id, clientId });
    expect(res.errors).toBeUndefined();
    const made = res.data?.createMessageBot as Made;
    expect(made).toMatchObject({ wasSent: false, client: { id: clientId }, config: { id: bot.id } });
    expect(made.nextDate).toBeGreaterThanOrEqual(before + HOUR);
    expect(made.nextDate).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + HOUR);
    const jobs = await jobsOf(t, FIRE, 'messageBotId', made.id);
    expect(jobs).toHaveLength(1);
    await arrive(t, jobs);
    await jobsDone(t, FIRE, 'messageBotId', made.id);
    const [fired] = await botsOf(clientId);
    expect(fired).toMatchObject({ id: made.id, wasSent: true });
    const [message] = await t.ds.query(`SELECT sender, content FROM messages WHERE id = $1`, [
      fired.messageId,
    ]);
    expect(message).toEqual({ sender: 'BOT', content: 'Armado a mano' });

    // Armed again for a set time; the customer writes first: it goes, nothing is sent.
    const at = Math.floor(Date.now() / 1000) + 2 * HOUR;
    const again = await createBot({ configId: bot.id, clientId, nextDate: at });
    expect(again.data?.createMessageBot).toMatchObject({ id: made.id, nextDate: at, wasSent: false });
    // 02 §3 Bot follow-up config: its id with the list of its message bots.
    const withBots = await gql<{
      messageBotConfigs: Array<{ id: number; messageBots: Array<{ id: number }> }>;
    }>(
      t,
      tenant.token,
      `{ messageBotConfigs(channelId: ${tenant.channelId}) { id messageBots { id nextDate client { id } } } }`,
    );
    expect(withBots.data?.messageBotConfigs.find((c) => c.id === bot.id)?.messageBots).toEqual([
      { id: made.id, nextDate: at, client: { id: clientId } },
    ]);
    const pending = await jobsOf(t, FIRE, 'messageBotId', made.id);
    await customerWrites(t, tenant, 'Ya no, gracias', from);
    await automationDone(clientId);
    expect(await botsOf(clientId)).toHaveLength(0);
    await arrive(t, pending);
    await jobsDone(t, FIRE, 'messageBotId', made.id);
    expect(textsSent('Armado a mano')).toHaveLength(1);
  });

  it('refuses a time outside now to 30 days, an unknown conversation, an inactive bot and another company', async () => {
    await quiet();
    const bot = await config({ timeLapseInSeconds: HOUR, content: 'No se arma' });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    const now = Math.floor(Date.now() / 1000);
    const past = await createBot({ configId: bot.id, clientId, nextDate: now - 3600 });
    expect(past.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'nextDate',
      userMessage: MESSAGE_BOT_MESSAGES.nextDateInvalid,
    });
    const far = await createBot({ configId: bot.id, clientId, nextDate: now + 31 * 24 * HOUR });
    expect(far.errors?.[0]?.extensions?.field).toBe('nextDate');
    const unknown = await createBot({ configId: bot.id, clientId: 2_000_000_000 });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({
      field: 'clientId',
      userMessage: MESSAGE_BOT_MESSAGES.conversationNotFound,
    });
    const foreign = await createBot({ configId: bot.id, clientId }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await quiet();
    const inactive = await createBot({ configId: bot.id, clientId });
    expect(inactive.errors?.[0]?.extensions).toMatchObject({
      field: 'configId',
      userMessage: MESSAGE_BOT_MESSAGES.configInactive,
    });
    expect(await botsOf(clientId)).toHaveLength(0);
  });
});

describe('follow-up bot configs (GraphQL)', () => {
  it('are created, listed by channel and by template, edited and deleted; the template delete guard sees them', async () => {
    const templateId = await acceptedTemplate(t, tenant, `guardia_${Date.now()}`);
    const made = await config({
      timeLapseInSeconds: 72 * HOUR,
      templateId,
      variables: [' Ana '],
      isActive: false,
    });
    expect(made).toMatchObject({
      isActive: false,
      templateId,
      variables: ['Ana'],
      timeLapseInSeconds: 259_200,
    });
    expect(made.templateName).toMatch(/^guardia_/);

    const byChannel = await gql<{ messageBotConfigs: Config[] }>(
      t,
      tenant.token,
      `{ messageBotConfigs(channelId: ${tenant.channelId}) { id timeLapseInSeconds } }`,
    );
    expect(byChannel.data?.messageBotConfigs.map((c) => c.id)).toContain(made.id);
    const byTemplate = await gql<{ messageBotConfigs: Config[] }>(
      t,
      tenant.token,
      `{ messageBotConfigs(templateId: ${templateId}) { id } }`,
    );
    expect(byTemplate.data?.messageBotConfigs).toEqual([{ id: made.id }]);

    const guarded = await t.http
      .delete('/api/whatsappTemplate')
      .set('Authorization', `Bearer ${tenant.token}`)
      .send({ templateName: made.templateName, channelId: tenant.channelId });
    expect(guarded.status).toBe(409);
    expect(guarded.body).toMatchObject({ code: 'TEMPLATE_IN_USE', details: { usage: 'botFollowUp' } });

    const edited = await gql<{ updateMessageBotConfig: Config }>(
      t,
      tenant.token,
      `mutation { updateMessageBotConfig(id: ${made.id}, input: { templateId: null, content: "Texto", timeLapseInSeconds: 7200 }) { ${CONFIG_FIELDS} } }`,
    );
    expect(edited.errors).toBeUndefined();
    expect(edited.data?.updateMessageBotConfig).toMatchObject({
      templateId: null,
      content: 'Texto',
      timeLapseInSeconds: 7200,
      variables: [],
      isActive: false,
    });
    const removed = await gql<{ deleteMessageBotConfig: number }>(
      t,
      tenant.token,
      `mutation { deleteMessageBotConfig(id: ${made.id}) }`,
    );
    expect(removed.data?.deleteMessageBotConfig).toBe(made.id);
    expect(await t.ds.query(`SELECT id FROM message_bot_configs WHERE id = $1`, [made.id])).toHaveLength(0);
  });

  it('of another company are refused with 403, whatever id is sent', async () => {
    await quiet();
    const mine = await config({ timeLapseInSeconds: HOUR, content: 'Mío', isActive: true });
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    await agentWrites(t, tenant.token, clientId, 'Hola');
    const [bot] = await botsOf(clientId);
    const calls = [
      `{ messageBotConfigs(channelId: ${tenant.channelId}) { id } }`,
      `{ messageBots(configId: ${mine.id}) { id } }`,
      `mutation { createMessageBotConfig(input: { channelId: ${tenant.channelId}, timeLapseInSeconds: 3600, content: "x" }) { id } }`,
      `mutation { updateMessageBotConfig(id: ${mine.id}, input: { content: "Ajeno" }) { id } }`,
      `mutation { deleteMessageBotConfig(id: ${mine.id}) }`,
      `mutation { deleteMessageBot(id: ${bot.id}) }`,
    ];
    for (const call of calls) {
      const res = await gql(t, other.token, call);
      expect(res.errors?.[0].extensions, call).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    }
    const [kept] = await t.ds.query(`SELECT content FROM message_bot_configs WHERE id = $1`, [mine.id]);
    expect(kept.content).toBe('Mío');
    expect(await botsOf(clientId)).toHaveLength(1);
    // Another company's template is not one of this channel's.
    const foreignTemplate = await acceptedTemplate(t, other, `ajena_${Date.now()}`);
    const res = await createConfig({
      channelId: tenant.channelId,
      timeLapseInSeconds: HOUR,
      templateId: foreignTemplate,
      variables: ['x'],
    });
    expect(res.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'templateId' });
  });

  it('need readBot to read and writeBot to change (the default agent role has neither)', async () => {
    const agent = await login(t, 'agente@demo.local');
    const read = await gql(t, agent, `{ messageBotConfigs(channelId: ${tenant.channelId}) { id } }`);
    expect(read.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    const write = await gql(
      t,
      agent,
      `mutation { createMessageBotConfig(input: { channelId: ${tenant.channelId}, timeLapseInSeconds: 3600, content: "x" }) { id } }`,
    );
    expect(write.errors?.[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuse bad input with 400 on the field, in Spanish, and change nothing', async () => {
    const draft = await acceptedTemplate(t, tenant, `borrador_${Date.now()}`);
    await t.ds.query(`UPDATE whatsapp_templates SET status = 'submitted' WHERE id = $1`, [draft]);
    const accepted = await acceptedTemplate(t, tenant, `aceptada_${Date.now()}`);
    const otherChannel = await t.ds.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId") VALUES ($1, 'Segundo', 'whatsapp_cloud', $2) RETURNING id`,
      [tenant.companyId, `9${Date.now()}`],
    );
    const [{ id: otherChannelTemplate }] = await t.ds.query(
      `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, variables, components)
       VALUES ($1, $2, $3, 'es_MX', 'accepted', 0, '[]') RETURNING id`,
      [tenant.companyId, otherChannel[0].id, `otro_canal_${Date.now()}`],
    );
    const [{ n: before }] = await t.ds.query(`SELECT count(*)::int AS n FROM message_bot_configs`);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeLapseInSeconds: 59, content: 'x' }, 'timeLapseInSeconds', MESSAGE_BOT_MESSAGES.lapseTooShort],
      [
        { timeLapseInSeconds: 2_592_001, content: 'x' },
        'timeLapseInSeconds',
        MESSAGE_BOT_MESSAGES.lapseTooLong,
      ],
      [{ content: 'x' }, 'timeLapseInSeconds', MESSAGE_BOT_MESSAGES.lapseInvalid],
      [{ timeLapseInSeconds: HOUR, content: '   ' }, 'content', MESSAGE_BOT_MESSAGES.contentRequired],
      [
        { timeLapseInSeconds: HOUR, templateId: draft, variables: ['a'] },
        'templateId',
        MESSAGE_BOT_MESSAGES.templateNotApproved,
      ],
      [
        { timeLapseInSeconds: HOUR, templateId: otherChannelTemplate },
        'templateId',
        MESSAGE_BOT_MESSAGES.templateOfOtherChannel,
      ],
      [
        { timeLapseInSeconds: HOUR, templateId: accepted, variables: [] },
        'variables',
        templateVariablesMessage(1),
      ],
      [
        { timeLapseInSeconds: HOUR, templateId: accepted, variables: ['a', 'b'] },
        'variables',
        templateVariablesMessage(1),
      ],
      [
        { timeLapseInSeconds: HOUR, templateId: 999_999_999, variables: [] },
        'templateId',
        MESSAGE_BOT_MESSAGES.templateNotFound,
      ],
    ];
    for (const [input, field, userMessage] of cases) {
      const res = await createConfig({ channelId: tenant.channelId, ...input });
      expect(res.errors?.[0].extensions, JSON.stringify(input)).toMatchObject({
        code: 'VALIDATION_ERROR',
        status: 400,
        field,
        userMessage,
      });
    }
    const missing = await createConfig({ channelId: 999_999_999, timeLapseInSeconds: HOUR, content: 'x' });
    expect(missing.errors?.[0].extensions).toMatchObject({ status: 400, field: 'channelId' });
    const neither = await gql(t, tenant.token, `{ messageBotConfigs { id } }`);
    expect(neither.errors?.[0].extensions).toMatchObject({ status: 400, field: 'channelId' });
    // An edit is checked whole: a shorter wait than a minute on an existing config is refused too.
    const mine = await config({ timeLapseInSeconds: HOUR, content: 'Bien', isActive: false });
    const edit = await gql(
      t,
      tenant.token,
      `mutation { updateMessageBotConfig(id: ${mine.id}, input: { timeLapseInSeconds: 30 }) { id } }`,
    );
    expect(edit.errors?.[0].extensions).toMatchObject({ status: 400, field: 'timeLapseInSeconds' });
    const [{ n: after }] = await t.ds.query(`SELECT count(*)::int AS n FROM message_bot_configs`);
    expect(after).toBe(before + 1);
    const [kept] = await t.ds.query(`SELECT "timeLapseInSeconds" FROM message_bot_configs WHERE id = $1`, [
      mine.id,
    ]);
    expect(kept.timeLapseInSeconds).toBe(HOUR);
  });
});
