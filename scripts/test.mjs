// `pnpm test`: lint and type-check, build, then every test of every package — unit, API against a real
// PostgreSQL, and the browser suite in Chromium — ending with one "N passed, N failed" line.

import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './chromium.mjs';
import { buildIfNeeded, pnpmCommand, ROOT, run, runPnpm } from './lib.mjs';

const report = mkdtempSync(join(tmpdir(), 'crm-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const notes = [];

function step(title) {
  console.log(`\n━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`);
}

/** Runs one vitest suite; with `quiet`, its output goes to a file printed when it ends (suites run side by side). */
function vitest(pkg, label, extraArgs = [], env = {}, { quiet = false } = {}) {
  if (!quiet) step(label);
  const out = join(report, `${label.replace(/\W+/g, '-')}.json`);
  const log = join(report, `${label.replace(/\W+/g, '-')}.log`);
  const { cmd, args } = pnpmCommand();
  const child = spawn(
    cmd,
    [
      ...args,
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
    {
      cwd: ROOT,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, CI: process.env.CI ?? 'true', ...env },
    },
  );
  if (quiet) {
    const file = createWriteStream(log);
    child.stdout.pipe(file);
    child.stderr.pipe(file);
  }
  return new Promise((resolvePromise) => {
    child.on('close', (code) => {
      if (quiet) {
        step(label);
        process.stdout.write(existsSync(log) ? readFileSync(log) : '');
      }
      if (existsSync(out)) {
        const result = JSON.parse(readFileSync(out, 'utf8'));
        totals.passed += result.numPassedTests;
        totals.failed += result.numFailedTests;
        totals.skipped += result.numPendingTests + (result.numTodoTests ?? 0);
        if (result.numTotalTests === 0) problems.push(`${label}: ran no test`);
      }
      if (code !== 0) problems.push(`${label}: exit code ${code}`);
      resolvePromise();
    });
  });
}

step('lint, type-check and dependency audit');
if (runPnpm(['run', 'lint']) !== 0) problems.push('lint: failed');
// Exit 2: the registry offers no audit here, so nothing is known either way (see scripts/audit.mjs).
const audit = run(process.execPath, [join(ROOT, 'scripts', 'audit.mjs')]);
if (audit === 2) notes.push('dependency audit: not run, the registry answered no audit');
else if (audit !== 0)
  problems.push('dependency audit: high or critical vulnerabilities in production dependencies');

step('build');
buildIfNeeded();

// The API suite runs one file at a time (one database) and leaves most of the second core idle, so two lanes run
// side by side, each on one core: shared + API + the last third of the web unit files, and the other two thirds.
// Vitest cannot share one queue between two runs; thirds by file count keep the lanes within a minute or two of
// each other (API ≈ 300 s, each web third ≈ 280 s on one worker). Each suite's output is printed when it ends.
step('shared, api and web unit tests (two lanes)');
const webShard = (n) =>
  vitest('@crm/web', `web unit tests ${n}/3`, ['--maxWorkers=1', `--shard=${n}/3`], {}, { quiet: true });
await Promise.all([
  (async () => {
    await vitest('@crm/shared', 'shared unit tests', [], {}, { quiet: true });
    await vitest('@crm/api', 'api tests (real PostgreSQL)', [], {}, { quiet: true });
    await webShard(3);
  })(),
  (async () => {
    await webShard(1);
    await webShard(2);
  })(),
]);

const chromium = findChromium();
if (chromium) {
  await vitest('@crm/web', 'browser tests (Chromium)', ['--config', 'vitest.e2e.config.ts'], {
    CHROMIUM_PATH: chromium,
  });
} else {
  problems.push('browser tests: Chromium not found (apt-get install chromium, or set CHROMIUM_PATH)');
}

rmSync(report, { recursive: true, force: true });
step('summary');
for (const n of notes) console.log(`⚠ ${n}`);
for (const p of problems) console.log(`✗ ${p}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(problems.length > 0 || totals.failed > 0 ? 1 : 0);
