import { FOLLOW_UP_MESSAGES } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueueService } from '../src/jobs/job-queue.service';
import { AutomationSweepService } from '../src/modules/message-bots/automation-sweep.service';
import { gql } from './helpers';
import {
  acceptedTemplate,
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
import { nextEvent, openSocket } from './socket-helpers';

// Issue 17: the follow-up messages agents schedule from the conversation panel are sent by a durable job at their
// time, once, as the agent; edits move the time, deletions cancel, refusals show in the panel. Each "time comes"
// step is the test's clock (scheduled-sends-helpers `arrive`), never a sleep.

let t: ScheduledApp;
let tenant: Tenant;
const sockets: Socket[] = [];
beforeAll(async () => {
  ({
    t,
    tenants: [tenant],
  } = await startScheduledSuite('seguimientos'));
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const TASK = 'follow-up-send';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

interface FollowUp {
  id: number;
  status: string;
  sendAt: string;
  content: string;
  failureReason: string | null;
  messageId: number | null;
}
const FIELDS = 'id status sendAt content failureReason messageId';

async function schedule(clientId: number, input: string, token = tenant.token): Promise<FollowUp> {
  const res = await gql<{ createFollowUpMessage: FollowUp }>(
    t,
    token,
    `mutation { createFollowUpMessage(clientId: ${clientId}, input: { ${input} }) { ${FIELDS} } }`,
  );
  expect(res.errors).toBeUndefined();
  return res.data?.createFollowUpMessage as FollowUp;
}

async function row(id: number) {
  const [found] = await t.ds.query(`SELECT * FROM follow_up_messages WHERE id = $1`, [id]);
  return found;
}

async function flag(clientId: number): Promise<boolean> {
  const [c] = await t.ds.query(`SELECT "hasFollowUpMessage" FROM clients WHERE id = $1`, [clientId]);
  return c.hasFollowUpMessage;
}

const textsSent = (text: string) =>
  sendsOf(t, tenant).filter((body) => (body.text as { body?: string } | undefined)?.body === text);

describe('a scheduled follow-up', () => {
  it('is sent once at its time, as the agent, by the job enqueued with it', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Quiero una cotización');
    const followUp = await schedule(
      clientId,
      `sendAt: "${inMinutes(60)}", content: "¿Pudiste ver la cotización?"`,
    );
    expect(await flag(clientId)).toBe(true);

    // The job exists with the row (same transaction), due exactly at sendAt, under the key of (follow-up, time).
    const jobs = await jobsOf(t, TASK, 'followUpId', followUp.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].runAt).getTime()).toBe(new Date(followUp.sendAt).getTime());
    const [key] = await t.ds.query(`SELECT key FROM job_keys WHERE key LIKE $1`, [
      `follow-up:${followUp.id}:%`,
    ]);
    expect(key.key).toBe(`follow-up:${followUp.id}:${new Date(followUp.sendAt).getTime()}`);
    expect(textsSent('¿Pudiste ver la cotización?')).toHaveLength(0);

    // The team sees it go: the new message, and the conversation with its flag down (openClient, reason followUp).
    const socket = await openSocket(t.baseUrl, tenant.token, sockets);
    const newMessage = nextEvent<{ client: { id: number }; message: { content: string } }>(
      socket,
      'newMessage',
      8000,
      (event) => event.client.id === clientId,
    );
    const opened = nextEvent<{ client: { id: number; hasFollowUpMessage: boolean }; reason: string }>(
      socket,
      'openClient',
      8000,
      (event) => event.client.id === clientId && event.reason === 'followUp',
    );
    await arrive(t, jobs);
    expect((await newMessage).message.content).toBe('¿Pudiste ver la cotización?');
    expect((await opened).client.hasFollowUpMessage).toBe(false);
    const sent = await waitFor(async () => {
      const r = await row(followUp.id);
      return r.status === 'sent' && r.messageId !== null ? r : null;
    }, 'the follow-up to be sent');
    await waitFor(
      async () => textsSent('¿Pudiste ver la cotización?').length === 1,
      'the provider to get it',
    );
    const [message] = await t.ds.query(`SELECT * FROM messages WHERE id = $1`, [sent.messageId]);
    expect(message).toMatchObject({
      clientId,
      sender: 'AGENT',
      senderUserId: tenant.ownerId,
      content: '¿Pudiste ver la cotización?',
      type: 'text',
    });
    expect(message.payload).toMatchObject({ automation: 'followUp' });
    expect(sent.sentAt).not.toBeNull();
    expect(await flag(clientId)).toBe(false);

    // Redelivered (a second run of the same job, or another instance's): nothing more is sent.
    await t.app
      .get<JobQueueService>(JobQueueService)
      .enqueue(TASK, { followUpId: followUp.id, sendAt: new Date(followUp.sendAt).toISOString() });
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    // The sweep finds nothing to do for it either.
    await t.app.get(AutomationSweepService).sweep();
    expect(await jobsOf(t, TASK, 'followUpId', followUp.id)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsSent('¿Pudiste ver la cotización?')).toHaveLength(1);
  });

  it('edited to another time is sent at the new time only, with the edited text', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    const followUp = await schedule(clientId, `sendAt: "${inMinutes(60)}", content: "Primera versión"`);
    const edited = await gql<{ updateFollowUpMessage: FollowUp }>(
      t,
      tenant.token,
      `mutation { updateFollowUpMessage(id: ${followUp.id}, input: { sendAt: "${inMinutes(120)}", content: "Versión editada" }) { ${FIELDS} } }`,
    );
    expect(edited.errors).toBeUndefined();
    const newTime = new Date(edited.data?.updateFollowUpMessage.sendAt as string).getTime();

    const jobs = await jobsOf(t, TASK, 'followUpId', followUp.id);
    expect(jobs.map((job) => new Date(job.runAt).getTime())).toEqual([
      new Date(followUp.sendAt).getTime(),
      newTime,
    ]);
    // The old time comes first: its job finds sendAt changed and sends nothing.
    await arrive(t, [jobs[0]]);
    await waitFor(async () => (await jobsOf(t, TASK, 'followUpId', followUp.id)).length === 1, 'the old job');
    expect((await row(followUp.id)).status).toBe('scheduled');
    expect(textsSent('Primera versión')).toHaveLength(0);
    expect(textsSent('Versión editada')).toHaveLength(0);

    await arrive(t, [jobs[1]]);
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    await waitFor(async () => textsSent('Versión editada').length === 1, 'the edited follow-up to go');
    expect((await row(followUp.id)).status).toBe('sent');
    expect(textsSent('Primera versión')).toHaveLength(0);
  });

  it('deleted is never sent, and the flag goes down', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Hola otra vez');
    const followUp = await schedule(clientId, `sendAt: "${inMinutes(30)}", content: "No debe salir"`);
    const jobs = await jobsOf(t, TASK, 'followUpId', followUp.id);
    const removed = await gql(t, tenant.token, `mutation { deleteFollowUpMessage(id: ${followUp.id}) }`);
    expect(removed.errors).toBeUndefined();
    expect(await flag(clientId)).toBe(false);
    await arrive(t, jobs);
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    expect(textsSent('No debe salir')).toHaveLength(0);
    expect(await row(followUp.id)).toBeUndefined();
  });

  it('sends its template with the variables, outside the reply window too', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Mañana les confirmo');
    const templateId = await acceptedTemplate(t, tenant, `seguimiento_${Date.now()}`);
    const followUp = await schedule(
      clientId,
      `sendAt: "${inMinutes(60 * 30)}", templateId: ${templateId}, variables: ["Lucía"]`,
    );
    await t.ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 hour' WHERE id = $1`, [
      clientId,
    ]);
    const before = sendsOf(t, tenant).length;
    await arrive(t, await jobsOf(t, TASK, 'followUpId', followUp.id));
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    await waitFor(async () => sendsOf(t, tenant).length === before + 1, 'the template to go');
    const body = sendsOf(t, tenant).at(-1) as { type: string; template: Record<string, unknown> };
    expect(body.type).toBe('template');
    expect(JSON.stringify(body.template)).toContain('Lucía');
    expect((await row(followUp.id)).status).toBe('sent');
  });

  it('of free text, due once the window has closed, fails with the reason shown in the panel, not retried', async () => {
    const { clientId } = await customerWrites(t, tenant, '¿A qué hora abren?');
    const followUp = await schedule(clientId, `sendAt: "${inMinutes(60)}", content: "Ventana cerrada"`);
    // The customer's window closed before the time came (it was open when the follow-up was scheduled).
    await t.ds.query(`UPDATE clients SET "windowExpiresAt" = now() - interval '1 minute' WHERE id = $1`, [
      clientId,
    ]);
    await arrive(t, await jobsOf(t, TASK, 'followUpId', followUp.id));
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    const failed = await row(followUp.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: FOLLOW_UP_MESSAGES.failedWindowClosed,
      messageId: null,
    });
    expect(textsSent('Ventana cerrada')).toHaveLength(0);
    expect(await flag(clientId)).toBe(false);

    const panel = await gql<{ followUpMessages: FollowUp[] }>(
      t,
      tenant.token,
      `{ followUpMessages(clientId: ${clientId}) { ${FIELDS} } }`,
    );
    expect(panel.data?.followUpMessages).toEqual([
      expect.objectContaining({
        id: followUp.id,
        status: 'failed',
        failureReason: FOLLOW_UP_MESSAGES.failedWindowClosed,
      }),
    ]);
    // It cannot be edited into a send, but it can be dismissed.
    const edit = await gql(
      t,
      tenant.token,
      `mutation { updateFollowUpMessage(id: ${followUp.id}, input: { sendAt: "${inMinutes(5)}", content: "x" }) { id } }`,
    );
    expect(edit.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    const dismissed = await gql(t, tenant.token, `mutation { deleteFollowUpMessage(id: ${followUp.id}) }`);
    expect(dismissed.errors).toBeUndefined();
  });

  it('whose template is no longer accepted fails with that reason', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Gracias');
    const templateId = await acceptedTemplate(t, tenant, `retirada_${Date.now()}`);
    const followUp = await schedule(
      clientId,
      `sendAt: "${inMinutes(60)}", templateId: ${templateId}, variables: ["Ana"]`,
    );
    await t.ds.query(`UPDATE whatsapp_templates SET status = 'denied' WHERE id = $1`, [templateId]);
    const before = sendsOf(t, tenant).length;
    await arrive(t, await jobsOf(t, TASK, 'followUpId', followUp.id));
    await jobsDone(t, TASK, 'followUpId', followUp.id);
    expect(await row(followUp.id)).toMatchObject({
      status: 'failed',
      failureReason: FOLLOW_UP_MESSAGES.failedTemplate,
    });
    expect(sendsOf(t, tenant)).toHaveLength(before);
  });
});

describe('the sweep (Graphile cron, every minute)', () => {
  it('sends a due follow-up that has no job (seeded by SQL, with microseconds) once; a second sweep adds nothing', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Escribo antes del seed');
    const [seeded] = await t.ds.query(
      `INSERT INTO follow_up_messages ("companyId", "clientId", "channelId", "agentId", content, "sendAt")
       VALUES ($1, $2, $3, $4, 'Sembrado sin trabajo', now() - interval '30.123456 seconds') RETURNING id`,
      [tenant.companyId, clientId, tenant.channelId, tenant.ownerId],
    );
    expect(await jobsOf(t, TASK, 'followUpId', seeded.id)).toHaveLength(0);
    const sweep = t.app.get(AutomationSweepService);
    await sweep.sweep();
    await sweep.sweep();
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM job_keys WHERE key LIKE $1`, [
      `follow-up:${seeded.id}:%`,
    ]);
    expect(n).toBe(1);
    await waitFor(async () => (await row(seeded.id)).status === 'sent', 'the seeded follow-up to be sent');
    await jobsDone(t, TASK, 'followUpId', seeded.id);
    await sweep.sweep();
    await waitFor(async () => textsSent('Sembrado sin trabajo').length === 1, 'the provider to get it');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(textsSent('Sembrado sin trabajo')).toHaveLength(1);
  });

  it('leaves follow-ups due later than the next two minutes to their own job', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Más tarde');
    const followUp = await schedule(
      clientId,
      `sendAt: "${inMinutes(10)}", content: "Dentro de diez minutos"`,
    );
    await t.app.get(AutomationSweepService).sweep();
    const jobs = await jobsOf(t, TASK, 'followUpId', followUp.id);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].runAt).getTime()).toBe(new Date(followUp.sendAt).getTime());
    expect((await row(followUp.id)).status).toBe('scheduled');
  });
});
