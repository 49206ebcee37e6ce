import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

const dirs: string[] = [];
const dir = (): string => {
  const made = mkdtempSync(join(tmpdir(), 'crm-config-'));
  dirs.push(made);
  return made;
};
afterAll(() => {
  for (const made of dirs) rmSync(made, { recursive: true, force: true });
});

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-secret-0123456789abcdef0123456789',
  ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
  WHATSAPP_APP_SECRET: 'app-secret',
  WHATSAPP_VERIFY_TOKEN: 'verify-token',
  MESSENGER_APP_ID: '1234',
  MESSENGER_APP_SECRET: 'messenger-secret',
  MESSENGER_VERIFY_TOKEN: 'messenger-verify',
  DIALOG360_WEBHOOK_TOKEN: 'dialog-token',
};

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const cwd = dir();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(join(cwd, '.data'));
    expect(config.databaseUrl).toBeNull();
    expect(config.devOutbox).toBe(true);
    expect(config.rateLimitAccountMax).toBe(5);
  });

  it('keeps generated development secrets across restarts', () => {
    const cwd = dir();
    const a = loadConfig({}, cwd);
    const b = loadConfig({}, cwd);
    expect(a.jwtSecret).toBe(b.jwtSecret);
    expect(a.encryptionKey.equals(b.encryptionKey)).toBe(true);
    expect(JSON.parse(readFileSync(join(cwd, '.data', 'dev-secrets.json'), 'utf8')).JWT_SECRET).toBe(
      a.jwtSecret,
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ NODE_ENV: 'production' }, 'ENCRYPTION_KEY'],
  ])('stops on %j naming %s', (env, variable) => {
    try {
      loadConfig(env, dir());
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message).toContain(variable);
    }
  });

  it('reads the keys of earlier rotations from ENCRYPTION_KEY_PREVIOUS, without the current one', () => {
    const old1 = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
    const old2 = 'an-old-key-written-as-text-of-32-chars';
    const config = loadConfig(
      { ...PRODUCTION_ENV, ENCRYPTION_KEY_PREVIOUS: ` ${old1}, ${old2},${PRODUCTION_ENV.ENCRYPTION_KEY}` },
      dir(),
    );
    expect(config.previousEncryptionKeys.map((k) => k.toString('hex'))).toEqual([
      old1,
      Buffer.from(old2.slice(0, 32), 'utf8').toString('hex'),
    ]);
    expect(loadConfig(PRODUCTION_ENV, dir()).previousEncryptionKeys).toEqual([]);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ENCRYPTION_KEY_PREVIOUS: 'short' }, dir())).toThrow(
      /ENCRYPTION_KEY_PREVIOUS/,
    );
  });

  it('gives Express a hop count for a numeric TRUST_PROXY, and names or addresses as they are', () => {
    const trusts = (value: string | undefined) => {
      const app = express();
      app.set('trust proxy', loadConfig({ TRUST_PROXY: value }, dir()).trustProxy);
      const trust = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
      return [trust('10.0.0.2', 0), trust('10.0.0.3', 1), trust('127.0.0.1', 0)];
    };
    // One proxy in front: its address is trusted, the one it names (the client) is not.
    expect(trusts('1')).toEqual([true, false, true]);
    expect(trusts('uniquelocal')).toEqual([true, true, false]);
    expect(trusts('loopback')).toEqual([false, false, true]);
    expect(trusts(undefined)).toEqual([false, false, false]);
    expect(trusts('false')).toEqual([false, false, false]);
  });

  it('turns the dev outbox off when SMTP is configured, and always in production', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }, dir()).devOutbox).toBe(false);
    expect(loadConfig({ DEV_OUTBOX: 'true', ...PRODUCTION_ENV }, dir()).devOutbox).toBe(false);
  });

  it('keeps files on local disk unless S3_BUCKET is set, and then needs the credentials', () => {
    expect(loadConfig({}, dir()).s3).toBeNull();
    const s3 = {
      S3_BUCKET: 'crm-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3, dir()).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'crm-media',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      publicUrl: 'http://127.0.0.1:9000/crm-media',
    });
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' }, dir())).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' }, dir())).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' }, dir())).toThrow(/S3_ENDPOINT/);
  });

  it('logs at info, at warn under tests, and refuses an unknown LOG_LEVEL or a short METRICS_TOKEN (issue 22)', () => {
    expect(loadConfig({}, dir()).logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }, dir()).logLevel).toBe('warn');
    expect(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: ' Debug ' }, dir()).logLevel).toBe('debug');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' }, dir())).toThrow(ConfigError);
    expect(loadConfig({}, dir()).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'm'.repeat(24) }, dir()).metricsToken).toBe('m'.repeat(24));
    expect(() => loadConfig({ METRICS_TOKEN: 'short-token' }, dir())).toThrow(/METRICS_TOKEN/);
  });
});
