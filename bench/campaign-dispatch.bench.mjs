// Campaign dispatch (issue 18): recipients per second the product delivers to a fake Cloud API that accepts as fast
// as it can, for a number set to 1,000 msg/s (Cloud API's ceiling), against that provider's own accept rate measured
// in the same run by a bare HTTP client at the dispatcher's concurrency — the ceiling is the lower of that rate and
// the configured one (the product must not go faster). Also checks that no one-second window at the provider ever
// holds more than the configured rate, and that every recipient got exactly one request.
import { Agent, request } from 'node:http';
import pg from 'pg';
import { startFakeGraph } from './fake-provider.mjs';
import { percentile, seedTaggedCampaign, startCampaign, startProduct } from './lib.mjs';

const RATE = 1000;
// The dispatcher's calls in flight (campaign-dispatcher.service.ts MAX_IN_FLIGHT).
const CONCURRENCY = 256;
const PHONE_NUMBER_ID = '100000000000001'; // the demo company's WhatsApp Cloud channel (seeded)

function envInt(name, fallback) {
  const value = Number.parseInt(process.env[name] ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The provider's own accept rate: a bare keep-alive HTTP client, `CONCURRENCY` requests in flight. */
async function bareRate(url, total) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify({ messaging_product: 'whatsapp', to: '5215500000000', type: 'template' });
  const target = new URL(`${url}/v23.0/${PHONE_NUMBER_ID}/messages`);
  let started = 0;
  let failed = 0;
  const latencies = [];
  const send = () =>
    new Promise((done) => {
      const t = performance.now();
      const req = request(
        {
          agent,
          method: 'POST',
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - t);
            if (res.statusCode !== 200) failed += 1;
            done();
          });
        },
      );
      req.on('error', () => {
        failed += 1;
        done();
      });
      req.end(body);
    });
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (started < total) {
        started += 1;
        await send();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  return { rps: total / seconds, failed, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

/** The most arrivals any one-second window holds (sliding, over every arrival). */
function maxPerSecond(arrivals) {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let max = 0;
  let from = 0;
  for (let to = 0; to < sorted.length; to += 1) {
    while (sorted[to] - sorted[from] >= 1000) from += 1;
    max = Math.max(max, to - from + 1);
  }
  return max;
}

export async function campaignDispatch({ databaseUrl }) {
  const recipients = envInt('BENCH_CAMPAIGN_RECIPIENTS', 20_000);
  const graph = await startFakeGraph('BENCH');
  const ceilingRaw = await bareRate(graph.url, recipients);
  await graph.reset();
  const product = await startProduct(databaseUrl, {
    WHATSAPP_GRAPH_URL: `${graph.url}/v23.0`,
    JOB_POLL_MS: '100',
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const {
      rows: [channel],
    } = await db.query(`SELECT id, "companyId" FROM channels WHERE "providerId" = $1`, [PHONE_NUMBER_ID]);
    await db.query(`UPDATE channels SET "campaignRate" = $2 WHERE id = $1`, [channel.id, RATE]);
    const campaign = await seedTaggedCampaign(db, {
      channel,
      recipients,
      label: 'Bench',
      stamp: Date.now(),
      phonePrefix: '521558',
    });
    const t0 = performance.now();
    await startCampaign(db, campaign.id);
    const deadline = Date.now() + 180_000;
    let status = 'SCHEDULED';
    while (Date.now() < deadline && status !== 'FINISHED') {
      await new Promise((done) => setTimeout(done, 250));
      status = (await db.query(`SELECT status FROM campaigns WHERE id = $1`, [campaign.id])).rows[0].status;
    }
    const totalSeconds = (performance.now() - t0) / 1000;
    const report = await graph.report();
    const arrivals = [...report.arrivals].sort((a, b) => a - b);
    const sends = arrivals.length;
    // The sending rate: from the first request at the provider to the last.
    const seconds = sends > 1 ? (arrivals[sends - 1] - arrivals[0]) / 1000 : Number.NaN;
    const rps = (sends - 1) / seconds;
    const ceiling = Math.min(RATE, ceilingRaw.rps);
    const duplicates = [...report.byRecipient.values()].reduce((n, v) => n + v - 1, 0);
    const missing = recipients - report.byRecipient.size;
    const peak = maxPerSecond(arrivals);
    await db.query(`UPDATE campaigns SET "deletedAt" = now() WHERE id = $1`, [campaign.id]);
    return {
      name: `campaign dispatch (${recipients} recipients, number set to ${RATE} msg/s)`,
      unit: 'msg/s',
      target: 0.9,
      measured: {
        rps,
        failed: duplicates + missing + (status === 'FINISHED' ? 0 : 1),
        p50: Number.NaN,
        p99: Number.NaN,
      },
      ceiling: { rps: ceiling, failed: ceilingRaw.failed, p50: ceilingRaw.p50, p99: ceilingRaw.p99 },
      ratio: rps / ceiling,
      notes: [
        `provider's bare accept rate ${ceilingRaw.rps.toFixed(0)} req/s at ${CONCURRENCY} in flight; ceiling = min(that, ${RATE})`,
        `busiest one-second window at the provider: ${peak} requests (rate ${RATE})${peak > RATE ? ' — OVER THE RATE' : ''}`,
        `requests ${sends}, distinct recipients ${report.byRecipient.size}, duplicates ${duplicates}, missing ${missing}; ` +
          `campaign ${status} ${totalSeconds.toFixed(1)} s after its start job`,
      ],
      violations: peak > RATE ? 1 : 0,
    };
  } finally {
    await db.end();
    await product.app.close();
    await graph.close();
  }
}
