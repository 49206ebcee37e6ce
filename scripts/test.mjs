// `pnpm test`: lint and type-check, build, then every test of every package — unit, API against a real
// PostgreSQL, and the browser suite in Chromium — ending with one "N passed, N failed" line.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './chromium.mjs';
import { buildIfNeeded, runPnpm } from './lib.mjs';

const report = mkdtempSync(join(tmpdir(), 'crm-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function step(title) {
  console.log(`\n━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`);
}

function vitest(pkg, label, extraArgs = [], env = {}) {
  step(label);
  const out = join(report, `${label.replace(/\W+/g, '-')}.json`);
  const status = runPnpm(
    [
      '--filter',
      pkg,
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extraArgs,
    ],
    { env: { ...process.env, CI: process.env.CI ?? 'true', ...env } },
  );
  if (existsSync(out)) {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += result.numPassedTests;
    totals.failed += result.numFailedTests;
    totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
    if (result.numTotalTests === 0) problems.push(`${label}: ran no test`);
  }
  if (status !== 0) problems.push(`${label}: exit code ${status}`);
}

step('lint and type-check');
if (runPnpm(['run', 'lint']) !== 0) problems.push('lint: failed');

step('build');
buildIfNeeded();

vitest('@crm/shared', 'shared unit tests');
vitest('@crm/api', 'api tests (real PostgreSQL)');
vitest('@crm/web', 'web unit tests');

const chromium = findChromium();
if (chromium) {
  vitest('@crm/web', 'browser tests (Chromium)', ['--config', 'vitest.e2e.config.ts'], {
    CHROMIUM_PATH: chromium,
  });
} else {
  problems.push('browser tests: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');
}

rmSync(report, { recursive: true, force: true });
step('summary');
for (const p of problems) console.log(`✗ ${p}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
