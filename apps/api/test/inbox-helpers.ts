import { expect } from 'vitest';
import { FakeProviderServer } from '../src/providers/channels/whatsapp-cloud/__fixtures__/fake-provider-server';
import { startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

export interface InboxTestApp extends TestApp {
  ds: TestSql;
  graph: FakeProviderServer;
}

/**
 * The app with its WhatsApp sends going to a fake Graph API that answers each with a fresh id, so no job is left
 * retrying against the real one for the next suite to find. close() first lets this suite's sends finish.
 */
export async function startInboxTestApp(env: Record<string, string> = {}): Promise<InboxTestApp> {
  const graph = await FakeProviderServer.start({
    status: 200,
    body: (n: number) => ({
      messaging_product: 'whatsapp',
      contacts: [],
      messages: [{ id: `wamid.FAKE-${Date.now()}-${n}` }],
    }),
  });
  const t = await startTestApp({ JOB_POLL_MS: '50', WHATSAPP_GRAPH_URL: `${graph.url}/v23.0`, ...env });
  const ds = testSql();
  return {
    ...t,
    ds,
    graph,
    close: async () => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const [{ n }] = await ds.query(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs
           WHERE task_identifier = 'send-message' AND attempts < max_attempts`,
        );
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await t.close();
      await graph.close();
    },
  };
}

let seq = 0;

/**
 * A fresh WhatsApp conversation in Demo, written in by webhook `ageSeconds` ago (0: reply window open), assigned
 * to `agentId` when given.
 */
export async function newWhatsappConversation(
  t: InboxTestApp,
  { agentId = null, ageSeconds = 0 }: { agentId?: number | null; ageSeconds?: number } = {},
): Promise<number> {
  seq += 1;
  const from = `52155${String(Date.now()).slice(-7)}${String(seq).padStart(3, '0')}`;
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.INBOX${from}`,
  }).replace(/"timestamp": "\d+"/g, `"timestamp": "${Math.floor(Date.now() / 1000) - ageSeconds}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
  const [row] = await t.ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
  if (agentId !== null)
    await t.ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [row.id, agentId]);
  return row.id;
}
