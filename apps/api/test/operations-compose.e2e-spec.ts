import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/app-config';

/**
 * docker/ for operators (issue 22, "Operations"). No Docker engine runs in CI, so what can be checked without one is
 * checked here: the compose file parses as Compose reads it, each API replica's environment (interpolated from
 * docker/.env.example as Compose would) passes the API's own configuration checks for production, the proxy and the
 * health checks name what the API serves, and the Dockerfile installs every workspace project the lockfile lists.
 */

const ROOT = resolve(__dirname, '../../..');
const read = (path: string): string => readFileSync(resolve(ROOT, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  command?: string[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

// Compose resolves YAML anchors and merge keys (api-1 and api-2 are the x-api block); so does this parse.
const compose = parse(read('docker/compose.yaml'), { merge: true }) as ComposeFile;
const caddyfile = read('docker/Caddyfile');
const dockerfile = read('docker/Dockerfile');

/** docker/.env.example as `--env-file` reads it: KEY=VALUE lines, comments and blank lines skipped. */
function envFile(text: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) vars[match[1]] = match[2] ?? '';
  }
  return vars;
}

/** Compose's interpolation: `${VAR}`, `${VAR:-default}` (unset or empty), `${VAR:?error}` (refuses), `$$`. */
function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z0-9_]+)(?:(:-|:\?)([^}]*))?\}/g, (match, name, op, arg) => {
    if (match === '$$') return '$';
    const value = vars[name as string];
    if (op === ':-') return value ? value : (arg as string);
    if (op === ':?') {
      if (!value) throw new Error(`${name as string}: ${arg as string}`);
      return value;
    }
    return value ?? '';
  });
}

function apiEnvironment(vars: Record<string, string>, service = 'api-1'): Record<string, string> {
  const environment = compose.services[service]?.environment ?? {};
  return Object.fromEntries(
    Object.entries(environment).map(([key, value]) => [key, interpolate(value, vars)]),
  );
}

const example = envFile(read('docker/.env.example'));
const apiServices = Object.keys(compose.services).filter((name) => /^api-\d+$/.test(name));

describe('docker/compose.yaml', () => {
  it('runs PostgreSQL on a volume, two identical API replicas, the proxy and the object storage', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['api-1', 'api-2', 'db', 'minio', 'proxy', 'storage-init'].sort(),
    );
    expect(apiServices).toEqual(['api-1', 'api-2']);
    expect(compose.services['api-2']).toEqual(compose.services['api-1']);
    expect(compose.services.db?.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.services.minio?.volumes).toContain('miniodata:/data');
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['pgdata', 'miniodata']));
    // Only the proxy is reachable from outside: a replica reached directly would break the sticky sessions.
    const published = Object.entries(compose.services).filter(([, service]) => service.ports?.length);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    expect(compose.services['api-1']?.depends_on).toEqual({
      db: { condition: 'service_healthy' },
      'storage-init': { condition: 'service_completed_successfully' },
    });
  });

  it('gives each replica a configuration the API accepts in production, with the shared database and bucket', () => {
    const config = loadConfig(apiEnvironment(example), '/app/apps/api');
    expect(config).toMatchObject({
      nodeEnv: 'production',
      port: 3000,
      databaseUrl: 'postgres://crm:change-me-postgres@db:5432/crm',
      appUrl: 'http://localhost',
      jobsEnabled: true,
      realtimeBus: true,
      demoData: false,
      devOutbox: false,
      trustProxy: 'uniquelocal',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'crm-media',
        accessKeyId: 'charla',
        secretAccessKey: 'change-me-minio',
        // Public files go out through the proxy's /media route.
        publicUrl: 'http://localhost/media',
      },
    });
    const domain = loadConfig(
      apiEnvironment({ ...example, APP_URL: 'https://crm.example.com' }),
      '/app/apps/api',
    );
    expect(domain.s3?.publicUrl).toBe('https://crm.example.com/media');
  });

  it('refuses to start without a secret the API requires in production', () => {
    for (const name of [
      'POSTGRES_PASSWORD',
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'MINIO_ROOT_PASSWORD',
      'WHATSAPP_APP_SECRET',
    ]) {
      expect(() => apiEnvironment({ ...example, [name]: '' }), name).toThrow(`${name}: set ${name}`);
    }
  });

  it('passes only variables the API reads, each of them documented in the README', () => {
    const source = read('apps/api/src/config/app-config.ts');
    // Names the configuration reads: `env.NAME` or a helper given 'NAME'.
    const known = new Set(
      [...source.matchAll(/(?:env\.|')([A-Z][A-Z0-9_]{2,})\b/g)].map((match) => match[1]),
    );
    const readme = read('README.md');
    const passed = Object.keys(compose.services['api-1']?.environment ?? {});
    expect(passed.length).toBeGreaterThan(20);
    expect(passed.filter((name) => !known.has(name))).toEqual([]);
    expect(passed.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('checks readiness on /ready and balances both replicas behind a sticky cookie in the proxy', () => {
    expect(compose.services['api-1']?.healthcheck?.test.join(' ')).toContain(
      "fetch('http://127.0.0.1:3000/ready')",
    );
    const upstreams = /reverse_proxy ((?:api-\d+:3000 ?)+) \{/.exec(caddyfile)?.[1]?.trim().split(' ');
    expect(upstreams).toEqual(apiServices.map((name) => `${name}:3000`));
    expect(caddyfile).toMatch(/^\s*lb_policy cookie \w+$/m);
    expect(caddyfile).toMatch(/^\s*health_uri \/ready$/m);
    expect(compose.services.proxy?.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });

  it('exposes only reads of the public uploads/ area of the bucket, under the URL the API writes', () => {
    expect(caddyfile).toContain('handle_path /media/* {');
    expect(caddyfile).toMatch(/path \/uploads\/\*\s+method GET HEAD/);
    expect(caddyfile).toContain('rewrite * /{$S3_BUCKET:crm-media}{path}');
    const init = compose.services['storage-init']?.command?.join('\n') ?? '';
    const policy = JSON.parse(/(\{"Version".*\})\n/.exec(init)?.[1] ?? '{}') as {
      Statement: Array<{ Action: string[]; Resource: string[] }>;
    };
    expect(policy.Statement).toEqual([
      expect.objectContaining({ Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::$$S3_BUCKET/uploads/*'] }),
    ]);
  });
});

describe('docker/Dockerfile', () => {
  it('installs with the pinned pnpm and every workspace project the lockfile lists', () => {
    const packageManager = (JSON.parse(read('package.json')) as { packageManager: string }).packageManager;
    expect(packageManager).toBe('pnpm@10.34.9');
    const runs = dockerfile.split('\n').filter((line) => line.startsWith('RUN') && line.includes('pnpm'));
    expect(runs.length).toBe(3);
    for (const line of runs) expect(line).toContain(`npx -y ${packageManager} `);
    expect(dockerfile).toContain(`RUN npx -y ${packageManager} -r run build`);
    // pnpm-workspace.yaml's projects: --frozen-lockfile refuses an install that lacks one of them.
    const workspace = parse(read('pnpm-workspace.yaml')) as { packages: string[] };
    const projects = workspace.packages.flatMap((glob) =>
      glob.endsWith('/*')
        ? readdirSync(resolve(ROOT, glob.slice(0, -2))).map((dir) => `${glob.slice(0, -2)}/${dir}`)
        : [glob],
    );
    const manifests = projects.filter((dir) => existsSync(resolve(ROOT, dir, 'package.json')));
    expect(manifests.length).toBeGreaterThanOrEqual(4);
    for (const dir of manifests) {
      expect(dockerfile).toContain(`COPY ${dir}/package.json ${dir}/`);
      expect(dockerfile).toContain(`COPY --from=build /app/${dir}/package.json ${dir}/`);
    }
  });

  it('starts the API with its own start command, from its folder', () => {
    const api = JSON.parse(read('apps/api/package.json')) as { scripts: { start: string } };
    expect(api.scripts.start).toBe('node dist/main.js');
    expect(dockerfile).toContain('WORKDIR /app/apps/api\n');
    expect(dockerfile).toContain('CMD ["node", "dist/main.js"]');
  });
});
