import { ChannelsService } from '../src/modules/channels/channels.service';
import type { FakeProviderServer } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { registerCompany, type TestApp } from './helpers';
import type { TestSql } from './sql';

// Issue 16: what the WhatsApp template suites share: Meta's template API on the one fake provider server, the
// companies and channels they set up, the template rows they read and the status webhooks they post.

export const GRAPH_APP_ID = '670843887433847';
export const GRAPH_UPLOAD_SESSION = 'upload:MTphdHRhY2htZW50?sig=ARZ4n9lh';
export const GRAPH_HEADER_HANDLE = '4::aW1hZ2U=:ARYmVnVHo0f';

export const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);

/** A template as GET /{waba}/message_templates lists it. */
export type GraphTemplate = Record<string, unknown>;

export interface GraphTemplateAccounts {
  /** What account <waba> holds; tests change it as WhatsApp Manager would. */
  account(waba: string): GraphTemplate[];
  /** A fresh template id, from the same sequence as the ones the creations get. */
  nextId(): string;
}

/**
 * The Graph API's template calls under /v25.0 on `fake`, answered like the real ones: a token `token-<waba>` manages
 * WhatsApp Business Account <waba> (debug_token says so), a header goes through the resumable upload, and each
 * account's templates are created (PENDING, ids from `firstId` on), listed and deleted by name (and hsm_id).
 */
export function routeGraphTemplates(fake: FakeProviderServer, firstId: number): GraphTemplateAccounts {
  const lists = new Map<string, GraphTemplate[]>();
  let next = firstId;
  const accounts: GraphTemplateAccounts = {
    account(waba) {
      let list = lists.get(waba);
      if (!list) {
        list = [];
        lists.set(waba, list);
      }
      return list;
    },
    nextId: () => String(next++),
  };
  fake
    .route('GET', '/v25.0/debug_token', (request) => ({
      status: 200,
      body: {
        data: {
          app_id: GRAPH_APP_ID,
          is_valid: true,
          granular_scopes: [
            {
              scope: 'whatsapp_business_management',
              target_ids: [(request.query.get('input_token') ?? '').replace(/^token-/, '')],
            },
          ],
        },
      },
    }))
    .route('POST', `/v25.0/${GRAPH_APP_ID}/uploads`, { status: 200, body: { id: GRAPH_UPLOAD_SESSION } })
    .route('POST', /^\/v25\.0\/upload:/, { status: 200, body: { h: GRAPH_HEADER_HANDLE } })
    .route('POST', /^\/v25\.0\/([^/]+)\/message_templates$/, (request, [waba]) => {
      const body = request.json as { category: string };
      const id = accounts.nextId();
      accounts.account(waba).push({ ...body, id, status: 'PENDING' });
      return { status: 200, body: { id, status: 'PENDING', category: body.category } };
    })
    .route('DELETE', /^\/v25\.0\/([^/]+)\/message_templates$/, (request, [waba]) => {
      const name = request.query.get('name');
      const id = request.query.get('hsm_id');
      const account = accounts.account(waba);
      const kept = account.filter((item) => item.name !== name || (id !== null && item.id !== id));
      account.splice(0, account.length, ...kept);
      return { status: 200, body: { success: true } };
    })
    .route('GET', /^\/v25\.0\/([^/]+)\/message_templates$/, (_request, [waba]) => ({
      status: 200,
      body: { data: accounts.account(waba), paging: { cursors: {} } },
    }));
  return accounts;
}

// ---------------------------------------------------------------------------------------------------------
// Companies and channels.

let seq = 0;
/** A number no other company of this run (nor of a run before, by the clock) gets. */
export function uniqueNumber(): number {
  seq += 1;
  return Number(`${process.pid % 1000}${String(Date.now()).slice(-6)}${seq}`);
}

/** A newly registered company: its owner's token and the company's id. */
export async function newCompany(
  t: TestApp,
  ds: TestSql,
  label: string,
): Promise<{ token: string; companyId: number }> {
  const owner = await registerCompany(t, label);
  const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
  return { token: owner.token, companyId };
}

/** A channel written straight into the table, its token sealed as the app seals it. */
export async function addChannel(
  t: TestApp,
  ds: TestSql,
  companyId: number,
  platform: string,
  providerId: string,
  token: string | null,
): Promise<number> {
  const sealed = token ? t.app.get(ChannelsService).sealToken(token) : null;
  const [row] = await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", "accessToken")
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [companyId, `Canal ${platform} ${providerId}`, platform, providerId, sealed],
  );
  return row.id as number;
}

// ---------------------------------------------------------------------------------------------------------
// The API's template calls and rows.

export function api(t: TestApp, method: 'get' | 'post' | 'delete', path: string, token: string) {
  return t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
}

/** POST /api/whatsappTemplate: a utility NORMAL_TEMPLATE on the channel unless `body` says otherwise. */
export function createTemplate(t: TestApp, token: string, channelId: number, body: Record<string, unknown>) {
  return api(t, 'post', '/whatsappTemplate', token).send({
    type: 'NORMAL_TEMPLATE',
    category: 'utility',
    channelId,
    ...body,
  });
}

export async function rowsOf(ds: TestSql, companyId: number) {
  return ds.query(`SELECT * FROM whatsapp_templates WHERE "companyId" = $1 ORDER BY id`, [companyId]);
}

/** The company's template of that name in that language (a name may be held in several). */
export async function rowNamed(ds: TestSql, companyId: number, name: string, language = 'es_MX') {
  const [row] = await ds.query(
    `SELECT * FROM whatsapp_templates WHERE "companyId" = $1 AND name = $2 AND language = $3`,
    [companyId, name, language],
  );
  return row;
}

/**
 * Runs `run` while our table refuses the created row of that name once it carries the provider's id (a trigger
 * stands for any storage failure after the provider took the template; a row stored before the provider is asked,
 * without an id, still goes in).
 */
export async function failingInserts<T>(ds: TestSql, name: string, run: () => Promise<T>): Promise<T> {
  await ds.query(`CREATE OR REPLACE FUNCTION test_refuse_${name}() RETURNS trigger AS $$
    BEGIN IF NEW.name = '${name}' AND NEW.origin = 'created' AND NEW."providerTemplateId" IS NOT NULL THEN RAISE EXCEPTION 'storage down'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
  await ds.query(`CREATE TRIGGER test_refuse_${name} BEFORE INSERT OR UPDATE ON whatsapp_templates
    FOR EACH ROW EXECUTE FUNCTION test_refuse_${name}()`);
  try {
    return await run();
  } finally {
    await ds.query(`DROP TRIGGER test_refuse_${name} ON whatsapp_templates`);
    await ds.query(`DROP FUNCTION test_refuse_${name}()`);
  }
}

/**
 * A message_template_status_update as Meta sends it (and 360dialog forwards it): the account id in the entry, the
 * template id as a raw JSON number (`null` or left out: none), es_MX unless a language is given.
 */
export function statusWebhook(
  waba: string,
  value: { event: string; id?: string | null; name: string; language?: string; reason?: string },
  time: number,
): string {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: waba,
        time,
        changes: [
          {
            field: 'message_template_status_update',
            value: {
              event: value.event,
              message_template_id: '__ID__',
              message_template_name: value.name,
              message_template_language: value.language ?? 'es_MX',
              reason: value.reason ?? 'NONE',
            },
          },
        ],
      },
    ],
  });
  // Meta sends the id as a JSON number, which JSON.stringify cannot write for ids beyond 2^53.
  return body.replace('"__ID__"', value.id ?? 'null');
}

/** Reads until `done` holds or the time is up, and gives the last value read for the test to assert on. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
