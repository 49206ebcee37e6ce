// `pnpm bench [words…]`: every benchmark (or those named), each printed as a ratio against a ceiling measured in the same run.
import { analytics } from './analytics.bench.mjs';
import { authOverhead } from './auth-overhead.bench.mjs';
import { campaignDispatch } from './campaign-dispatch.bench.mjs';
import { contacts } from './contacts.bench.mjs';
import { firstLoad } from './first-load.bench.mjs';
import { inboxList } from './inbox-list.bench.mjs';
import { machine, startDatabase, startProduct } from './lib.mjs';
import { soak } from './soak.bench.mjs';
import { sockets } from './sockets.bench.mjs';
import { webhookIngest } from './webhook-ingest.bench.mjs';

const ms = (v) => `${v.toFixed(1)} ms`;

/** Benchmarks timed per case (`rows`): one line per case, lower is better, target ratio ≤ r.target. */
function printRows(r) {
  const miss = (v, target) => (v > target ? ' — ABOVE TARGET' : '');
  console.log(`${r.name}: product vs bare SQL, target ratio ≤ ${r.target}, growth ≤ ${r.growthTarget}`);
  for (const g of r.generation) {
    const s = g.seconds;
    console.log(
      `  generated +${g.added.conversations} conversations, +${g.added.messages} messages (now ${g.conversations} / ` +
        `${g.messages}) in ${(s.clients + s.messages + s.vacuum).toFixed(1)} s (conversations ${s.clients.toFixed(1)} s, ` +
        `messages ${s.messages.toFixed(1)} s, vacuum+analyze ${s.vacuum.toFixed(1)} s)`,
    );
  }
  for (const row of r.rows) {
    console.log(
      `  ${row.size} conv., ${row.filter}, page ${row.number} (${row.count} rows${row.samePage ? '' : ', NOT THE SAME PAGE'}, ${row.requests} requests): ` +
        `product ${ms(row.product)}, ceiling ${ms(row.ceiling)}, ratio ${row.ratio.toFixed(2)}${miss(row.ratio, r.target)}`,
    );
  }
  for (const g of r.growth) {
    console.log(
      `  growth ${g.from} → ${g.to}, ${g.filter}, page ${g.pages.join('/')}: product ×${g.product.toFixed(2)}` +
        `${miss(g.product, r.growthTarget)} (ceiling ×${g.ceiling.toFixed(2)})`,
    );
  }
  console.log(
    `  warm-up ${r.warm} requests a side at each size (${r.warmSeconds.toFixed(1)} s in all); cleanup ${r.cleanupSeconds.toFixed(1)} s, failed requests or mismatched pages: ${r.failed}`,
  );
}

/** The soak's figures: memory trend, p99 per bucket, errors and lost, the drain at the end. */
function printSoak(r) {
  const s = r.soak;
  const mem = (t) =>
    `${t.perMinute >= 0 ? '+' : ''}${t.perMinute.toFixed(2)} MB/min over the minutes' floors ` +
    `(${t.floors.map((v) => v.toFixed(0)).join(' / ')} MB; mean ${t.mean.toFixed(0)} MB, growth over the window ` +
    `${t.growth.toFixed(1)} MB; every sample ${t.everySample >= 0 ? '+' : ''}${t.everySample.toFixed(2)} MB/min)`;
  console.log(`${r.name}: ${s.pass ? 'PASS' : 'FAIL'}`);
  console.log(
    `  requests ${s.requests} (${JSON.stringify(s.byKind)}), errors ${s.errors}, skipped (in-flight cap) ${s.skipped}`,
  );
  for (const e of s.firstErrors) console.log(`    error: ${e}`);
  console.log(
    `  lost ${s.lost}, duplicated ${s.duplicated}: webhooks acked ${s.webhooks.acked}, stored ${s.webhooks.stored}; ` +
      `sends answered ${s.sends.answered}, lost ${s.sends.lost}; campaign ${s.campaign.status} ${s.campaign.sent}/${s.campaign.recipients}` +
      `${s.campaign.status === 'FINISHED' ? '' : ' — NOT FINISHED two minutes after the load (late, not counted as lost)'}`,
  );
  console.log(
    `  memory (${s.memory.samples} samples after a ${s.memory.warmupSeconds} s warm-up, linear regression): ` +
      `RSS ${mem(s.memory.rss)}; heap ${mem(s.memory.heap)}; ${s.memory.flat ? 'no growth trend' : 'GROWTH TREND'} ` +
      "(criterion: the floors' growth over the window ≤ 10 % of the mean, RSS and heap)",
  );
  console.log(
    `  p99 per ${s.p99.bucketSeconds} s: ${s.p99.perBucket.map((v) => v.toFixed(0)).join(' / ')} ms; median ${s.p99.median.toFixed(0)} ms; ` +
      `${s.p99.flat ? 'flat' : 'NOT FLAT'} (criterion: every full bucket's p99 ≤ 2 × the median bucket's)`,
  );
  console.log(`  SIGTERM at the end: exit ${s.stop.code} after ${s.stop.ms} ms`);
}

const db = await startDatabase();
// The shared product runs no job: the campaign benchmark starts its own, with its jobs and a fake Graph API.
const product = await startProduct(db.url, { JOBS_ENABLED: 'false' });
console.log(`machine: ${machine()}`);
let problems = 0;
try {
  // `pnpm bench inbox` runs only the benchmarks whose function name contains one of the words given (`first-load`
  // is firstLoad: case and dashes do not count).
  const only = process.argv.slice(2).map((w) => w.toLowerCase().replace(/[^a-z0-9]/g, ''));
  const all = [
    campaignDispatch,
    authOverhead,
    webhookIngest,
    inboxList,
    contacts,
    analytics,
    firstLoad,
    sockets,
  ];
  const chosen = all.filter((b) => only.length === 0 || only.some((w) => b.name.toLowerCase().includes(w)));
  // The soak (ten minutes by default) runs only when named: `pnpm bench soak`.
  if (only.includes('soak')) chosen.push(soak);
  for (const bench of chosen) {
    const r = await bench({ product, databaseUrl: db.url });
    if (r.cases) {
      const ratioTarget = r.target === undefined ? 'no ratio target' : `target ratio ≤ ${r.target}`;
      console.log(`${r.name}: product vs ceiling, ${ratioTarget}`);
      for (const c of r.cases) {
        const miss = r.target !== undefined && c.ratio > r.target ? ' — ABOVE TARGET' : '';
        // A case may also have a target in time (`limit`, ms), as the first-load one does.
        const limit =
          c.limit === undefined
            ? ''
            : `, target ≤ ${ms(c.limit)}${c.product > c.limit ? ' — ABOVE TARGET' : ''}`;
        console.log(
          `  ${c.label} (median of ${c.rounds} rounds): product ${ms(c.product)}, ceiling ${ms(c.ceiling)}, ` +
            `ratio ${c.ratio.toFixed(2)}${miss}${limit}`,
        );
      }
      for (const note of r.notes ?? []) console.log(`  ${note}`);
      console.log(`  failed requests or wrong results: ${r.failed}`);
      problems += r.failed;
      continue;
    }
    if (r.soak) {
      printSoak(r);
      if (!r.soak.pass) problems += 1;
      continue;
    }
    if (r.rows) {
      printRows(r);
      problems += r.failed;
      continue;
    }
    const unit = r.unit ?? 'req/s';
    const target =
      r.target === undefined ? '' : `, target ≥ ${r.target}${r.ratio < r.target ? ' — BELOW TARGET' : ''}`;
    console.log(
      `${r.name}: product ${r.measured.rps.toFixed(0)} ${unit}, ceiling ${r.ceiling.rps.toFixed(0)} ${unit}, ` +
        `ratio ${r.ratio.toFixed(2)}${target} (failed: ${r.measured.failed}/${r.ceiling.failed})`,
    );
    console.log(
      `  latency p50/p99: product ${ms(r.measured.p50)} / ${ms(r.measured.p99)}, ` +
        `ceiling ${ms(r.ceiling.p50)} / ${ms(r.ceiling.p99)}`,
    );
    problems += r.measured.failed + r.ceiling.failed + (r.violations ?? 0);
    for (const note of r.notes ?? []) console.log(`  ${note}`);
    if (r.redelivery) {
      console.log(`  redeliveries: ${r.redelivery.requests} requests, failed ${r.redelivery.failed}`);
      problems += r.redelivery.failed;
    }
    for (const [side, s] of Object.entries(r.stored ?? {})) {
      const drift = s.unreadDrift === undefined ? '' : `, unread-counter drift ${s.unreadDrift}`;
      console.log(
        `  ${side}: ${s.posted} distinct wamids posted, ${s.stored} rows stored, lost ${s.lost}, duplicated ${s.duplicated}${drift}`,
      );
      problems += s.lost + s.duplicated + Math.abs(s.unreadDrift ?? 0);
    }
  }
} catch (error) {
  console.error(error);
  problems += 1;
} finally {
  await product.app.close();
  await db.stop();
}
process.exit(problems > 0 ? 1 : 0);
