import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobQueueService } from '../src/jobs/job-queue.service';
import { whatsappWebhook } from './instance-kit';
import {
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
import { postWhatsapp } from './webhook-helpers';

// Issue 17, exactly once across a crash: the send job marks a message just before calling the provider. A later try
// that finds the mark without a provider id knows an earlier one may have reached the provider and died before
// recording the answer (the two-instance test kills a process at that very moment). On WhatsApp, whose statuses
// repeat the biz_opaque_callback_data each send carries, the job waits for the status naming the message
// (SEND_RECONCILE_MS, 60 s here) instead of sending it again; only when none comes is it sent again.

let t: ScheduledApp;
let tenant: Tenant;
beforeAll(async () => {
  ({
    t,
    tenants: [tenant],
  } = await startScheduledSuite('envioscortados'));
});
afterAll(async () => {
  await t?.close();
});

const SEND = 'send-message';

/** A message of ours an earlier try handed to the provider `secondsAgo` and never recorded an answer for. */
async function interrupted(clientId: number, content: string, secondsAgo: number): Promise<number> {
  const [row] = await t.ds.query(
    `INSERT INTO messages ("companyId", "clientId", "channelId", type, content, sender, "senderUserId", time,
       "messageStatus", "sendStartedAt")
     VALUES ($1, $2, $3, 'text', $4, 'AGENT', $5, now(), 'pending', now() - make_interval(secs => $6))
     RETURNING id`,
    [tenant.companyId, clientId, tenant.channelId, content, tenant.ownerId, secondsAgo],
  );
  await t.app.get<JobQueueService>(JobQueueService).enqueue(SEND, { messageId: row.id });
  return row.id;
}

function statusWebhook(wamid: string, to: string, tracking: string): string {
  const timestamp = String(Math.floor(Date.now() / 1000));
  return whatsappWebhook(tenant.phoneNumberId, {
    statuses: [
      { id: wamid, status: 'delivered', timestamp, recipient_id: to, biz_opaque_callback_data: tracking },
    ],
  });
}

const textsSent = (text: string) =>
  sendsOf(t, tenant).filter((body) => (body.text as { body?: string } | undefined)?.body === text);

async function message(id: number) {
  const [row] = await t.ds.query(`SELECT * FROM messages WHERE id = $1`, [id]);
  return row;
}

describe('a send interrupted before its answer', () => {
  it('every WhatsApp send carries our message as biz_opaque_callback_data', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    const id = await agentWrites(t, tenant.token, clientId, 'Con referencia');
    await waitFor(async () => textsSent('Con referencia').length === 1, 'the send');
    expect(textsSent('Con referencia')[0].biz_opaque_callback_data).toBe(`crm-message:${id}`);
    const sent = await waitFor(async () => {
      const row = await message(id);
      return row.messageApiId ? row : null;
    }, 'its provider id');
    expect(sent.sendStartedAt).not.toBeNull();
  });

  it('is not sent again: the status naming it records its id, and the waiting job then ends', async () => {
    const { clientId, from } = await customerWrites(t, tenant, 'Hola');
    const id = await interrupted(clientId, 'Ya lo tiene el proveedor', 1);
    // The job found the mark and waits for the status rather than calling the provider.
    const waiting = await waitFor(async () => {
      const jobs = await jobsOf(t, SEND, 'messageId', id);
      return jobs.length === 1 &&
        jobs[0].attempts > 0 &&
        new Date(jobs[0].runAt).getTime() > Date.now() + 30_000
        ? jobs
        : null;
    }, 'the send job to wait');
    expect(textsSent('Ya lo tiene el proveedor')).toHaveLength(0);

    // The provider's status for the message it took names it: its id is recorded, its status applied.
    const res = await postWhatsapp(t, statusWebhook(`wamid.CORTADO${id}`, from, `crm-message:${id}`));
    expect(res.status).toBe(200);
    expect(await message(id)).toMatchObject({
      messageApiId: `wamid.CORTADO${id}`,
      messageStatus: 'delivered',
    });

    await arrive(t, waiting);
    await jobsDone(t, SEND, 'messageId', id);
    expect(textsSent('Ya lo tiene el proveedor')).toHaveLength(0);
  });

  it('is sent again once no status came within the wait', async () => {
    const { clientId } = await customerWrites(t, tenant, 'Hola');
    const id = await interrupted(clientId, 'Nunca llegó', 61);
    await jobsDone(t, SEND, 'messageId', id);
    await waitFor(async () => textsSent('Nunca llegó').length === 1, 'the send');
    expect(textsSent('Nunca llegó')[0].biz_opaque_callback_data).toBe(`crm-message:${id}`);
    expect((await message(id)).messageApiId).toMatch(/^wamid\.SCHEDULED-/);
  });

  it("ignores a status whose reference is not one of this channel's interrupted messages", async () => {
    const { clientId, from } = await customerWrites(t, tenant, 'Hola');
    const sent = await agentWrites(t, tenant.token, clientId, 'Enviado normal');
    const recorded = await waitFor(async () => (await message(sent)).messageApiId as string | null, 'its id');
    // Another wamid claiming our already-recorded message, and a reference that is not ours: nothing changes.
    await postWhatsapp(t, statusWebhook('wamid.AJENO1', from, `crm-message:${sent}`));
    await postWhatsapp(t, statusWebhook('wamid.AJENO2', from, 'otra-app:123'));
    expect((await message(sent)).messageApiId).toBe(recorded);
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM messages WHERE "messageApiId" IN ('wamid.AJENO1', 'wamid.AJENO2')`,
    );
    expect(n).toBe(0);
  });
});
