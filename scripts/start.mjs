// `pnpm start`: build what is missing or stale, then run the product (API + web + embedded PostgreSQL).
import { join } from 'node:path';
import { buildIfNeeded, ROOT, spawnInherit } from './lib.mjs';

buildIfNeeded();
const child = spawnInherit(process.execPath, [join(ROOT, 'apps/api/dist/main.js')], {
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR || join(ROOT, '.data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
