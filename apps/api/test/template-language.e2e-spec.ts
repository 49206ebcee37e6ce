import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildTemplateComponents, TEMPLATE_MESSAGES, type TemplateView } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { gql, registerCompany, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

// Issue 16: a template is submitted in its company's template language when the request names none.

const APP_ID = '670843887433847';

interface Recorded {
  method: string;
  path: string;
  body: string;
}

/** The Graph API calls a Cloud API template creation makes, on 127.0.0.1; it records every request. */
class FakeGraph {
  readonly requests: Recorded[] = [];
  private nextId = 1689556908100000;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeGraph> {
    let fake: FakeGraph | null = null;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (!fake) return;
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const request = {
          method: req.method ?? '',
          path: url.pathname,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        fake.requests.push(request);
        const reply = fake.answer(request, url.searchParams);
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeGraph(server);
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The bodies of the template creations sent to one account. */
  created(waba: string): Array<Record<string, unknown>> {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path === `/v25.0/${waba}/message_templates`)
      .map((r) => JSON.parse(r.body));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: Recorded, query: URLSearchParams): { status: number; body: unknown } {
    const line = `${request.method} ${request.path}`;
    if (line === 'GET /v25.0/debug_token') {
      const waba = (query.get('input_token') ?? '').replace(/^token-/, '');
      return {
        status: 200,
        body: {
          data: {
            app_id: APP_ID,
            is_valid: true,
            granular_scopes: [{ scope: 'whatsapp_business_management', target_ids: [waba] }],
          },
        },
      };
    }
    const templates = /^(GET|POST) \/v25\.0\/([^/]+)\/message_templates$/.exec(line);
    if (templates?.[1] === 'POST') {
      return { status: 200, body: { id: String(this.nextId++), status: 'PENDING', category: 'UTILITY' } };
    }
    if (templates) return { status: 200, body: { data: [], paging: { cursors: {} } } };
    return { status: 500, body: { error: { message: `unexpected ${line}`, code: 1 } } };
  }
}

let t: TestApp;
let ds: TestSql;
let graph: FakeGraph;

beforeAll(async () => {
  graph = await FakeGraph.start();
  t = await startTestApp({
    WHATSAPP_GRAPH_URL: `${graph.url}/v25.0`,
    DIALOG360_URL: `${graph.url}/d360`,
    JOB_POLL_MS: '100',
  });
  ds = testSql();
});
afterAll(async () => {
  await t.close();
  await graph.close();
});
beforeEach(() => {
  graph.requests.length = 0;
});

let seq = 0;

interface Company {
  token: string;
  companyId: number;
  channelId: number;
  waba: string;
}

/** A new company with one Cloud API channel whose token manages its own account. */
async function freshCompany(): Promise<Company> {
  const owner = await registerCompany(t, 'idioma');
  const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [owner.email]);
  seq += 1;
  const n = Number(`${process.pid % 1000}${String(Date.now()).slice(-6)}${seq}`);
  const waba = String(102390000000000 + n);
  const [row] = await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", "accessToken")
     VALUES ($1, $2, 'whatsapp_cloud', $3, $4) RETURNING id`,
    [
      companyId,
      `Canal idioma ${n}`,
      String(106640000000000 + n),
      t.app.get(ChannelsService).sealToken(`token-${waba}`),
    ],
  );
  return { token: owner.token, companyId, channelId: row.id as number, waba };
}

const SETTINGS = '{ companySettings { templateLanguage } }';
const UPDATE_LANGUAGE = `mutation($input: CompanySettingsInput!) {
  updateCompanySettings(input: $input) { templateLanguage automaticAssignment }
}`;

function create(c: Company, body: Record<string, unknown>) {
  return t.http
    .post('/api/whatsappTemplate')
    .set('Authorization', `Bearer ${c.token}`)
    .send({
      type: 'NORMAL_TEMPLATE',
      category: 'utility',
      channelId: c.channelId,
      components: buildTemplateComponents({ text: 'Hola {{1}}, tu pedido está listo.', examples: ['Ana'] }),
      ...body,
    });
}

describe('the company template language (issue 16)', () => {
  it('submits a template without a language in the company’s language; one named in the request wins', async () => {
    const c = await freshCompany();
    const read = await gql<{ companySettings: { templateLanguage: string } }>(t, c.token, SETTINGS);
    expect(read.data?.companySettings.templateLanguage).toBe('es_MX');

    const changed = await gql<{
      updateCompanySettings: { templateLanguage: string; automaticAssignment: boolean };
    }>(t, c.token, UPDATE_LANGUAGE, { input: { templateLanguage: 'es_AR' } });
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.updateCompanySettings).toEqual({
      templateLanguage: 'es_AR',
      automaticAssignment: false,
    });
    const [stored] = await ds.query(`SELECT settings FROM companies WHERE id = $1`, [c.companyId]);
    expect(stored.settings).toEqual({ templateLanguage: 'es_AR' });

    const res = await create(c, { name: 'pedido_argentina' });
    expect(res.status).toBe(200);
    expect((res.body.createWhatsappTemplate as TemplateView).language).toBe('es_AR');
    expect(graph.created(c.waba)).toEqual([
      expect.objectContaining({ name: 'pedido_argentina', language: 'es_AR' }),
    ]);
    const [row] = await ds.query(
      `SELECT language FROM whatsapp_templates WHERE "companyId" = $1 AND name = $2`,
      [c.companyId, 'pedido_argentina'],
    );
    expect(row.language).toBe('es_AR');

    const named = await create(c, { name: 'pedido_en_ingles', language: 'en_US' });
    expect(named.status).toBe(200);
    expect(graph.created(c.waba)[1]).toMatchObject({ name: 'pedido_en_ingles', language: 'en_US' });

    // Changing another setting keeps the language.
    const other = await gql(t, c.token, UPDATE_LANGUAGE, { input: { automaticAssignment: true } });
    expect(other.errors).toBeUndefined();
    expect(other.data).toEqual({
      updateCompanySettings: { templateLanguage: 'es_AR', automaticAssignment: true },
    });
  });

  it('a company that never chose one submits in es_MX', async () => {
    const c = await freshCompany();
    const res = await create(c, { name: 'pedido_mexico' });
    expect(res.status).toBe(200);
    expect(graph.created(c.waba)).toEqual([
      expect.objectContaining({ name: 'pedido_mexico', language: 'es_MX' }),
    ]);
  });

  it('refuses a language that is not offered, naming the field, and keeps the one chosen', async () => {
    const c = await freshCompany();
    await gql(t, c.token, UPDATE_LANGUAGE, { input: { templateLanguage: 'pt_BR' } });
    for (const bad of ['es-AR', 'klingon', '']) {
      const refused = await t.http
        .post('/graphql')
        .set('Authorization', `Bearer ${c.token}`)
        .send({ query: UPDATE_LANGUAGE, variables: { input: { templateLanguage: bad } } });
      expect(refused.body.data).toBeNull();
      expect(refused.body.errors?.[0]?.extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'templateLanguage',
        userMessage: TEMPLATE_MESSAGES.languageInvalid,
      });
    }
    const read = await gql<{ companySettings: { templateLanguage: string } }>(t, c.token, SETTINGS);
    expect(read.data?.companySettings.templateLanguage).toBe('pt_BR');

    // A malformed language in the creation itself is a 400 on `language`, and nothing reaches the provider.
    const bad = await create(c, { name: 'pedido_malo', language: 'es-AR' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'language' });
    expect(graph.created(c.waba)).toEqual([]);
  });
});
