import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers';
import {
  agentMessagesSent,
  agentSend,
  type Delivery,
  deliverWebhook,
  type Instance,
  inboundText,
  pool,
  postAs,
  processSuite,
  RealtimeClient,
  RoundRobinBalancer,
  stopInstance,
  taggedContacts,
} from './instance-kit';
import { customerWrites, newTenant, type Tenant, waitFor } from './scheduled-sends-helpers';
import { testSql } from './sql';

// Issue 22, two instances of the built API (dist/main.js) on one PostgreSQL behind a round-robin load balancer, with
// socket clients that behave as the web client connected through it (so to both instances):
// - steady: every real-time event reaches every socket once, every send job runs once, and sign-in rate limits hold
//   across both instances;
// - a rolling restart under load (inbound webhooks and agents' sends spread over both; SIGTERM one, start its
//   replacement, then the other): each drains and exits 0, no webhook or send is lost or repeated, no job is left
//   locked, and a socket misses only events of the moment it was moved, which its reconnect reload reads again.

const API_FEATURE = 'dist/lifecycle/graceful-shutdown.js';
const CONVERSATIONS = 8;
const SOCKETS = 4;
const STEADY_WEBHOOKS = 80;
const STEADY_SENDS = 30;
const CAMPAIGN_RECIPIENTS = 200;
const CAMPAIGN_RATE = 20;

const ds = testSql();
const suite = processSuite(API_FEATURE, 'two-instances-drain');
const { graph } = suite;
const balancer = new RoundRobinBalancer();
const clients: RealtimeClient[] = [];
let lbUrl = '';
let tenant: Tenant;
let clientIds: number[] = [];
let instances: Instance[] = [];
let wamidSeq = 0;
/** Why an agent's send got no id (printed with the figures). */
const unanswered: string[] = [];
/** Sends whose connection closed before any answer, sent again. */
const resentAfterCut: string[] = [];
afterAll(async () => {
  for (const client of clients) client.close();
  await balancer.close();
});

function newDelivery(): Delivery {
  wamidSeq += 1;
  return { wamid: `wamid.DRAIN${tenant.phoneNumberId}x${wamidSeq}`, attempts: 0, ackedAt: 0 };
}

function deliver(delivery: Delivery): Promise<void> {
  const from = `5215531${String(tenant.companyId % 1000).padStart(3, '0')}${String(wamidSeq % 20).padStart(3, '0')}`;
  return deliverWebhook(lbUrl, delivery, inboundText(tenant.phoneNumberId, from, delivery.wamid, 'Hola'));
}

/**
 * An agent's message through the balancer, as the composer sends it; null when no answer came. A request whose
 * connection was closed before any answer (an instance closing the connection it accepted as it began to drain) is
 * sent once more, as the composer's retry would: if the first one had been processed after all, the provider would
 * get the text twice and the test's duplicate check fails.
 */
async function agentSends(text: string, clientId: number, attempt = 1): Promise<number | null> {
  let res: Response;
  try {
    res = await agentSend(lbUrl, tenant.token, clientId, text);
  } catch (error) {
    const reason = String((error as { cause?: unknown }).cause ?? error);
    if (attempt === 1) {
      resentAfterCut.push(reason);
      return agentSends(text, clientId, 2);
    }
    unanswered.push(reason);
    return null;
  }
  try {
    const body = (await res.json()) as { data?: { sendMessage?: { id: number } } | null; errors?: unknown[] };
    if (!body.data?.sendMessage) unanswered.push(`HTTP ${res.status} ${JSON.stringify(body.errors ?? body)}`);
    return body.data?.sendMessage?.id ?? null;
  } catch (error) {
    unanswered.push(String((error as { cause?: unknown }).cause ?? error));
    return null;
  }
}

/** What the inbox reads again after a reconnection (the web client's list reload). */
async function reloadList(): Promise<void> {
  const res = await postAs(lbUrl, tenant.token, '/api/conversations_by_filter', { custom: true, first: 50 });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`reload ${res.status}`);
}

/** The customers' messages a socket heard ('newClient' for a sender's first, 'newMessage' after). */
const wamidsOf = (client: RealtimeClient) =>
  client.received
    .map(
      (event) =>
        (event.payload as { message?: { messageApiId?: string | null } }).message?.messageApiId ?? '',
    )
    .filter((wamid) => wamid.startsWith('wamid.DRAIN'));
const mine = () => graph.sendsOf(tenant.phoneNumberId);

describe('two instances behind a round-robin balancer', () => {
  it('deliver every event to every socket once, run every job once, and hold rate limits across both', {
    timeout: 60_000,
  }, async () => {
    await suite.prepare(async (app) => {
      tenant = await newTenant(app, 'drenaje');
      clientIds = [];
      for (let i = 0; i < CONVERSATIONS; i += 1)
        clientIds.push((await customerWrites(app, tenant, `Hola ${i}`)).clientId);
    });
    lbUrl = await balancer.start();
    instances = await Promise.all([suite.start('a'), suite.start('b')]);
    balancer.use(instances);
    graph.statusTarget = lbUrl;
    // Both instances must know each other on the real-time bus before events cross it.
    await waitFor(async () => {
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE query ILIKE 'LISTEN%crm_realtime%'`,
      );
      return n >= 2;
    }, 'both instances on the real-time bus');
    await new Promise((done) => setTimeout(done, 300));
    const before = balancer.connections;
    for (let i = 0; i < SOCKETS; i += 1)
      clients.push(new RealtimeClient(lbUrl, tenant.token, ['newMessage', 'newClient'], reloadList));
    await Promise.all(clients.map((client) => client.connected()));
    expect(balancer.connections - before).toBe(SOCKETS);

    // ---- Every event to every socket once, whichever instance stored the message. ----
    const deliveries = Array.from({ length: STEADY_WEBHOOKS }, newDelivery);
    await pool(STEADY_WEBHOOKS, 8, (i) => deliver(deliveries[i]));
    console.log(
      `steady webhooks redelivered ${deliveries.filter((d) => d.attempts > 1).length}; silent closes ${JSON.stringify([...balancer.silent])}; ports ${balancer.ports}`,
    );
    const wanted = new Set(deliveries.map((d) => d.wamid));
    await waitFor(
      async () =>
        clients.every((client) => wamidsOf(client).filter((w) => wanted.has(w)).length >= STEADY_WEBHOOKS),
      'every socket to hear every message',
    );
    await new Promise((done) => setTimeout(done, 300));
    for (const client of clients) {
      const heard = wamidsOf(client).filter((w) => wanted.has(w));
      expect(heard.length).toBe(STEADY_WEBHOOKS);
      expect(new Set(heard).size).toBe(STEADY_WEBHOOKS);
    }

    // ---- Every send job once, the two instances sharing them. ----
    const sent: Array<number | null> = [];
    await pool(STEADY_SENDS, 4, async (i) => {
      sent[i] = await agentSends(`Estable ${i}`, clientIds[i % CONVERSATIONS]);
    });
    await waitFor(
      async () => mine().filter((s) => s.key.includes('|Estable ')).length >= STEADY_SENDS,
      'the sends',
    );
    await new Promise((done) => setTimeout(done, 500));
    const steady = mine().filter((s) => s.key.includes('|Estable '));
    expect(sent.every((id) => id !== null)).toBe(true);
    expect(steady).toHaveLength(STEADY_SENDS);
    expect(new Set(steady.map((s) => s.key)).size).toBe(STEADY_SENDS);
    const byInstance = { a: steady.filter((s) => s.instance === 'a').length, b: 0 };
    byInstance.b = steady.length - byInstance.a;

    // ---- Sign-in rate limit across both: five wrong passwords, alternating instances, then the right one. ----
    const [{ email }] = await ds.query(`SELECT email FROM users WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
      tenant.companyId,
    ]);
    const login = (instance: Instance, password: string) =>
      fetch(`${instance.baseUrl}/api/loginDash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }).then((res) => res.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push(await login(instances[i % 2], `Mala${i}xxxx`));
    statuses.push(await login(instances[1], 'Segura123'), await login(instances[0], DEMO_PASSWORD));
    console.log(
      `two instances, steady: ${STEADY_WEBHOOKS} webhooks heard once by each of ${SOCKETS} sockets; ` +
        `${STEADY_SENDS} sends once each (A ${byInstance.a}, B ${byInstance.b}); sign-in statuses ${statuses.join(' ')}`,
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('roll through a restart of both under load: each drains and exits 0, nothing lost, repeated or left locked', {
    timeout: 150_000,
  }, async () => {
    const phaseStart = Date.now();
    // A campaign sending through the whole roll (CAMPAIGN_RECIPIENTS at CAMPAIGN_RATE a second): a drain must not
    // wait for its one-minute slice, and each recipient must get one request whichever instance sends it.
    await ds.query(`UPDATE channels SET "campaignRate" = $2 WHERE id = $1`, [
      tenant.channelId,
      CAMPAIGN_RATE,
    ]);
    const tagId = await taggedContacts(ds, tenant, 'Rodante', '521552', CAMPAIGN_RECIPIENTS);
    const [{ id: campaignId }] = await ds.query(
      `INSERT INTO campaigns ("companyId", "channelId", name, "tagIds", template, "sendAt")
       VALUES ($1, $2, 'Rodante', ARRAY[$3::int], $4, now()) RETURNING id`,
      [
        tenant.companyId,
        tenant.channelId,
        tagId,
        JSON.stringify({
          name: 'promo_rodante',
          language: 'es_MX',
          category: 'marketing',
          components: [{ type: 'BODY', text: 'Promoción' }],
        }),
      ],
    );
    await ds.query(
      `SELECT graphile_worker.add_job('campaign-start', json_build_object('campaignId', $1::int))`,
      [campaignId],
    );
    let campaignProgress = '';
    const deliveries: Delivery[] = [];
    const sends: Array<{ text: string; id: number | null }> = [];
    let loading = true;
    const webhookLoad = Promise.all(
      Array.from({ length: 6 }, async () => {
        while (loading) {
          const delivery = newDelivery();
          deliveries.push(delivery);
          await deliver(delivery);
        }
      }),
    );
    let sendSeq = 0;
    const sendLoad = Promise.all(
      Array.from({ length: 2 }, async () => {
        while (loading) {
          sendSeq += 1;
          const send = { text: `Rodante ${sendSeq}`, id: null as number | null };
          sends.push(send);
          send.id = await agentSends(send.text, clientIds[sendSeq % CONVERSATIONS]);
        }
      }),
    );
    const workerPools = async (): Promise<string[]> =>
      (
        await ds.query(
          `SELECT substr(application_name, 10) AS id FROM pg_stat_activity WHERE application_name LIKE 'crm-jobs %'`,
        )
      ).map((row: { id: string }) => row.id);

    const drains: Array<{ name: string; code: number | null; ms: number; lockedLeft: number }> = [];
    const roll = async (index: number, replacement: string) => {
      await new Promise((done) => setTimeout(done, 1500));
      const old = instances[index];
      const poolsBefore = await workerPools();
      const stopped = await stopInstance(old);
      const poolsAfter = new Set(await workerPools());
      const gone = poolsBefore.filter((id) => !poolsAfter.has(id));
      const [{ n }] = await ds.query(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_by = ANY($1::text[])`,
        [gone],
      );
      drains.push({ name: old.name, code: stopped.code, ms: stopped.ms, lockedLeft: n });
      console.log(
        `drain of ${old.name}: from ${Date.now() - stopped.ms - phaseStart} ms to ${Date.now() - phaseStart} ms`,
      );
      if (n > 0) {
        const left = await ds.query(
          `SELECT t.identifier, j.attempts, j.locked_at, j.run_at, j.last_error, j.payload FROM graphile_worker._private_jobs j
             JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.locked_by = ANY($1::text[])`,
          [gone],
        );
        console.log(
          `left locked by ${old.name} (stopped ${new Date(Date.now() - stopped.ms).toISOString()}): ${JSON.stringify(left)}\n${old.output().slice(-3000)}`,
        );
      }
      const fresh = await suite.start(replacement);
      instances[index] = fresh;
      balancer.use(instances);
    };
    await roll(0, 'a2');
    await roll(1, 'b2');
    await new Promise((done) => setTimeout(done, 1500));
    loading = false;
    await Promise.all([webhookLoad, sendLoad]);
    await agentMessagesSent(ds, tenant.companyId, 20_000);
    await waitFor(
      async () => {
        const [{ status, sent }] = await ds.query(
          `SELECT status, (SELECT count(*)::int FROM campaign_recipients r WHERE r."campaignId" = c.id AND r.state = 'sent') AS sent
             FROM campaigns c WHERE c.id = $1`,
          [campaignId],
        );
        campaignProgress = `${status} ${sent}/${CAMPAIGN_RECIPIENTS}`;
        return status === 'FINISHED';
      },
      'the campaign to finish',
      60_000,
    );
    await new Promise((done) => setTimeout(done, 1000));
    const campaignSends = mine().filter((s) => s.key.endsWith('|promo_rodante'));
    const campaignPhones = new Set(campaignSends.map((s) => s.key.split('|')[0]));

    // ---- Webhooks: every one acknowledged and stored once. ----
    const wamids = deliveries.map((d) => d.wamid);
    const storedRows: Array<{ messageApiId: string; createdAt: Date }> = await ds.query(
      `SELECT "messageApiId", "createdAt" FROM messages WHERE "messageApiId" = ANY($1::text[])`,
      [wamids],
    );
    const storedAt = new Map(storedRows.map((row) => [row.messageApiId, new Date(row.createdAt).getTime()]));
    // ---- Sends: every answered one reached the provider once; none twice. ----
    const rolled = mine().filter((s) => s.key.includes('|Rodante '));
    const perText = new Map<string, number>();
    for (const send of rolled)
      perText.set(send.key.split('|')[1], (perText.get(send.key.split('|')[1]) ?? 0) + 1);
    const answered = sends.filter((send) => send.id !== null);
    // ---- Sockets: each event once; a missed one only while its socket was being moved, read again after. ----
    let missed = 0;
    let unrecoverable = 0;
    let repeated = 0;
    for (const client of clients) {
      const heard = wamidsOf(client);
      const counts = new Map<string, number>();
      for (const w of heard) counts.set(w, (counts.get(w) ?? 0) + 1);
      for (const [, n] of counts) if (n > 1) repeated += n - 1;
      for (const wamid of wamids) {
        if (counts.has(wamid)) continue;
        missed += 1;
        const at = storedAt.get(wamid) ?? 0;
        const covered = client.gaps.some(
          (gap) => gap.reloadedAt > 0 && at >= gap.from - 2000 && at <= gap.reloadedAt,
        );
        if (!covered) unrecoverable += 1;
      }
    }
    const redelivered = deliveries.filter((d) => d.attempts > 1).length;
    const reasons = new Map<string, number>();
    for (const d of deliveries) for (const f of d.failures ?? []) reasons.set(f, (reasons.get(f) ?? 0) + 1);
    const figures = {
      webhooks: deliveries.length,
      acked: deliveries.filter((d) => d.ackedAt > 0).length,
      stored: storedRows.length,
      sends: sends.length,
      sendsAnswered: answered.length,
      sendsAtProvider: rolled.length,
      duplicatedSends: [...perText.values()].reduce((sum, n) => sum + n - 1, 0),
      socketEventsMissed: missed,
      socketEventsUnrecoverable: unrecoverable,
      socketEventsRepeated: repeated,
      campaignRecipients: CAMPAIGN_RECIPIENTS,
      campaignRequests: campaignSends.length,
      campaignDistinct: campaignPhones.size,
    };
    console.log(
      `rolling restart: ${JSON.stringify(figures)}; ${redelivered} webhooks redelivered ` +
        `(${JSON.stringify(Object.fromEntries(reasons))}; balancer: ${balancer.refused} refused, ${balancer.cut} cut, silent ${JSON.stringify([...balancer.silent])} ports ${balancer.ports}; ` +
        `first failures at ${deliveries
          .filter((d) => d.failures)
          .slice(0, 5)
          .map((d) => d.wamid)
          .join(',')}); drains ` +
        `${drains.map((d) => `${d.name} exit ${d.code} in ${d.ms} ms, ${d.lockedLeft} jobs left locked`).join('; ')}; ` +
        `socket reconnections ${clients.map((c) => c.gaps.length).join('/')}; campaign ${campaignProgress}; ` +
        `sends without an answer: ${JSON.stringify(unanswered).slice(0, 1500)}; resent after a cut connection: ${JSON.stringify(resentAfterCut)}; phase ${Date.now() - phaseStart} ms`,
    );
    expect(drains.map((d) => ({ code: d.code, lockedLeft: d.lockedLeft }))).toEqual([
      { code: 0, lockedLeft: 0 },
      { code: 0, lockedLeft: 0 },
    ]);
    expect(figures).toMatchObject({
      acked: deliveries.length,
      stored: deliveries.length,
      sendsAnswered: sends.length,
      duplicatedSends: 0,
      socketEventsUnrecoverable: 0,
      socketEventsRepeated: 0,
      campaignRequests: CAMPAIGN_RECIPIENTS,
      campaignDistinct: CAMPAIGN_RECIPIENTS,
    });
    // A drain does not wait for the campaign's one-minute slice: the slice ends early, the rest goes on elsewhere.
    for (const drain of drains) expect(drain.ms, drain.name).toBeLessThan(15_000);
    for (const send of answered) expect(perText.get(send.text), send.text).toBe(1);
    // Every socket was moved at least once (each instance it could be on was restarted) and reloaded after.
    for (const client of clients) {
      expect(client.serverDisconnects).toBeGreaterThanOrEqual(1);
      expect(client.gaps.every((gap) => gap.reloadedAt > 0)).toBe(true);
      expect(client.socket.connected).toBe(true);
    }
  });
});
