import { describe, expect, it } from 'vitest';
import { processSuite, taggedContacts } from './instance-kit';
import { newTenant, type Tenant, waitFor } from './scheduled-sends-helpers';
import { testSql } from './sql';

// Issue 18, "a SIGKILL at any moment loses and repeats nothing": a 10,000-recipient campaign sent by the built API
// (dist/main.js) to a fake Cloud API that, as Meta does, follows every message it took with a signed 'sent' status
// webhook carrying the message's biz_opaque_callback_data. The sending process is SIGKILLed twice — each time at
// the moment the provider receives one of its sends, before it can answer — and a fresh one started. The provider
// must receive exactly one request per recipient.

const RECIPIENTS = 10_000;
const KILLS_AT = [3000, 7000];
const API_FEATURE = 'dist/modules/campaigns/campaign-dispatcher.service.js';

const ds = testSql();
const suite = processSuite(API_FEATURE, 'campaign-crash');
const { graph } = suite;

describe('a campaign dispatcher killed twice mid-campaign', () => {
  it('sends each of 10,000 recipients exactly once', { timeout: 240_000 }, async () => {
    const started = Date.now();
    // ---- The campaign, created through the API by an instance that runs no job. ----
    let tenant!: Tenant;
    await suite.prepare(async (app) => {
      tenant = await newTenant(app, 'campanacaida');
      await ds.query(`UPDATE channels SET "campaignRate" = 1000 WHERE id = $1`, [tenant.channelId]);
      // 10,000 contacts of the channel, each with a valid Mexican number and the campaign's tag.
      const tagId = await taggedContacts(ds, tenant, 'Clientes', '521551', RECIPIENTS);
      const [{ id: templateId }] = await ds.query(
        `INSERT INTO whatsapp_templates ("companyId", "channelId", name, language, status, category, variables, components)
           VALUES ($1, $2, 'promo_diciembre', 'es_MX', 'accepted', 'marketing', 0, $3) RETURNING id`,
        [
          tenant.companyId,
          tenant.channelId,
          JSON.stringify([{ type: 'BODY', text: '¡Ofertas de diciembre!' }]),
        ],
      );
      const res = await app.http
        .post('/api/campaign')
        .set('Authorization', `Bearer ${tenant.token}`)
        .send({
          channelId: tenant.channelId,
          type: 'TAG',
          tagsIds: [tagId],
          sendAt: new Date().toISOString(),
          shouldCreateTag: false,
          tagToCreate: null,
          name: 'Diciembre',
          templateId,
          fileUrl: null,
          currentMessageLimit: null,
          totalCost: 0,
          conjunction: null,
        });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    });
    const [{ id: campaignId }] = await ds.query(`SELECT id FROM campaigns WHERE "companyId" = $1`, [
      tenant.companyId,
    ]);
    const mine = () => graph.sendsOf(tenant.phoneNumberId);

    // ---- The sender, killed twice the moment the provider receives one of its sends. ----
    const env = { CAMPAIGN_STALE_CLAIM_MS: '3000' };
    const names = ['a', 'b', 'c'];
    let current = await suite.start(names[0], env);
    graph.statusTarget = current.baseUrl;
    const kills: Array<{ instance: string; at: number }> = [];
    graph.killOnSend((send) => {
      const next = KILLS_AT[kills.length];
      if (next === undefined || send.instance !== current.name || mine().length < next) return null;
      kills.push({ instance: current.name, at: mine().length });
      return current;
    });
    const state = async () => {
      const [row] = await ds.query(
        `SELECT c.status,
             (SELECT count(*)::int FROM campaign_recipients r WHERE r."campaignId" = c.id) AS total,
             (SELECT count(*)::int FROM campaign_recipients r WHERE r."campaignId" = c.id AND r.state = 'sent') AS sent
           FROM campaigns c WHERE c.id = $1`,
        [campaignId],
      );
      return row as { status: string; total: number; sent: number };
    };
    await waitFor(
      async () => {
        if (current.child.signalCode === 'SIGKILL') {
          // A fresh process, as an orchestrator would start; the dead one's jobs are released (the survivor's own
          // recovery does this within two minutes; the test runs it now).
          current = await suite.replace(current, names[kills.length], env);
          graph.statusTarget = current.baseUrl;
        }
        const now = await state();
        return kills.length === KILLS_AT.length && now.status === 'FINISHED';
      },
      'the campaign to finish',
      200_000,
    );
    // Stragglers (a resend would arrive within a poll or two).
    await new Promise((done) => setTimeout(done, 1500));

    const perPhone = new Map<string, number>();
    for (const send of mine()) {
      const phone = send.key.split('|')[0];
      perPhone.set(phone, (perPhone.get(phone) ?? 0) + 1);
    }
    const duplicates = [...perPhone.values()].reduce((sum, n) => sum + n - 1, 0);
    const final = await state();
    const [checks] = await ds.query(
      `SELECT count(*) FILTER (WHERE state = 'check')::int AS checks, count(*) FILTER (WHERE state = 'failed')::int AS failed
           FROM campaign_recipients WHERE "campaignId" = $1`,
      [campaignId],
    );
    console.log(
      `campaign crash test: ${RECIPIENTS} recipients; provider requests ${mine().length}, distinct numbers ` +
        `${perPhone.size}, duplicates ${duplicates}; killed at ${kills.map((k) => `${k.at} (${k.instance})`).join(', ')}; ` +
        `recipients sent ${final.sent}, checks left ${checks.checks}, failed ${checks.failed}; ` +
        `${graph.statusesPosted} status webhooks; whole test ${Date.now() - started} ms`,
    );
    expect(kills).toHaveLength(2);
    expect({ requests: mine().length, distinct: perPhone.size, duplicates }).toEqual({
      requests: RECIPIENTS,
      distinct: RECIPIENTS,
      duplicates: 0,
    });
    expect(final).toEqual({ status: 'FINISHED', total: RECIPIENTS, sent: RECIPIENTS });
  });
});
