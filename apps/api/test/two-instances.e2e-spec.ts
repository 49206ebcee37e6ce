import { describe, expect, it } from 'vitest';
import { gql } from './helpers';
import { pool, processSuite, type Received } from './instance-kit';
import { agentWrites, customerWrites, newTenant, type Tenant, waitFor } from './scheduled-sends-helpers';
import { testSql } from './sql';
import { addChannel, uniqueNumber } from './template-helpers';

// Issue 17, "scheduled messages, proven": two API processes (the built dist/main.js, as production runs it) on one
// PostgreSQL, a fake Graph API counting what it receives per message, 200 scheduled follow-ups and 100 follow-up bot
// firings all due at once, and one process SIGKILLed halfway — at the very moment the provider receives one of its
// sends, before it can answer (the worst case: the provider has the message, the process never learns its id).
// Every message must reach the provider exactly once.

// Built with this feature (an older dist would lack the jobs these rows need).
const API_FEATURE = 'dist/modules/message-bots/automation-sweep.service.js';

const FOLLOW_UPS = 200;
const BOT_CONVERSATIONS = 50;
// Far enough that no firing falls due by itself before the test's clock brings them all.
const BOT_LAPSES = [3600, 7200];
// One follow-up per conversation: several due at once in one conversation would wait for each other (sends of a
// conversation go out in order), which is not what this test measures.
const FOLLOW_UP_CONVERSATIONS = FOLLOW_UPS;
const SCHEDULED = FOLLOW_UPS + BOT_CONVERSATIONS * BOT_LAPSES.length;

const ds = testSql();
const suite = processSuite(API_FEATURE, 'two-instances');
const { graph, instances } = suite;

describe('two API instances, one killed halfway', () => {
  it('send every scheduled follow-up and follow-up bot exactly once', { timeout: 90_000 }, async () => {
    const started = Date.now();
    // ---- The rows, written through the API by an instance that runs no job (JOBS_ENABLED=false). ----
    let tenant!: Tenant;
    let bots!: Tenant;
    await suite.prepare(async (app) => {
      tenant = await newTenant(app, 'dosinstancias');
      // Follow-ups on one channel, bots on another: a follow-up (an agent's message) would re-arm a bot of its own
      // channel for later, and each count below is of one kind of send.
      const botsNumber = String(uniqueNumber());
      bots = {
        ...tenant,
        phoneNumberId: botsNumber,
        channelId: await addChannel(app, ds, tenant.companyId, 'whatsapp_cloud', botsNumber, 'token-bots'),
      };
      for (const [index, lapse] of BOT_LAPSES.entries()) {
        const res = await gql(
          app,
          tenant.token,
          `mutation { createMessageBotConfig(input: { channelId: ${bots.channelId}, timeLapseInSeconds: ${lapse}, content: "Seguimiento ${index + 1}" }) { id } }`,
        );
        expect(res.errors).toBeUndefined();
      }
      // Ten at a time, as many customers and agents would.
      await pool(BOT_CONVERSATIONS, 10, async (i) => {
        const { clientId } = await customerWrites(app, bots, `Hola ${i}`);
        await agentWrites(app, tenant.token, clientId, `Respuesta ${i}`);
      });
      const followUpClients: number[] = [];
      await pool(FOLLOW_UP_CONVERSATIONS, 10, async (i) => {
        followUpClients[i] = (await customerWrites(app, tenant, `Cliente ${i}`)).clientId;
      });
      const sendAt = new Date(Date.now() + 10 * 60_000).toISOString();
      await pool(FOLLOW_UPS, 10, async (i) => {
        const clientId = followUpClients[i % FOLLOW_UP_CONVERSATIONS];
        const res = await gql(
          app,
          tenant.token,
          `mutation { createFollowUpMessage(clientId: ${clientId}, input: { sendAt: "${sendAt}", content: "FU-${i}" }) { id } }`,
        );
        expect(res.errors).toBeUndefined();
      });
    });
    const phones = new Set([tenant.phoneNumberId, bots.phoneNumberId]);
    const mine = () => graph.sendsOf(...phones);
    const followUpIds: number[] = (
      await ds.query(`SELECT id FROM follow_up_messages WHERE "companyId" = $1 ORDER BY id`, [
        tenant.companyId,
      ])
    ).map((row: { id: number }) => row.id);
    const botIds: number[] = (
      await ds.query(`SELECT id FROM message_bots WHERE "companyId" = $1 ORDER BY id`, [tenant.companyId])
    ).map((row: { id: number }) => row.id);
    expect(followUpIds).toHaveLength(FOLLOW_UPS);
    expect(botIds).toHaveLength(BOT_CONVERSATIONS * BOT_LAPSES.length);
    // What must reach the provider once each: every follow-up's text, and each bot text to each conversation.
    const customers: string[] = (
      await ds.query(`SELECT "senderId" FROM clients WHERE "channelId" = $1 ORDER BY id`, [bots.channelId])
    ).map((row: { senderId: string }) => row.senderId);
    const expected = new Set<string>();
    const followUpRows = await ds.query(
      `SELECT f.content, c."senderId" FROM follow_up_messages f JOIN clients c ON c.id = f."clientId"
       WHERE f."companyId" = $1`,
      [tenant.companyId],
    );
    for (const row of followUpRows) expected.add(`${row.senderId}|${row.content}`);
    for (const customer of customers) {
      for (const index of BOT_LAPSES.keys()) expected.add(`${customer}|Seguimiento ${index + 1}`);
    }
    expect(expected.size).toBe(SCHEDULED);

    // ---- Two instances of the built API. ----
    await Promise.all([suite.start('a'), suite.start('b')]);
    const [a, b] = instances;
    graph.statusTarget = b.baseUrl;
    // What the rows above queued runs first: the customers' messages through automation, the agents' texts.
    await waitFor(
      async () => {
        const [{ n }] = await ds.query(
          `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks k ON k.id = j.task_id
           JOIN clients c ON c.id = (j.payload->>'clientId')::int
           WHERE k.identifier = 'automation-inbound' AND c."companyId" = $1`,
          [tenant.companyId],
        );
        return (
          n === 0 && mine().filter((send) => send.key.includes('|Respuesta ')).length >= BOT_CONVERSATIONS
        );
      },
      "the customers' messages and the agents' texts",
      30_000,
    );

    // ---- Halfway, A dies the moment the provider receives one of its sends, before it can answer. ----
    let killedOn: Received | null = null;
    let killedAt = 0;
    graph.killOnSend((send) => {
      if (killedOn || !phones.has(send.phoneNumberId) || send.instance !== 'a') return null;
      if (mine().filter((s) => expected.has(s.key)).length < SCHEDULED / 2) return null;
      killedOn = send;
      killedAt = Date.now();
      return a;
    });

    // ---- The clock: every scheduled job's time comes at once (see scheduled-sends-helpers `arrive`). ----
    const moved = await ds.query(
      `SELECT count(*)::int AS n FROM graphile_worker.reschedule_jobs(
         ARRAY(SELECT j.id FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id
               WHERE (k.identifier = 'follow-up-send' AND (j.payload->>'followUpId')::int = ANY($1::int[]))
                  OR (k.identifier = 'message-bot-fire' AND (j.payload->>'messageBotId')::int = ANY($2::int[]))),
         run_at => now())`,
      [followUpIds, botIds],
    );
    expect(moved[0].n).toBe(SCHEDULED);
    const due = Date.now();

    // The survivor releases a dead worker's jobs by itself within two minutes (JobQueueService: liveness lock,
    // one-minute grace, checked every minute); the test runs that same recovery now rather than waiting for it.
    const pendingSends = async () => {
      const [row] = await ds.query(
        `SELECT
           (SELECT count(*)::int FROM follow_up_messages WHERE id = ANY($1::int[]) AND status = 'scheduled') AS "followUps",
           (SELECT count(*)::int FROM message_bots WHERE id = ANY($2::int[]) AND NOT "wasSent") AS bots,
           (SELECT count(*)::int FROM messages WHERE "companyId" = $3 AND sender <> 'CLIENT'
              AND "messageApiId" IS NULL AND "messageStatus" = 'pending') AS unsent`,
        [followUpIds, botIds, tenant.companyId],
      );
      return row as { followUps: number; bots: number; unsent: number };
    };
    await waitFor(
      async () => {
        // Should A get no send past halfway (B took them all), it is killed between two of its jobs instead.
        if (!killedOn && mine().filter((s) => expected.has(s.key)).length >= (SCHEDULED * 3) / 4) {
          killedOn = { instance: 'a', phoneNumberId: '', key: '(between two sends)', at: Date.now() };
          killedAt = Date.now();
          a.child.kill('SIGKILL');
        }
        if (killedOn) await suite.recoverDeadWorkers();
        const left = await pendingSends();
        return killedOn !== null && left.followUps === 0 && left.bots === 0 && left.unsent === 0;
      },
      'every scheduled send to be made',
      60_000,
    );
    // Stragglers (a resend would arrive within a poll or two).
    await new Promise((done) => setTimeout(done, 1000));

    const counts = new Map<string, number>();
    for (const send of mine()) {
      if (expected.has(send.key)) counts.set(send.key, (counts.get(send.key) ?? 0) + 1);
    }
    const sent = counts.size;
    const duplicates = [...counts.values()].reduce((sum, n) => sum + n - 1, 0);
    const lost = [...expected].filter((key) => !counts.has(key)).length;
    const byInstance: Record<string, number> = { a: 0, b: 0 };
    for (const send of mine())
      if (expected.has(send.key) && send.instance !== 'prep')
        byInstance[send.instance] = (byInstance[send.instance] ?? 0) + 1;
    const lastAt = Math.max(...mine().map((send) => send.at));
    console.log(
      `two-instance test: ${SCHEDULED} scheduled (${FOLLOW_UPS} follow-ups, ${botIds.length} follow-up bots); ` +
        `sent ${sent}, duplicates ${duplicates}, lost ${lost}; ` +
        `A (SIGKILLed at ${killedOn ? (killedOn as Received).key : '-'}) sent ${byInstance.a}, B sent ${byInstance.b}; ` +
        `killed ${killedAt - due} ms and all sent ${lastAt - due} ms after they fell due; ` +
        `${graph.statusesPosted} status webhooks; ` +
        `whole test ${Date.now() - started} ms`,
    );
    expect(killedOn, 'A was killed').not.toBeNull();
    expect(a.child.signalCode).toBe('SIGKILL');
    expect(b.child.exitCode, b.output()).toBeNull();
    expect({ sent, duplicates, lost }).toEqual({ sent: SCHEDULED, duplicates: 0, lost: 0 });
    // The rows agree: one message per follow-up and per firing.
    const [rows] = await ds.query(
      `SELECT
         (SELECT count(*)::int FROM follow_up_messages WHERE id = ANY($1::int[]) AND status = 'sent' AND "messageId" IS NOT NULL) AS "followUps",
         (SELECT count(*)::int FROM message_bots WHERE id = ANY($2::int[]) AND "wasSent" AND "messageId" IS NOT NULL) AS bots,
         (SELECT count(*)::int FROM messages WHERE "companyId" = $3 AND sender IN ('AGENT', 'BOT')
            AND (payload->>'automation') IN ('followUp', 'followUpBot')) AS messages`,
      [followUpIds, botIds, tenant.companyId],
    );
    expect(rows).toEqual({ followUps: FOLLOW_UPS, bots: botIds.length, messages: SCHEDULED });
  });
});
