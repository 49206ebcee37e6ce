// Shared harness: a real PostgreSQL (embedded unless BENCH_DATABASE_URL), the built API, a bounded load loop.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const apiDist = (p) => require(`@crm/api/dist/${p}`);

export async function startDatabase() {
  if (process.env.BENCH_DATABASE_URL)
    return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  const { startEmbeddedPostgres } = apiDist('database/embedded-postgres.js');
  const dir = mkdtempSync(join(tmpdir(), 'crm-bench-'));
  const db = await startEmbeddedPostgres(dir, null);
  return {
    ...db,
    url: db.url,
    // The inbox benchmark leaves gigabytes behind: the data folder goes with the database.
    stop: async () => {
      await db.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const BENCH_KEY = '8f1c2d3e4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3';

/** The built API on `databaseUrl`, listening on a loopback port; `env` adds or overrides its configuration. */
export async function startProduct(databaseUrl, env = {}) {
  const { runMigrations } = apiDist('database/data-source.js');
  const { createApp } = apiDist('app.factory.js');
  const { loadConfig } = apiDist('config/app-config.js');
  await runMigrations(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-bench-app-'));
  // One key for every product of the run: a second product must open the channel tokens the first one sealed.
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT_IP_MAX: '100000', ENCRYPTION_KEY: BENCH_KEY, ...env },
    dataDir,
  );
  const app = await createApp(config, databaseUrl);
  await app.listen(0, '127.0.0.1');
  return { app, config, baseUrl: `http://127.0.0.1:${app.getHttpServer().address().port}` };
}

/**
 * `total` requests with `concurrency` in flight; returns requests per second and every request's latency (ms,
 * from send to its answer read). Bounded in count and time.
 */
export async function load({ total, concurrency, send, maxSeconds = 60 }) {
  let started = 0;
  let failed = 0;
  const latencies = [];
  const deadline = Date.now() + maxSeconds * 1000;
  const t0 = performance.now();
  async function worker() {
    while (started < total && Date.now() < deadline) {
      started += 1;
      const s = performance.now();
      const ok = await send().catch(() => false);
      latencies.push(performance.now() - s);
      if (!ok) failed += 1;
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { rps: started / seconds, failed, requests: started, seconds, latencies };
}

/** The q-quantile (0..1) of a list of numbers, nearest rank. */
export function percentile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function machine() {
  const os = require('node:os');
  return `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/**
 * The round with the median rate, with the failures of every round added up and latency percentiles (ms) over
 * the requests of every round.
 */
export function median(results) {
  const sorted = [...results].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor(sorted.length / 2)];
  const latencies = results.flatMap((r) => r.latencies ?? []);
  return {
    ...mid,
    latencies: undefined,
    failed: results.reduce((n, r) => n + r.failed, 0),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/**
 * POST a JSON body with node:http on a keep-alive agent and read the JSON answer: what a client must do, without
 * fetch's web streams, whose own CPU (in this process, beside the product) was counted as the product's.
 */
export function postJson(url, body, headers = {}, agent = undefined) {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        method: 'POST',
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/**
 * A customer's WhatsApp text as Meta's Cloud API posts it to `POST /webhooks/whatsapp` (webhooks reference:
 * messages, text), with its X-Hub-Signature-256 under `appSecret`: what the ingest and soak benchmarks send.
 */
export function signedWhatsappText({
  phoneNumberId,
  displayPhone,
  from,
  name,
  wamid,
  timestamp,
  text,
  appSecret,
}) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: displayPhone, phone_number_id: phoneNumberId },
              contacts: [{ profile: { name }, wa_id: from }],
              messages: [
                { from, id: wamid, timestamp: String(timestamp), type: 'text', text: { body: text } },
              ],
            },
            field: 'messages',
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}` };
}

/**
 * A campaign of `recipients` new contacts of `channel` under a new tag, due now: what the campaign and soak benchmarks
 * send once `startCampaign` runs it. `label` names the tag, contacts and template (`Bench`, `Soak`); `stamp`
 * keeps each run's keys apart; `phonePrefix` (6 digits, 7 more follow) keeps each benchmark's numbers apart.
 */
export async function seedTaggedCampaign(db, { channel, recipients, label, stamp, phonePrefix }) {
  const slug = label.toLowerCase();
  const {
    rows: [tag],
  } = await db.query(
    `INSERT INTO tags ("companyId", name, color, key) VALUES ($1, $2, '#1677ff', $3) RETURNING id`,
    [channel.companyId, `${label} ${stamp}`, `${channel.companyId}-${slug}-${stamp}`],
  );
  await db.query(
    `WITH c AS (
       INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "cleanedName")
       SELECT $1::int, $2::int, $2::text || '-' || $6::text || '-' || $4::text || '-' || i,
              $7::text || lpad(i::text, 7, '0'), $5::text || ' ' || i, $6::text || i
         FROM generate_series(1, $3::int) AS i
       ON CONFLICT (key) DO NOTHING
       RETURNING id)
     INSERT INTO client_tags ("clientId", "tagId") SELECT id, $8::int FROM c`,
    [channel.companyId, channel.id, recipients, String(stamp), label, slug, phonePrefix, tag.id],
  );
  const {
    rows: [campaign],
  } = await db.query(
    `INSERT INTO campaigns ("companyId", "channelId", name, "tagIds", template, "sendAt")
     VALUES ($1, $2, $3, ARRAY[$4::int], $5, now()) RETURNING id`,
    [
      channel.companyId,
      channel.id,
      label,
      tag.id,
      JSON.stringify({
        name: `${slug}_promo`,
        language: 'es_MX',
        category: 'marketing',
        components: [{ type: 'BODY', text: `Promoción de prueba (${slug})` }],
      }),
    ],
  );
  return { id: campaign.id, tagId: tag.id };
}

/** Starts a campaign as its schedule would: the product's `campaign-start` job. */
export async function startCampaign(db, campaignId) {
  await db.query(
    `SELECT graphile_worker.add_job('campaign-start', json_build_object('campaignId', $1::int))`,
    [campaignId],
  );
}
