// The soak (issue 22): the built API as production runs it (dist/main.js, its own process) under steady mixed
// traffic for BENCH_SOAK_SECONDS (600 by default), loopback only and bounded in rate and in flight — inbound
// WhatsApp webhooks (a few redelivered, as Meta does), agents reading their conversation list and sending messages,
// and a campaign paced over most of the run. The process's memory (RSS and V8 heap, sampled by soak-probe.cjs over
// IPC) must show no growth trend, p99 latency must stay flat minute by minute, and nothing may fail or be lost.
// Ends with a SIGTERM: the process must drain and exit 0.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startFakeGraph } from './fake-provider.mjs';
import { BENCH_KEY, percentile, seedTaggedCampaign, signedWhatsappText, startCampaign } from './lib.mjs';

const require = createRequire(import.meta.url);
const PHONE_NUMBER_ID = '100000000000001'; // the demo company's WhatsApp Cloud channel (seeded)
const APP_SECRET = 'dev-whatsapp-app-secret';
const RATES = { webhooks: 20, lists: 4, sends: 2 };
const MAX_IN_FLIGHT = 64;
const CUSTOMERS = 200;
const CAMPAIGN_RATE = 5;
const SAMPLE_MS = 2000;
// Growth over the measured window (after the warm-up) that counts as a trend: 10 % of the mean.
const GROWTH_LIMIT = 0.1;
// Flat p99: no minute's p99 above twice the median minute's.
const P99_LIMIT = 2;

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Least-squares slope of (x, y). */
function slope(points) {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** The built API in its own process, with the memory probe preloaded; resolves once it answers. */
async function startApi(databaseUrl, graphUrl) {
  const apiMain = require.resolve('@crm/api/dist/main.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-soak-'));
  const port = await new Promise((done) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = s.address().port;
      s.close(() => done(p));
    });
  });
  const memory = [];
  const child = fork(apiMain, [], {
    cwd: dirname(dirname(apiMain)),
    execArgv: ['--require', fileURLToPath(new URL('./soak-probe.cjs', import.meta.url))],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ENCRYPTION_KEY: BENCH_KEY,
      JWT_SECRET: 'soak-jwt-secret-0123456789abcdef0123456789',
      RATE_LIMIT_IP_MAX: '100000',
      // One instance: the benchmark's other product on this database must not become its real-time peer.
      REALTIME_BUS: 'false',
      JOB_POLL_MS: '200',
      WHATSAPP_GRAPH_URL: `${graphUrl}/v23.0`,
      SOAK_SAMPLE_MS: String(SAMPLE_MS),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  child.on('message', (m) => {
    if (m?.type === 'memory') memory.push(m);
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`soaked API exited (${child.exitCode})`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('soaked API did not start');
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    baseUrl,
    memory,
    async stop() {
      const t0 = Date.now();
      child.kill('SIGTERM');
      const code = await new Promise((done) => child.once('exit', (c) => done(c)));
      rmSync(dataDir, { recursive: true, force: true });
      return { code, ms: Date.now() - t0 };
    },
  };
}

function webhook(from, wamid, text) {
  return signedWhatsappText({
    phoneNumberId: PHONE_NUMBER_ID,
    displayPhone: '15550783881',
    from,
    name: `Soak ${from.slice(-4)}`,
    wamid,
    timestamp: Math.floor(Date.now() / 1000),
    text,
    appSecret: APP_SECRET,
  });
}

export async function soak({ databaseUrl }) {
  const seconds = envInt('BENCH_SOAK_SECONDS', 600);
  const warmupMs = Math.min(60_000, seconds * 200); // the first minute, or a fifth of a shorter run
  const bucketMs = seconds >= 180 ? 60_000 : Math.max(10_000, Math.floor((seconds * 1000) / 4));
  const graph = await startFakeGraph('SOAKOUT');
  const api = await startApi(databaseUrl, graph.url);
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const runId = Date.now().toString(36);
  const errors = [];
  const latencies = []; // { at, ms }
  let inFlight = 0;
  let skipped = 0;
  let originalRate = null;
  try {
    const login = await fetch(`${api.baseUrl}/api/loginDash`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.local', password: 'Demo12345' }),
    });
    const { token } = await login.json();
    if (!token) throw new Error('soak login failed');
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const {
      rows: [channel],
    } = await db.query(`SELECT id, "companyId", "campaignRate" FROM channels WHERE "providerId" = $1`, [
      PHONE_NUMBER_ID,
    ]);

    originalRate = channel.campaignRate;
    // ---- The campaign: tagged contacts and a campaign paced to end before the run does. ----
    const recipients = Math.max(50, Math.floor(seconds * 0.7 * CAMPAIGN_RATE));
    await db.query(`UPDATE channels SET "campaignRate" = $2 WHERE id = $1`, [channel.id, CAMPAIGN_RATE]);
    const campaign = await seedTaggedCampaign(db, {
      channel,
      recipients,
      label: 'Soak',
      stamp: runId,
      phonePrefix: '521557',
    });
    await startCampaign(db, campaign.id);

    // ---- Steady traffic, open loop: each kind fires at its rate, at most MAX_IN_FLIGHT at once. ----
    const acked = new Set();
    const answeredSends = [];
    const conversations = [];
    let webhookSeq = 0;
    let webhookTicks = 0;
    let sendSeq = 0;
    const timed = async (kind, work) => {
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1;
        return;
      }
      inFlight += 1;
      const start = performance.now();
      const at = Date.now();
      try {
        await work();
        latencies.push({ at, kind, ms: performance.now() - start });
      } catch (error) {
        errors.push(`${kind}: ${String(error?.message ?? error)}`);
      } finally {
        inFlight -= 1;
      }
    };
    const kinds = {
      webhooks: () =>
        timed('webhook', async () => {
          // 2 % are redeliveries of an earlier message (Meta's at-least-once): stored once all the same.
          webhookTicks += 1;
          const again = webhookSeq > 50 && webhookTicks % 50 === 0;
          const n = again ? webhookSeq - 25 : ++webhookSeq;
          const wamid = `wamid.SOAK${runId}x${n}`;
          const from = `52155990${String(n % CUSTOMERS).padStart(5, '0')}`;
          const { body, signature } = webhook(from, wamid, `Mensaje ${n}`);
          const res = await fetch(`${api.baseUrl}/webhooks/whatsapp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
            body,
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`webhook ${res.status}`);
          acked.add(wamid);
        }),
      lists: () =>
        timed('list', async () => {
          const res = await fetch(`${api.baseUrl}/api/conversations_by_filter`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ custom: true, first: 50 }),
          });
          await res.arrayBuffer();
          if (res.status !== 200 && res.status !== 201) throw new Error(`list ${res.status}`);
        }),
      sends: () =>
        timed('send', async () => {
          if (conversations.length === 0) return;
          sendSeq += 1;
          const text = `Respuesta soak ${runId} ${sendSeq}`;
          const clientId = conversations[sendSeq % conversations.length];
          const res = await fetch(`${api.baseUrl}/graphql`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              query: 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }',
              variables: { input: { clientId, text } },
            }),
          });
          const json = await res.json();
          if (!json.data?.sendMessage?.id)
            throw new Error(`send ${JSON.stringify(json.errors?.[0]?.message)}`);
          answeredSends.push(text);
        }),
    };
    const t0 = Date.now();
    const timers = Object.entries(RATES).map(([kind, rate]) => setInterval(kinds[kind], 1000 / rate));
    const refresh = setInterval(async () => {
      const { rows } = await db.query(
        `SELECT id FROM clients WHERE "channelId" = $1 AND "senderId" LIKE '52155990%' ORDER BY id LIMIT $2`,
        [channel.id, CUSTOMERS],
      );
      conversations.splice(0, conversations.length, ...rows.map((r) => r.id));
    }, 5000);
    const progress = setInterval(() => {
      const m = api.memory.at(-1);
      process.stdout.write(
        `  soak ${Math.round((Date.now() - t0) / 1000)} s: ${latencies.length} requests, ${errors.length} errors` +
          `${m ? `, RSS ${(m.rss / 2 ** 20).toFixed(0)} MB, heap ${(m.heapUsed / 2 ** 20).toFixed(0)} MB` : ''}\n`,
      );
    }, 60_000);
    await new Promise((done) => setTimeout(done, seconds * 1000));
    for (const timer of [...timers, refresh, progress]) clearInterval(timer);
    while (inFlight > 0) await new Promise((done) => setTimeout(done, 50));
    const endedAt = Date.now();

    // ---- Lost: webhooks acknowledged but not stored, sends answered but never at the provider, recipients unsent. ----
    const deadline = Date.now() + 120_000;
    let campaignState = null;
    for (;;) {
      campaignState = (
        await db.query(
          `SELECT c.status, (SELECT count(*)::int FROM campaign_recipients r WHERE r."campaignId" = c.id AND r.state = 'sent') AS sent
             FROM campaigns c WHERE c.id = $1`,
          [campaign.id],
        )
      ).rows[0];
      const atProvider = (await graph.report()).byMessage;
      const sendsArrived = answeredSends.every((text) => atProvider.has(text));
      if ((campaignState.status === 'FINISHED' && sendsArrived) || Date.now() > deadline) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    const { rows: storedRows } = await db.query(
      `SELECT "messageApiId", count(*)::int AS n FROM messages WHERE "messageApiId" = ANY($1::text[]) GROUP BY 1`,
      [[...acked]],
    );
    const storedWebhooks = storedRows.length;
    const duplicatedWebhooks = storedRows.reduce((s, r) => s + r.n - 1, 0);
    const atProvider = (await graph.report()).byMessage;
    const lostSends = answeredSends.filter((text) => !atProvider.has(text)).length;
    const duplicatedSends = answeredSends.filter((text) => (atProvider.get(text) ?? 0) > 1).length;
    // A finished campaign that did not send to everyone lost them; one still running is late, not lost (reported).
    const unsentRecipients = recipients - (campaignState?.sent ?? 0);
    const lostRecipients = campaignState?.status === 'FINISHED' ? unsentRecipients : 0;
    const campaignDone = campaignState?.status === 'FINISHED';
    const stopped = await api.stop();

    // ---- Memory trend after the warm-up, p99 per bucket. ----
    const measured = api.memory.filter((m) => m.at >= t0 + warmupMs && m.at <= endedAt);
    const minutes = (m) => (m.at - t0) / 60_000;
    const mb = (v) => v / 2 ** 20;
    // A leak shows in what survives collections, not in the sawtooth between them: a 2 s sample lands anywhere
    // between two major GCs (the heap swung 102 ↔ 187 MB minute to minute in a run without any trend), so the
    // trend is fitted over each minute's lowest sample (the floor the collector brings memory back to); the slope
    // over every sample is reported beside it.
    const trend = (field) => {
      const samples = measured.map((m) => ({ x: minutes(m), y: mb(m[field]) }));
      const floors = [];
      for (let from = t0 + warmupMs; from < endedAt; from += bucketMs) {
        const inMinute = measured.filter((m) => m.at >= from && m.at < from + bucketMs);
        if (inMinute.length === 0) continue;
        const lowest = inMinute.reduce((a, b) => (b[field] < a[field] ? b : a));
        floors.push({ x: minutes(lowest), y: mb(lowest[field]) });
      }
      const perMinute = slope(floors);
      const mean = samples.reduce((sum, p) => sum + p.y, 0) / Math.max(1, samples.length);
      const span = samples.length > 1 ? samples.at(-1).x - samples[0].x : 0;
      return {
        perMinute,
        everySample: slope(samples),
        floors: floors.map((f) => f.y),
        mean,
        growth: perMinute * span,
        first: floors[0]?.y,
        last: floors.at(-1)?.y,
      };
    };
    const rss = trend('rss');
    const heap = trend('heapUsed');
    const buckets = [];
    // Buckets after the warm-up, as for memory: the first requests pay for JIT compilation and cold caches.
    for (let from = t0 + warmupMs; from < endedAt; from += bucketMs) {
      const inBucket = latencies.filter((l) => l.at >= from && l.at < from + bucketMs).map((l) => l.ms);
      if (inBucket.length > 0) buckets.push({ p99: percentile(inBucket, 0.99), n: inBucket.length });
    }
    const full = buckets.slice(0, Math.max(1, Math.floor((endedAt - t0 - warmupMs) / bucketMs)));
    const p99s = full.map((b) => b.p99);
    const medianP99 = percentile(p99s, 0.5);
    const p99Flat = Math.max(...p99s) <= P99_LIMIT * medianP99;
    const memoryFlat = heap.growth <= GROWTH_LIMIT * heap.mean && rss.growth <= GROWTH_LIMIT * rss.mean;
    const lost = acked.size - storedWebhooks + lostSends + Math.max(0, lostRecipients);
    const duplicated = duplicatedWebhooks + duplicatedSends;
    const byKind = {};
    for (const l of latencies) byKind[l.kind] = (byKind[l.kind] ?? 0) + 1;
    return {
      name: `soak (${seconds} s, ${RATES.webhooks} webhooks/s, ${RATES.lists} list reads/s, ${RATES.sends} sends/s, campaign of ${recipients} at ${CAMPAIGN_RATE}/s)`,
      soak: {
        seconds,
        requests: latencies.length,
        byKind,
        errors: errors.length,
        firstErrors: errors.slice(0, 5),
        skipped,
        lost,
        duplicated,
        webhooks: { acked: acked.size, stored: storedWebhooks, duplicated: duplicatedWebhooks },
        sends: { answered: answeredSends.length, lost: lostSends, duplicated: duplicatedSends },
        campaign: {
          recipients,
          sent: campaignState?.sent ?? 0,
          status: campaignState?.status,
          unsent: unsentRecipients,
        },
        memory: { samples: measured.length, warmupSeconds: warmupMs / 1000, rss, heap, flat: memoryFlat },
        p99: {
          bucketSeconds: bucketMs / 1000,
          perBucket: buckets.map((b) => b.p99),
          median: medianP99,
          flat: p99Flat,
        },
        stop: stopped,
        pass:
          memoryFlat &&
          p99Flat &&
          errors.length === 0 &&
          skipped === 0 &&
          lost === 0 &&
          duplicated === 0 &&
          campaignDone &&
          stopped.code === 0,
      },
    };
  } finally {
    await db
      .query(`UPDATE channels SET "campaignRate" = $2 WHERE "providerId" = $1`, [
        PHONE_NUMBER_ID,
        originalRate,
      ])
      .catch(() => undefined);
    await db.end();
    await graph.close();
  }
}
