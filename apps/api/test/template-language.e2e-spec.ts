import { buildTemplateComponents, TEMPLATE_MESSAGES, type TemplateView } from '@crm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeProviderServer } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { gql, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import {
  addChannel,
  createTemplate,
  newCompany,
  routeGraphTemplates,
  uniqueNumber,
} from './template-helpers';

// Issue 16: a template is submitted in its company's template language when the request names none.

let t: TestApp;
let ds: TestSql;
/** The Graph API calls a Cloud API template creation makes, on 127.0.0.1; it records every request. */
let graph: FakeProviderServer;

beforeAll(async () => {
  graph = await FakeProviderServer.start();
  routeGraphTemplates(graph, 1689556908100000);
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
beforeEach(() => graph.reset());

interface Company {
  token: string;
  companyId: number;
  channelId: number;
  waba: string;
}

/** A new company with one Cloud API channel whose token manages its own account. */
async function freshCompany(): Promise<Company> {
  const { token, companyId } = await newCompany(t, ds, 'idioma');
  const n = uniqueNumber();
  const waba = String(102390000000000 + n);
  const channelId = await addChannel(
    t,
    ds,
    companyId,
    'whatsapp_cloud',
    String(106640000000000 + n),
    `token-${waba}`,
  );
  return { token, companyId, channelId, waba };
}

/** The bodies of the template creations sent to one account. */
function created(waba: string): unknown[] {
  return graph.to('POST', `/v25.0/${waba}/message_templates`).map((request) => request.json);
}

const SETTINGS = '{ companySettings { templateLanguage } }';
const UPDATE_LANGUAGE = `mutation($input: CompanySettingsInput!) {
  updateCompanySettings(input: $input) { templateLanguage automaticAssignment }
}`;

function create(c: Company, body: Record<string, unknown>) {
  return createTemplate(t, c.token, c.channelId, {
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
    expect(created(c.waba)).toEqual([
      expect.objectContaining({ name: 'pedido_argentina', language: 'es_AR' }),
    ]);
    const [row] = await ds.query(
      `SELECT language FROM whatsapp_templates WHERE "companyId" = $1 AND name = $2`,
      [c.companyId, 'pedido_argentina'],
    );
    expect(row.language).toBe('es_AR');

    const named = await create(c, { name: 'pedido_en_ingles', language: 'en_US' });
    expect(named.status).toBe(200);
    expect(created(c.waba)[1]).toMatchObject({ name: 'pedido_en_ingles', language: 'en_US' });

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
    expect(created(c.waba)).toEqual([expect.objectContaining({ name: 'pedido_mexico', language: 'es_MX' })]);
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
    expect(created(c.waba)).toEqual([]);
  });
});
