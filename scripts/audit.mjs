// `pnpm audit:deps`: fails on a known high or critical vulnerability in a production dependency of any package
// (`pnpm audit --prod --audit-level high`), listing each one. Run by `pnpm test` beside lint and type-check.
//
// When the registry answers no audit at all (a registry mirror without npm's audit endpoint, no network), nothing
// is known either way: the script says so loudly and exits 2, which `pnpm test` reports without failing; set
// AUDIT_REQUIRED=true to make that a failure too (CI on a machine that reaches the registry's audit endpoint).
// AUDIT_REPORT=<file> reads a saved `pnpm audit --json` answer instead of asking (to check this script itself).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pnpmCommand, ROOT } from './lib.mjs';

const BLOCKING = ['high', 'critical'];

function askRegistry() {
  const { cmd, args } = pnpmCommand();
  const result = spawnSync(cmd, [...args, 'audit', '--prod', '--audit-level', 'high', '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** What an audit answer means: clean, vulnerable (with the findings) or unavailable (with why). */
function verdict(stdout, stderr = '') {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    const reason = `${stdout}\n${stderr}`.split('\n').find((line) => /ERR_|error/i.test(line)) ?? 'no answer';
    return { status: 'unavailable', reason: reason.trim() };
  }
  if (report.error) return { status: 'unavailable', reason: `${report.error.code}: ${report.error.message}` };
  const findings = Object.values(report.advisories ?? {})
    .filter((advisory) => BLOCKING.includes(advisory.severity))
    .map((advisory) => {
      const paths = [...new Set((advisory.findings ?? []).flatMap((f) => f.paths ?? []))].slice(0, 3);
      return `${advisory.severity.toUpperCase()} ${advisory.module_name} ${advisory.vulnerable_versions} — ${advisory.title} (${advisory.url ?? advisory.github_advisory_id ?? advisory.id}); fixed in ${advisory.patched_versions}; via ${paths.join(', ')}`;
    });
  if (findings.length > 0) return { status: 'vulnerable', findings };
  const counts = report.metadata?.vulnerabilities ?? {};
  return { status: 'clean', counts };
}

const answer = process.env.AUDIT_REPORT
  ? { stdout: readFileSync(process.env.AUDIT_REPORT, 'utf8'), stderr: '' }
  : askRegistry();
const result = verdict(answer.stdout, answer.stderr);
if (result.status === 'vulnerable') {
  console.error(`✗ ${result.findings.length} high or critical vulnerabilities in production dependencies:`);
  for (const line of result.findings) console.error(`  ${line}`);
  console.error('Upgrade them (within their major where possible) and run `pnpm audit:deps` again.');
  process.exit(1);
}
if (result.status === 'unavailable') {
  console.warn(`⚠ dependency audit NOT RUN: the registry gave no audit (${result.reason}).`);
  process.exit(process.env.AUDIT_REQUIRED === 'true' ? 1 : 2);
}
const counts = Object.entries(result.counts)
  .map(([level, n]) => `${n} ${level}`)
  .join(', ');
console.log(
  `✓ dependency audit: no high or critical vulnerability in production dependencies (${counts || 'none'})`,
);
