import { expect } from 'vitest';
import {
  FakeProviderServer,
  type ProviderRequest,
} from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { addChannel, newCompany, uniqueNumber } from './template-helpers';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

// Issue 17: what the scheduled-send suites share (follow-ups sent by their job, follow-up bots): a fake Graph API
// on loopback that records every send and answers each with a fresh wamid, a company of their own with its own
// WhatsApp Cloud channel (so no other suite's rows or bots are in the way), customers writing in by signed webhook,
// and the test's clock.

/** An app and the suite's SQL client (what a tenant and its customers need). */
export interface AppWithSql extends TestApp {
  ds: TestSql;
}

export interface ScheduledApp extends AppWithSql {
  graph: FakeProviderServer;
}

export async function startScheduledApp(): Promise<ScheduledApp> {
  const graph = await FakeProviderServer.start({
    status: 200,
    body: (n: number) => ({
      messaging_product: 'whatsapp',
      contacts: [],
      messages: [{ id: `wamid.SCHEDULED-${Date.now()}-${n}` }],
    }),
  });
  const t = await startTestApp({ JOB_POLL_MS: '50', WHATSAPP_GRAPH_URL: `${graph.url}/v23.0` });
  return {
    ...t,
    ds: testSql(),
    graph,
    close: async () => {
      await t.close();
      await graph.close();
    },
  };
}

export interface Tenant {
  token: string;
  companyId: number;
  ownerId: number;
  channelId: number;
  /** The channel's phone number id: its sends go to POST /{version}/{phoneNumberId}/messages. */
  phoneNumberId: string;
}

/** A new company with a WhatsApp Cloud channel of its own. */
export async function newTenant(t: AppWithSql, label: string): Promise<Tenant> {
  const { token, companyId } = await newCompany(t, t.ds, label);
  const phoneNumberId = String(uniqueNumber());
  const channelId = await addChannel(t, t.ds, companyId, 'whatsapp_cloud', phoneNumberId, 'token-scheduled');
  const [owner] = await t.ds.query(`SELECT id FROM users WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
    companyId,
  ]);
  return { token, companyId, ownerId: owner.id, channelId, phoneNumberId };
}

/**
 * What each scheduled-send suite starts in its beforeAll: the app with its fake Graph API and one tenant per label,
 * in order (the suite closes the app in its afterAll).
 */
export async function startScheduledSuite<L extends string[]>(
  ...labels: L
): Promise<{ t: ScheduledApp; tenants: { [K in keyof L]: Tenant } }> {
  const t = await startScheduledApp();
  const tenants: Tenant[] = [];
  // One after the other: each tenant's company and channel get their own numbers.
  for (const label of labels) tenants.push(await newTenant(t, label));
  return { t, tenants: tenants as { [K in keyof L]: Tenant } };
}

let seq = 0;

/** A customer's text to the tenant's channel through the signed webhook, written now; their conversation's id. */
export async function customerWrites(
  t: AppWithSql,
  tenant: Tenant,
  text: string,
  from?: string,
): Promise<{ clientId: number; from: string }> {
  seq += 1;
  const sender = from ?? `52155${String(Date.now()).slice(-6)}${String(seq).padStart(3, '0')}`;
  const body = whatsappFixture('message-text', {
    '16505551234': sender,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.CUSTOMER${sender}x${seq}`,
    'Does it come in another color?': text,
  })
    .replaceAll('100000000000001', tenant.phoneNumberId)
    .replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
  const [row] = await t.ds.query(`SELECT id FROM clients WHERE "senderId" = $1 AND "channelId" = $2`, [
    sender,
    tenant.channelId,
  ]);
  return { clientId: row.id, from: sender };
}

/** An accepted template of the tenant's channel whose body takes one variable. */
export async function acceptedTemplate(t: ScheduledApp, tenant: Tenant, name: string): Promise<number> {
  const [row] = await t.ds.query(
    `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, variables, components)
     VALUES ($1, $2, $3, 'es_MX', 'accepted', 1, $4) RETURNING id`,
    [
      tenant.companyId,
      tenant.channelId,
      name,
      JSON.stringify([{ type: 'BODY', text: 'Hola {{1}}, ¿seguimos con tu pedido?' }]),
    ],
  );
  return row.id;
}

/** What the tenant's channel sent to the provider, in order, as the provider received it. */
export function sendsOf(t: ScheduledApp, tenant: Tenant): Array<Record<string, unknown>> {
  return t.graph.requests
    .filter(
      (r: ProviderRequest) => r.method === 'POST' && r.path.endsWith(`/${tenant.phoneNumberId}/messages`),
    )
    .map((r) => r.json as Record<string, unknown>);
}

/** An agent's text in the conversation through the API (sendMessage), as the composer sends it. */
export async function agentWrites(t: AppWithSql, token: string, clientId: number, text: string) {
  const sent = await gql<{ sendMessage: { id: number } }>(
    t,
    token,
    `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`,
    { input: { clientId, text } },
  );
  expect(sent.errors).toBeUndefined();
  return sent.data?.sendMessage.id as number;
}

/** Polls `check` until it holds (what the workers do takes a moment), failing after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface WaitingJob {
  id: string;
  runAt: Date;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * The jobs of `task` whose payload field `field` is `value` (waiting, running or failed for good). Read only: the
 * payload is only in Graphile's private table (its public view leaves it out).
 */
export async function jobsOf(
  t: ScheduledApp,
  task: string,
  field: string,
  value: number,
): Promise<WaitingJob[]> {
  const rows = await t.ds.query(
    `SELECT j.id::text, j.run_at AS "runAt", j.payload, j.attempts
     FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id
     WHERE k.identifier = $1 AND j.payload->>$2 = $3 ORDER BY j.run_at, j.id`,
    [task, field, String(value)],
  );
  return rows as WaitingJob[];
}

/**
 * The test's clock. Rather than sleeping until a follow-up's or a bot's time, the test makes that time come for
 * its jobs: Graphile Worker's public `reschedule_jobs` moves their run_at to now, which is all that reaching the time
 * does to a job. The rows keep their own times, so each handler's claim (the row's time equals the job's) runs
 * exactly as it would at the real time; moving the rows instead would make the jobs stale (the handlers rightly
 * ignore a job whose time no longer matches its row), and that case is tested on its own.
 */
export async function arrive(t: ScheduledApp, jobs: WaitingJob[]): Promise<void> {
  if (jobs.length === 0) throw new Error('no job to bring forward');
  await t.ds.query(`SELECT graphile_worker.reschedule_jobs($1::bigint[], run_at => now())`, [
    jobs.map((job) => job.id),
  ]);
}

/** Until none of `task`'s jobs for that row is left (a job that ran to its end, sending or not, leaves the table). */
export async function jobsDone(t: ScheduledApp, task: string, field: string, value: number): Promise<void> {
  await waitFor(
    async () => (await jobsOf(t, task, field, value)).length === 0,
    `${task} jobs of ${field} ${value} to finish`,
  );
}
