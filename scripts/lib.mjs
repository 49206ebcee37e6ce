// Helpers shared by the root scripts (start, test). Plain Node: they must run before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The pnpm that runs us (npm_execpath), or pnpm@10.34.9 through npx on a machine without a global pnpm. */
export function pnpmCommand() {
  const execPath = process.env.npm_execpath;
  if (execPath && /pnpm/.test(execPath)) return { cmd: process.execPath, args: [execPath] };
  return { cmd: 'npx', args: ['-y', 'pnpm@10.34.9'] };
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runPnpm(args, options = {}) {
  const { cmd, args: base } = pnpmCommand();
  return run(cmd, [...base, ...args], options);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const PACKAGES = [
  { name: '@crm/shared', dir: 'packages/shared', output: 'packages/shared/dist/index.js' },
  { name: '@crm/api', dir: 'apps/api', output: 'apps/api/dist/main.js', deps: ['packages/shared'] },
  { name: '@crm/web', dir: 'apps/web', output: 'apps/web/dist/index.html', deps: ['packages/shared'] },
];

/** Builds each package whose output is missing or older than its sources (or its dependencies' sources). */
export function buildIfNeeded({ force = false } = {}) {
  for (const pkg of PACKAGES) {
    const output = join(ROOT, pkg.output);
    const sources = [pkg.dir, ...(pkg.deps ?? [])].map((d) =>
      Math.max(
        newestMtime(join(ROOT, d, 'src')),
        newestMtime(join(ROOT, d, 'package.json')),
        newestMtime(join(ROOT, d, 'index.html')),
      ),
    );
    const stale = force || !existsSync(output) || statSync(output).mtimeMs < Math.max(...sources);
    if (!stale) continue;
    console.log(`\n> building ${pkg.name}`);
    const status = runPnpm(['--filter', pkg.name, 'run', 'build']);
    if (status !== 0) {
      console.error(`Build of ${pkg.name} failed.`);
      process.exit(status);
    }
  }
}

export function spawnInherit(cmd, args, options = {}) {
  return spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
}
