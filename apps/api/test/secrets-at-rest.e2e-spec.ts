import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SecretBox } from '../src/common/crypto/secret-box';
import { dataSourceOptions } from '../src/database/data-source';
import { SealSecretsAtRest1768000000700 } from '../src/database/migrations/1768000000700-seal-secrets-at-rest';
import { resealSecrets, SEALED_COLUMNS } from '../src/database/secrets-at-rest';
import type { ChannelRow } from '../src/modules/channels/channels.repository';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { FakeGraphServer } from '../src/providers/channels/messenger/__fixtures__/fake-graph-server';
import { twilioSignature } from '../src/providers/channels/sms/twilio-signature';
import { FakeCrm } from './fake-crm';
import { gql, registerCompany, startTestApp, type TestApp, uniqueIp } from './helpers';
import { API_DIR, assertBuilt } from './instance-kit';
import { type TestSql, testSql } from './sql';

/**
 * Issue 22, secrets at rest: every provider credential, the CRM webhook secret and TOTP secrets are sealed with
 * ENCRYPTION_KEY; a dump of the database shows none of them; a key rotation (ENCRYPTION_KEY_PREVIOUS, then the
 * `secrets:reseal` command) keeps every provider call working. Providers are real HTTP servers on 127.0.0.1.
 */

const APP_URL = 'https://crm.example.com';
// The key of every test app of the run (test/helpers.ts): this file leaves every secret sealed with it again.
const RUN_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
const NEW_KEY = 'a5b4c3d2e1f00718293a4b5c6d7e8f90a5b4c3d2e1f00718293a4b5c6d7e8f90';
const runBox = new SecretBox(Buffer.from(RUN_KEY, 'hex'));
const newBox = new SecretBox(Buffer.from(NEW_KEY, 'hex'));

// One number per provider, distinct from every other file's.
const SID = `AC${'5e'.repeat(16)}`;
const TWILIO_TOKEN = 'c0ffee5ec12e7a7de5700000000122a1';
const SMS_NUMBER = '+15550122001';
const SMS_PROVIDER_ID = '15550122001';
const D360_KEY = 'SecretsAtRest360Key0122002';
const D360_NUMBER = '+5215550122002';
const WA_PHONE_ID = '990000000122003';
const WA_WABA_ID = '880000000122003';
const WA_TOKEN = `EAAGsecretsAtRest${'Z'.repeat(32)}`;
const PAGE_ID = '910000000122004';
const PAGE_TOKEN = 'EAAPageTokenSecretsAtRest0122004xyz';
const USER_TOKEN = 'EAAShortUserTokenSecretsAtRest0122';
const LONG_USER_TOKEN = 'EAALongUserTokenSecretsAtRest0122';
const CRM_SECRET = 'crm-secret-at-rest-0122005-signing-key';

let t: TestApp;
let ds: TestSql;
let twilio: FakeGraphServer;
let d360: FakeGraphServer;
let graph: FakeGraphServer;
let crm: FakeCrm;
let crmUrl: string;
let sent = 0;
let firstAppOpen = true;

async function closeFirstApp(): Promise<void> {
  if (!firstAppOpen) return;
  firstAppOpen = false;
  await t.close();
}

// What the first test leaves for the rotation test.
const state = { token: '', email: '', password: '', companyId: 0, clientId: 0, totpSecret: '' };

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

function providerEnv(): Record<string, string> {
  return {
    APP_URL,
    JOB_POLL_MS: '50',
    SMS_API_URL: `${twilio.url}/2010-04-01`,
    DIALOG360_URL: d360.url,
    WHATSAPP_GRAPH_URL: `${graph.url}/v26.0`,
    MESSENGER_GRAPH_URL: `${graph.url}/v26.0`,
    MESSENGER_APP_ID: '138483919580948',
    MESSENGER_APP_SECRET: 'test-messenger-app-secret',
  };
}

/** Each fake checks the credential it receives, as the real provider does. */
function providerRoutes(): void {
  const twilioAuth = (h: Record<string, string | string[] | undefined>) =>
    h.authorization === basic(SID, TWILIO_TOKEN);
  twilio.on('GET', /IncomingPhoneNumbers\.json$/, (req) =>
    twilioAuth(req.headers)
      ? {
          status: 200,
          body: {
            incoming_phone_numbers: [
              {
                sid: `PN${'1'.repeat(32)}`,
                account_sid: SID,
                phone_number: SMS_NUMBER,
                capabilities: { sms: true },
              },
            ],
          },
        }
      : { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } },
  );
  twilio.on('POST', /Messages\.json$/, (req) => {
    sent += 1;
    return twilioAuth(req.headers)
      ? { status: 201, body: { sid: `SM${String(sent).padStart(32, '0')}`, status: 'queued' } }
      : { status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } };
  });
  const d360Auth = (key: unknown) =>
    key === D360_KEY ? null : { status: 401, body: { meta: { success: false, http_code: 401 } } };
  d360.on(
    'POST',
    /^\/v1\/configs\/webhook$/,
    (req) => d360Auth(req.headers['d360-api-key']) ?? { status: 200, body: {} },
  );
  const bearer = (req: { headers: Record<string, string | string[] | undefined> }) =>
    req.headers.authorization === `Bearer ${WA_TOKEN}`
      ? null
      : { status: 401, body: { error: { message: 'Invalid OAuth access token.', code: 190 } } };
  graph.on(
    'GET',
    new RegExp(`^/v26\\.0/${WA_PHONE_ID}$`),
    (req) =>
      bearer(req) ?? {
        status: 200,
        body: {
          display_phone_number: '+52 1 55 5012 2003',
          verified_name: 'Secretos',
          quality_rating: 'GREEN',
        },
      },
  );
  graph.on(
    'POST',
    new RegExp(`^/v26\\.0/${WA_WABA_ID}/subscribed_apps$`),
    (req) => bearer(req) ?? { status: 200, body: { success: true } },
  );
  graph.on('GET', /\/oauth\/access_token$/, (req) =>
    req.query.get('fb_exchange_token') === USER_TOKEN
      ? { status: 200, body: { access_token: LONG_USER_TOKEN, token_type: 'bearer', expires_in: 5_000_000 } }
      : { status: 400, body: { error: { message: 'Invalid token', type: 'OAuthException', code: 190 } } },
  );
  graph.on('GET', /\/me\/accounts$/, {
    status: 200,
    body: {
      data: [{ id: PAGE_ID, name: 'Página Secretos', access_token: PAGE_TOKEN, tasks: ['MESSAGING'] }],
    },
  });
  graph.on('POST', new RegExp(`^/v26\\.0/${PAGE_ID}/subscribed_apps$`), {
    status: 200,
    body: { success: true },
  });
}

function post(app: TestApp, path: string, token: string, body: object) {
  return app.http.post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An agent answers through `app`; resolves to the message once its send job is done with it. */
async function answer(app: TestApp, text: string) {
  const res = await gql<{ sendMessage: { id: number } }>(
    app,
    state.token,
    `mutation($input: SendMessageInput!) { sendMessage(input: $input) { id } }`,
    { input: { clientId: state.clientId, text } },
  );
  expect(res.errors).toBeUndefined();
  const rows = await waitFor(
    () =>
      ds.query(`SELECT "messageStatus", "errorCode" FROM messages WHERE id = $1`, [res.data?.sendMessage.id]),
    (r: Array<{ messageStatus: string }>) => r[0]?.messageStatus !== 'pending',
  );
  return rows[0] as { messageStatus: string; errorCode: string | null };
}

/** Every row of every table of the database (what pg_dump would write; the embedded binaries ship no pg_dump). */
async function dumpDatabase(): Promise<string> {
  const tables: Array<{ schema: string; name: string }> = await ds.query(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  expect(tables.map((x) => x.name)).toEqual(
    expect.arrayContaining(['channels', 'companies', 'users', '_private_jobs']),
  );
  const parts: string[] = [];
  for (const { schema, name } of tables) {
    const [row] = await ds.query(
      `SELECT coalesce(string_agg(t::text, E'\\n'), '') AS dump FROM "${schema}"."${name}" t`,
    );
    parts.push(`-- ${schema}.${name}\n${row.dump}`);
  }
  return parts.join('\n');
}

/** The `secrets:reseal` command as an operator runs it (the built API), on the run's database. */
function runReseal(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  assertBuilt('dist/reseal-secrets.cli.js');
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-reseal-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/reseal-secrets.cli.js'], {
      cwd: API_DIR,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: inject('databaseUrl'),
        JWT_SECRET: 'test-jwt-secret-0123456789abcdef0123456789',
        ...env,
      },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, out });
    });
  });
}

async function myChannels(): Promise<Array<ChannelRow & { accessToken: string }>> {
  return ds.query(`SELECT * FROM channels WHERE "companyId" = $1 AND "accessToken" IS NOT NULL ORDER BY id`, [
    state.companyId,
  ]);
}

const CLEAR_BY_PLATFORM: Record<string, string> = {
  sms: `${SID}:${TWILIO_TOKEN}`,
  dialog360: D360_KEY,
  whatsapp_cloud: WA_TOKEN,
  messenger: PAGE_TOKEN,
};

beforeAll(async () => {
  [twilio, d360, graph] = await Promise.all([
    FakeGraphServer.start(),
    FakeGraphServer.start(),
    FakeGraphServer.start(),
  ]);
  providerRoutes();
  crm = await FakeCrm.start();
  crmUrl = crm.url;
  t = await startTestApp(providerEnv());
  ds = testSql();
});

afterAll(async () => {
  // Whatever happened above, every secret of the run goes back under the run's key, and this file's rows go.
  const pool = new Pool({ connectionString: inject('databaseUrl'), max: 1 });
  try {
    await resealSecrets(pool, new SecretBox(Buffer.from(RUN_KEY, 'hex'), [Buffer.from(NEW_KEY, 'hex')]));
  } finally {
    await pool.end();
  }
  if (state.companyId) {
    await ds.query(`DELETE FROM channels WHERE "companyId" = $1`, [state.companyId]);
    await ds.query(`UPDATE companies SET "crmWebhookUrl" = NULL, "crmWebhookSecret" = NULL WHERE id = $1`, [
      state.companyId,
    ]);
  }
  await closeFirstApp();
  await Promise.all([twilio.close(), d360.close(), graph.close()]);
  await crm.close();
});

describe('secrets at rest', () => {
  it('stores every provider credential, the CRM secret and the TOTP secret sealed: a dump of the database shows none', async () => {
    const owner = await registerCompany(t, 'secretos');
    const [user] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
    Object.assign(state, { token: owner.token, email: owner.email, password: owner.password });
    state.companyId = user.companyId;

    // A number of each provider, connected through the API.
    const connected = await Promise.all([
      gql(t, owner.token, 'mutation($i: ConnectSmsChannelInput!) { connectSmsChannel(input: $i) { id } }', {
        i: { accountSid: SID, authToken: TWILIO_TOKEN, phoneNumber: SMS_NUMBER },
      }),
      gql(
        t,
        owner.token,
        'mutation($i: ConnectDialog360ChannelInput!) { connectDialog360Channel(input: $i) { id } }',
        {
          i: { apiKey: D360_KEY, phoneNumber: D360_NUMBER },
        },
      ),
      gql(
        t,
        owner.token,
        'mutation($i: ConnectWhatsappCloudChannelInput!) { connectWhatsappCloudChannel(input: $i) { id } }',
        { i: { phoneNumberId: WA_PHONE_ID, wabaId: WA_WABA_ID, accessToken: WA_TOKEN } },
      ),
    ]);
    for (const res of connected) expect(res.errors).toBeUndefined();
    const synced = await post(t, '/syncMessengerPages', owner.token, { accessToken: USER_TOKEN });
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    const channels = await myChannels();
    expect(channels.map((c) => c.platform).sort()).toEqual([
      'dialog360',
      'messenger',
      'sms',
      'whatsapp_cloud',
    ]);

    // TOTP: the policy on, then the binding shown once to the user.
    const policy = await gql(t, owner.token, 'mutation { updateTwoFactorPolicy(enabled: true) { id } }');
    expect(policy.errors).toBeUndefined();
    const binding = await t.http
      .post('/api/sendTwoFactorCode')
      .set('X-Forwarded-For', uniqueIp())
      .send({ email: owner.email, password: owner.password });
    expect(binding.status).toBe(200);
    state.totpSecret = new URL(binding.body.factor.binding.uri).searchParams.get('secret') ?? '';
    expect(state.totpSecret).toMatch(/^[A-Z2-7]{16,}$/);

    // The CRM webhook has no screen: an operator writes its secret in clear, and `secrets:reseal` seals it.
    await ds.query(`UPDATE companies SET "crmWebhookUrl" = $2, "crmWebhookSecret" = $3 WHERE id = $1`, [
      state.companyId,
      crmUrl,
      CRM_SECRET,
    ]);
    const sealing = await runReseal({ ENCRYPTION_KEY: RUN_KEY });
    expect(sealing.code, sealing.out).toBe(0);
    expect(sealing.out).toMatch(/companies\.crmWebhookSecret: 0 re-sealed, 1 sealed \(were in clear\)/);

    // A signed Twilio webhook is verified with the stored (sealed) auth token and opens a conversation.
    const body = new URLSearchParams({
      MessageSid: `SM${'6'.repeat(32)}`,
      AccountSid: SID,
      From: '+5215512340122',
      To: SMS_NUMBER,
      Body: 'Hola, ¿siguen abiertos?',
      NumMedia: '0',
    });
    const posted = await t.http
      .post('/webhooks/sms')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .set('X-Twilio-Signature', twilioSignature(TWILIO_TOKEN, `${APP_URL}/webhooks/sms`, body))
      .send(body.toString());
    expect(posted.status).toBe(200);
    const sms = channels.find((c) => c.platform === 'sms');
    const clients = await waitFor<Array<{ id: number }>>(
      () => ds.query(`SELECT id FROM clients WHERE "channelId" = $1`, [sms?.id]),
      (r) => r.length > 0,
    );
    state.clientId = clients[0].id;

    // The CRM receives the contact signed with the secret it was given.
    const toCrm = await post(t, '/sendToCRM', owner.token, { clientId: state.clientId });
    expect(toCrm.status, JSON.stringify(toCrm.body)).toBe(200);
    const [delivery] = crm.received;
    expect(delivery.signature).toBe(
      `sha256=${createHmac('sha256', CRM_SECRET).update(delivery.body).digest('hex')}`,
    );

    const dump = await dumpDatabase();
    const secrets = [TWILIO_TOKEN, D360_KEY, WA_TOKEN, PAGE_TOKEN, USER_TOKEN, LONG_USER_TOKEN, CRM_SECRET];
    for (const secret of [...secrets, state.totpSecret]) expect(dump).not.toContain(secret);
    // The dump does hold this company's rows: the check above looked where the secrets would be.
    expect(dump).toContain(SMS_PROVIDER_ID);
    expect(dump).toContain(crmUrl);

    // Every stored secret is sealed and opens to what the provider was given.
    for (const channel of await myChannels()) {
      expect(SecretBox.isSealed(channel.accessToken)).toBe(true);
      expect(runBox.open(channel.accessToken)).toBe(CLEAR_BY_PLATFORM[channel.platform]);
    }
    const [company] = await ds.query(`SELECT "crmWebhookSecret" FROM companies WHERE id = $1`, [
      state.companyId,
    ]);
    expect(runBox.open(company.crmWebhookSecret)).toBe(CRM_SECRET);

    // No answer that lists channels carries a credential.
    const listed = await gql(
      t,
      owner.token,
      '{ channels { id name platform phone pageId imageUrl isActive useChatbot qualityRating currentLimit expiresAt slotStatus spaceIds createdAt } }',
    );
    expect(listed.errors).toBeUndefined();
    const answers = JSON.stringify(listed.data);
    for (const secret of secrets) expect(answers).not.toContain(secret);
    expect(answers).toContain(PAGE_ID);
  });

  it('has no GraphQL output field that could answer a stored secret', async () => {
    interface IntrospectedType {
      name: string;
      kind: string;
      fields: Array<{ name: string }> | null;
      inputFields: Array<{ name: string }> | null;
    }
    const res = await gql<{ __schema: { types: IntrospectedType[] } }>(
      t,
      state.token,
      '{ __schema { types { name kind fields { name } inputFields { name } } } }',
    );
    expect(res.errors).toBeUndefined();
    const types = (res.data?.__schema.types ?? []).filter((type) => !type.name.startsWith('__'));
    const secretLike = (kind: string, of: (type: IntrospectedType) => Array<{ name: string }> | null) =>
      types
        .filter((type) => type.kind === kind)
        .flatMap((type) => (of(type) ?? []).map((f) => `${type.name}.${f.name}`))
        .filter((name) => /token|secret|apikey|password|\.pin$|credential/i.test(name));
    // Credentials go in (the connect inputs), never out.
    expect(secretLike('INPUT_OBJECT', (type) => type.inputFields)).toEqual(
      expect.arrayContaining([
        'ConnectSmsChannelInput.authToken',
        'ConnectDialog360ChannelInput.apiKey',
        'ConnectWhatsappCloudChannelInput.accessToken',
      ]),
    );
    expect(secretLike('OBJECT', (type) => type.fields)).toEqual([]);
  });

  it('rotates the key: the previous key still opens, secrets:reseal moves every secret to the new key, sends keep working', async () => {
    expect(state.clientId).toBeGreaterThan(0);
    // Every instance is redeployed with the new key before the re-sealing: an instance left on the old key alone
    // would take jobs (sends) it cannot open once the secrets move.
    await closeFirstApp();
    // The new key deployed with the old one as previous: the stored secrets still open, the provider still answers.
    const rotating = await startTestApp({
      ...providerEnv(),
      ENCRYPTION_KEY: NEW_KEY,
      ENCRYPTION_KEY_PREVIOUS: RUN_KEY,
    });
    try {
      for (const channel of await myChannels()) {
        expect(rotating.app.get(ChannelsService).credentials(channel).accessToken).toBe(
          CLEAR_BY_PLATFORM[channel.platform],
        );
      }
      const before = await answer(rotating, 'Sí, hasta las 8');
      expect(before).toMatchObject({ messageStatus: 'sent', errorCode: null });
      expect(twilio.to('POST', /Messages\.json$/).at(-1)?.headers.authorization).toBe(
        basic(SID, TWILIO_TOKEN),
      );
    } finally {
      await rotating.close();
    }

    const resealed = await runReseal({ ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_KEY_PREVIOUS: RUN_KEY });
    expect(resealed.code, resealed.out).toBe(0);
    const channelsLine =
      resealed.out.split('\n').find((line) => line.startsWith('channels.accessToken:')) ?? '';
    expect(Number(/(\d+) re-sealed/.exec(channelsLine)?.[1])).toBeGreaterThanOrEqual(4);
    expect(resealed.out).toMatch(/users\.twoFactorSecret: [1-9]\d* re-sealed/);
    for (const column of SEALED_COLUMNS) expect(resealed.out).toContain(`${column.table}.${column.column}:`);

    // Now only the new key opens them.
    for (const channel of await myChannels()) {
      expect(newBox.open(channel.accessToken)).toBe(CLEAR_BY_PLATFORM[channel.platform]);
      expect(() => runBox.open(channel.accessToken)).toThrow();
    }
    const [company] = await ds.query(`SELECT "crmWebhookSecret" FROM companies WHERE id = $1`, [
      state.companyId,
    ]);
    expect(newBox.open(company.crmWebhookSecret)).toBe(CRM_SECRET);

    // Run again: nothing left to move.
    const pool = new Pool({ connectionString: inject('databaseUrl'), max: 1 });
    try {
      const again = await resealSecrets(
        pool,
        new SecretBox(Buffer.from(NEW_KEY, 'hex'), [Buffer.from(RUN_KEY, 'hex')]),
      );
      for (const report of again) {
        expect(report).toMatchObject({ resealed: 0, sealed: 0, unreadable: [], raced: 0 });
      }
      expect(again.find((r) => r.table === 'channels')?.current).toBeGreaterThanOrEqual(4);
    } finally {
      await pool.end();
    }

    // The previous key removed: sends, the CRM signature and the TOTP sign-in work with the new key alone.
    const rotated = await startTestApp({ ...providerEnv(), ENCRYPTION_KEY: NEW_KEY });
    try {
      const after = await answer(rotated, '¿Algo más?');
      expect(after).toMatchObject({ messageStatus: 'sent', errorCode: null });
      expect(twilio.to('POST', /Messages\.json$/).at(-1)?.headers.authorization).toBe(
        basic(SID, TWILIO_TOKEN),
      );
      const toCrm = await post(rotated, '/sendToCRM', state.token, { clientId: state.clientId });
      expect(toCrm.status).toBe(200);
      const delivery = crm.received.at(-1);
      expect(delivery?.signature).toBe(
        `sha256=${createHmac('sha256', CRM_SECRET)
          .update(delivery?.body ?? '')
          .digest('hex')}`,
      );
      const signIn = await rotated.http
        .post('/api/loginDash')
        .set('X-Forwarded-For', uniqueIp())
        .send({
          email: state.email,
          password: state.password,
          otp: await generate({ secret: state.totpSecret }),
        });
      expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    } finally {
      await rotated.close();
    }

    // A value sealed with a key nobody configured is reported, left as it was, and the command fails.
    const stranger = new SecretBox(Buffer.alloc(32, 7)).seal('lost');
    await ds.query(`UPDATE companies SET "crmWebhookSecret" = $2 WHERE id = $1`, [state.companyId, stranger]);
    const lost = await runReseal({ ENCRYPTION_KEY: NEW_KEY });
    expect(lost.code).toBe(1);
    expect(lost.out).toContain(`UNREADABLE ids ${state.companyId}`);
    const [kept] = await ds.query(`SELECT "crmWebhookSecret" FROM companies WHERE id = $1`, [
      state.companyId,
    ]);
    expect(kept.crmWebhookSecret).toBe(stranger);
  });

  it('the migration seals what an older version left in clear, once, and refuses to migrate it without the key', async () => {
    const dataSource = new DataSource(dataSourceOptions(inject('databaseUrl')));
    await dataSource.initialize();
    const runner = dataSource.createQueryRunner();
    try {
      const [channel] = await myChannels();
      await ds.query(`UPDATE channels SET "accessToken" = $2 WHERE id = $1`, [
        channel.id,
        'EAAGleftInClear0122',
      ]);
      await ds.query(`UPDATE companies SET "crmWebhookSecret" = $2 WHERE id = $1`, [
        state.companyId,
        CRM_SECRET,
      ]);

      const keyless = new SealSecretsAtRest1768000000700();
      await expect(keyless.up(runner)).rejects.toThrow(/channels\.accessToken are stored in clear/);

      const Keyed = SealSecretsAtRest1768000000700.withKey(runBox);
      await new Keyed().up(runner);
      const [sealedChannel] = await ds.query(`SELECT "accessToken" FROM channels WHERE id = $1`, [
        channel.id,
      ]);
      const [company] = await ds.query(`SELECT "crmWebhookSecret" FROM companies WHERE id = $1`, [
        state.companyId,
      ]);
      expect(runBox.open(sealedChannel.accessToken)).toBe('EAAGleftInClear0122');
      expect(runBox.open(company.crmWebhookSecret)).toBe(CRM_SECRET);

      // Run again (and keyless: nothing in clear now): sealed values are recognised and left alone.
      await new Keyed().up(runner);
      await keyless.up(runner);
      const [still] = await ds.query(`SELECT "accessToken" FROM channels WHERE id = $1`, [channel.id]);
      expect(still.accessToken).toBe(sealedChannel.accessToken);
    } finally {
      await runner.release();
      await dataSource.destroy();
    }
  });
});
