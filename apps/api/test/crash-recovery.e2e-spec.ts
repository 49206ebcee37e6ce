import { afterAll, describe, expect, it } from 'vitest';
import {
  agentMessagesSent,
  agentSend,
  type Delivery,
  deliverWebhook,
  type Instance,
  inboundText,
  pool,
  processSuite,
  RoundRobinBalancer,
} from './instance-kit';
import { customerWrites, newTenant, type Tenant, waitFor } from './scheduled-sends-helpers';
import { testSql } from './sql';

// Issue 22, "a SIGKILL loses and repeats nothing": the built API (dist/main.js) behind a load balancer is killed
// (a) in the middle of a burst of inbound webhooks and agents' sends — at the moment the provider receives one of its
// sends, before it can answer — and (b) in the middle of a 5,000-row contact import; a fresh process is started each
// time. Every webhook answered 200 was stored before the answer, every webhook is stored once however often it was
// delivered, every message an agent sent reaches the provider once, and the import reports which rows it wrote.
// (Scheduled messages and campaigns killed mid-send: two-instances.e2e-spec.ts and campaign-crash.e2e-spec.ts.)

const API_FEATURE = 'dist/modules/contacts/contact-imports.repository.js';
const WEBHOOKS = 600;
const WEBHOOK_SENDERS = 40;
const IN_FLIGHT = 16;
const CONVERSATIONS = 12;
const SENDS = 90;
const KILL_AT_SEND = 30;
const IMPORT_ROWS = 5000;
const RECONCILE = { SEND_RECONCILE_MS: '30000' };

const ds = testSql();
const suite = processSuite(API_FEATURE, 'crash-recovery');
const { graph } = suite;
const balancer = new RoundRobinBalancer();
let lbUrl = '';
let tenant: Tenant;
let clientIds: number[] = [];
let current: Instance;
afterAll(() => balancer.close());

/** An instance replacing a killed one behind the balancer. */
async function restart(name: string, env: Record<string, string> = {}): Promise<Instance> {
  current = await suite.replace(current, name, env);
  balancer.use([current]);
  return current;
}

describe('the API killed mid-work', () => {
  it('stores every acknowledged webhook once and sends every agent message once across a SIGKILL', {
    timeout: 90_000,
  }, async () => {
    const started = Date.now();
    await suite.prepare(async (app) => {
      tenant = await newTenant(app, 'caidawebhooks');
      clientIds = [];
      for (let i = 0; i < CONVERSATIONS; i += 1)
        clientIds.push((await customerWrites(app, tenant, `Hola ${i}`)).clientId);
    });
    lbUrl = await balancer.start();
    // A restarted process counts SEND_RECONCILE_MS from the interrupted send's stamp, not from its own start: the
    // wait must outlast this machine's restart (seconds under CI load) so that the provider's status, redelivered
    // to the new process, is what settles the interrupted send (see docs/reliability.md).
    current = await suite.start('a', RECONCILE);
    balancer.use([current]);
    graph.statusTarget = lbUrl;
    const mine = () => graph.sendsOf(tenant.phoneNumberId);

    // ---- A dies the moment the provider receives its KILL_AT_SEND-th send, before it can answer. ----
    let killedAt = 0;
    const first = current;
    graph.killOnSend((send) => {
      if (killedAt || send.instance !== 'a' || send.phoneNumberId !== tenant.phoneNumberId) return null;
      if (mine().length < KILL_AT_SEND) return null;
      killedAt = Date.now();
      return first;
    });
    const deliveries: Delivery[] = Array.from({ length: WEBHOOKS }, (_, i) => ({
      wamid: `wamid.CRASH${tenant.phoneNumberId}x${i}`,
      attempts: 0,
      ackedAt: 0,
    }));
    const sender = (i: number) =>
      `5215530${String(tenant.companyId).padStart(3, '0').slice(-3)}${String(i).padStart(3, '0')}`;
    const webhooks = pool(WEBHOOKS, IN_FLIGHT, (i) =>
      deliverWebhook(
        lbUrl,
        deliveries[i],
        inboundText(tenant.phoneNumberId, sender(i % WEBHOOK_SENDERS), deliveries[i].wamid, `Mensaje ${i}`),
      ),
    );
    const sends: Array<{ text: string; id: number | null }> = [];
    const agents = pool(SENDS, 4, async (i) => {
      // Agents wait out the outage (their inbox shows the connection lost) and go on once an instance is back.
      await waitFor(
        async () => current.child.exitCode === null && current.child.signalCode === null,
        'an instance',
        60_000,
      );
      const text = `Envío ${i}`;
      const send = { text, id: null as number | null };
      sends.push(send);
      try {
        const res = await agentSend(lbUrl, tenant.token, clientIds[i % CONVERSATIONS], text);
        send.id =
          ((await res.json()) as { data?: { sendMessage?: { id: number } } }).data?.sendMessage?.id ?? null;
      } catch {
        // The answer was lost with the process: the agent sees an error (the message may or may not exist).
      }
    });
    await waitFor(async () => killedAt > 0, 'A to be killed mid-send', 30_000);

    // ---- Acknowledged means committed: every 200 that came before the kill is a stored row. ----
    const ackedBeforeKill = deliveries.filter((d) => d.ackedAt > 0 && d.ackedAt <= killedAt);
    const storedAtKill: string[] = (
      await ds.query(`SELECT "messageApiId" FROM messages WHERE "messageApiId" = ANY($1::text[])`, [
        ackedBeforeKill.map((d) => d.wamid),
      ])
    ).map((row: { messageApiId: string }) => row.messageApiId);
    const webhooksInFlight = deliveries.filter((d) => d.attempts > 0 && d.ackedAt === 0).length;

    await restart('b', RECONCILE);
    await Promise.all([webhooks, agents]);
    // Every message stored for this channel by an agent is sent (interrupted ones after SEND_RECONCILE_MS).
    await agentMessagesSent(ds, tenant.companyId, 40_000);
    await new Promise((done) => setTimeout(done, 1000));

    const [stored] = await ds.query(
      `SELECT count(*)::int AS rows, count(DISTINCT "messageApiId")::int AS distinct
           FROM messages WHERE "messageApiId" = ANY($1::text[])`,
      [deliveries.map((d) => d.wamid)],
    );
    const agentRows: Array<{ id: number; content: string }> = await ds.query(
      `SELECT id, content FROM messages WHERE "companyId" = $1 AND sender = 'AGENT' ORDER BY id`,
      [tenant.companyId],
    );
    const perText = new Map<string, number>();
    for (const send of mine()) {
      const text = send.key.split('|')[1];
      perText.set(text, (perText.get(text) ?? 0) + 1);
    }
    const acked = sends.filter((send) => send.id !== null);
    const storedTexts = new Set(agentRows.map((row) => row.content));
    const redelivered = deliveries.filter((d) => d.attempts > 1).length;
    const figures = {
      webhooks: WEBHOOKS,
      acked: deliveries.filter((d) => d.ackedAt > 0).length,
      stored: stored.rows,
      duplicated: stored.rows - stored.distinct,
      sends: SENDS,
      sendsAcked: acked.length,
      sendsStored: agentRows.length,
      providerRequests: mine().length,
      duplicatedSends: [...perText.values()].reduce((sum, n) => sum + n - 1, 0),
    };
    console.log(
      `crash test (webhooks + sends): ${JSON.stringify(figures)}; ${ackedBeforeKill.length} acked before the kill, ` +
        `${webhooksInFlight} in flight at the kill, ${redelivered} redelivered; whole test ${Date.now() - started} ms`,
    );
    expect(storedAtKill.length, 'acknowledged before the kill, yet not stored').toBe(ackedBeforeKill.length);
    expect(figures).toMatchObject({
      acked: WEBHOOKS,
      stored: WEBHOOKS,
      duplicated: 0,
      duplicatedSends: 0,
    });
    // Every answered send, and every send stored whose answer was lost, reached the provider exactly once;
    // nothing else did.
    for (const send of acked) expect(storedTexts.has(send.text), send.text).toBe(true);
    for (const row of agentRows) expect(perText.get(row.content), row.content).toBe(1);
    expect(figures.providerRequests).toBe(agentRows.length);
  });

  it('reports an import killed halfway: the rows it wrote, whole, and the rows it did not', {
    timeout: 60_000,
  }, async () => {
    const base = 5215540000000 + (tenant.companyId % 100) * 10_000;
    const csv = [
      'Nombre,Apellido,Teléfono,Etiquetas',
      ...Array.from({ length: IMPORT_ROWS }, (_, i) => `Persona ${i},Importada,${base + i},Importados`),
    ].join('\n');
    const form = new FormData();
    form.set('channelId', String(tenant.channelId));
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'cinco-mil.csv');
    const posted = fetch(`${lbUrl}/api/importContacts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tenant.token}` },
      body: form,
    }).then(
      (res) => res.status,
      () => 'no answer' as const,
    );
    const victim = current;
    // Killed once two batches of 500 are committed.
    await waitFor(
      async () => {
        const [row] = await ds.query(`SELECT created FROM contact_imports WHERE "companyId" = $1`, [
          tenant.companyId,
        ]);
        if (!row || row.created < 1000) return false;
        victim.child.kill('SIGKILL');
        return true;
      },
      'the import to write its first batches',
      30_000,
    );
    expect(await posted).toBe('no answer');

    const after = await restart('c', { IMPORT_STALE_MS: '1000' });
    await new Promise((done) => setTimeout(done, 1100));
    const get = (path: string) =>
      fetch(`${after.baseUrl}${path}`, { headers: { authorization: `Bearer ${tenant.token}` } });
    const list = (await (await get('/api/contactImports')).json()) as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ status: 'interrupted', total: IMPORT_ROWS, fileName: 'cinco-mil.csv' });
    const report = (await (await get(`/api/contactImports/${list[0].id}`)).json()) as {
      created: number;
      notImported: number;
      rows: Array<{ number: string; status: string; message: string }>;
    };
    const contacts: Array<{ senderId: string; tags: number }> = await ds.query(
      `SELECT c."senderId", (SELECT count(*)::int FROM client_tags t WHERE t."clientId" = c.id) AS tags
           FROM clients c WHERE c."channelId" = $1 AND c.source = 'IMPORT'`,
      [tenant.channelId],
    );
    const imported = new Set(contacts.map((c) => c.senderId));
    const created = report.rows.filter((row) => row.status === 'creado');
    const notImported = report.rows.filter((row) => row.status === 'error');
    console.log(
      `crash test (import): ${IMPORT_ROWS} rows; killed with ${report.created} created; report: ` +
        `${created.length} created, ${notImported.length} not imported; contacts in the database ${contacts.length}`,
    );
    expect(report.rows).toHaveLength(IMPORT_ROWS);
    expect(report.created).toBeGreaterThanOrEqual(1000);
    expect(report.created).toBeLessThan(IMPORT_ROWS);
    expect(created.length).toBe(report.created);
    expect(notImported.length).toBe(IMPORT_ROWS - report.created);
    expect(report.notImported).toBe(notImported.length);
    expect(notImported[0].message).toMatch(/se interrumpió/);
    // The report is the database: created rows exist, whole (their tag included); the others do not exist.
    expect(contacts.length).toBe(report.created);
    expect(contacts.every((c) => c.tags === 1)).toBe(true);
    expect(created.every((row) => imported.has(row.number))).toBe(true);
    expect(notImported.some((row) => imported.has(row.number))).toBe(false);
  });
});
