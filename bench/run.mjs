// `pnpm bench`: every benchmark, each printed as a ratio against a ceiling measured in the same run.
import { authOverhead } from './auth-overhead.bench.mjs';
import { machine, startDatabase, startProduct } from './lib.mjs';

const db = await startDatabase();
const product = await startProduct(db.url);
console.log(`machine: ${machine()}`);
const results = [await authOverhead({ product, databaseUrl: db.url })];
for (const r of results) {
  console.log(
    `${r.name}: product ${r.measured.rps.toFixed(0)} req/s, ceiling ${r.ceiling.rps.toFixed(0)} req/s, ` +
      `ratio ${r.ratio.toFixed(2)} (failed: ${r.measured.failed}/${r.ceiling.failed})`,
  );
}
await product.app.close();
await db.stop();
process.exit(results.some((r) => r.measured.failed > 0 || r.ceiling.failed > 0) ? 1 : 0);
