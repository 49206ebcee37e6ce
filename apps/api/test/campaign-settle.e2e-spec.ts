import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CampaignsRepository } from '../src/modules/campaigns/campaigns.repository';
import { startTestApp, type TestApp } from './helpers';
import { type AppWithSql, newTenant, type Tenant } from './scheduled-sends-helpers';
import { testSql } from './sql';

// Issue 18, "a recipient whose call's outcome is unknown after a crash is marked for a check, never re-sent
// blindly": the settling of a number's unsettled recipients, on the real database, branch by branch.

const ds = testSql();
let app: TestApp;
let tenant: Tenant;
let repository: CampaignsRepository;

const HOUR = 3_600_000;

/** A campaign of the tenant's number with one recipient per given state, each with its message (id or not). */
async function campaignWith(
  recipients: ReadonlyArray<{
    state: string;
    providerId: string | null;
    claimedAgoMs: number;
    checkedAgoMs?: number;
  }>,
  deleted = false,
): Promise<{ campaignId: number; ids: string[] }> {
  const [{ id: campaignId }] = await ds.query(
    `INSERT INTO campaigns ("companyId", "channelId", name, "tagIds", template, "sendAt", status, "deletedAt")
       VALUES ($1, $2, 'Liquidación', '{}', '{"name":"promo","language":"es_MX","category":"marketing","components":[]}',
               now(), 'IN_PROGRESS', $3) RETURNING id`,
    [tenant.companyId, tenant.channelId, deleted ? new Date() : null],
  );
  const ids: string[] = [];
  for (const [i, r] of recipients.entries()) {
    const phone = `5215533${String(campaignId).padStart(3, '0')}${String(i).padStart(3, '0')}`;
    const [{ id: clientId }] = await ds.query(
      `INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "cleanedName")
         VALUES ($1, $2, $3, $4, 'Cliente', 'cliente') RETURNING id`,
      [tenant.companyId, tenant.channelId, `${tenant.channelId}-${phone}`, phone],
    );
    const [{ id: messageId }] = await ds.query(
      `INSERT INTO messages ("companyId", "channelId", "clientId", type, content, payload, sender, "messageStatus",
                             time, "messageApiId")
         VALUES ($1, $2, $3, 'template', 'Hola', '{}', 'BOT', $4, now(), $5) RETURNING id`,
      [tenant.companyId, tenant.channelId, clientId, r.providerId ? 'sent' : 'pending', r.providerId],
    );
    const [{ id }] = await ds.query(
      `INSERT INTO campaign_recipients ("campaignId", "companyId", "channelId", "clientId", phone, state, "messageId",
                                         "claimedAt", "checkedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(secs => $8 / 1000.0),
                 CASE WHEN $9::float8 IS NULL THEN NULL ELSE now() - make_interval(secs => $9 / 1000.0) END)
         RETURNING id`,
      [
        campaignId,
        tenant.companyId,
        tenant.channelId,
        clientId,
        phone,
        r.state,
        messageId,
        r.claimedAgoMs,
        r.checkedAgoMs ?? null,
      ],
    );
    ids.push(String(id));
  }
  return { campaignId, ids };
}

async function states(ids: readonly string[]): Promise<string[]> {
  const rows: Array<{ id: string; state: string }> = await ds.query(
    `SELECT id::text, state FROM campaign_recipients WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return ids.map((id) => rows.find((r) => r.id === id)?.state ?? 'missing');
}

function settle(tracksSends: boolean): Promise<number[]> {
  const now = Date.now();
  // Claims older than a minute are a dead dispatcher's; checks older than an hour have waited long enough.
  return repository.settleUnknown(
    tenant.channelId,
    new Date(now - 60_000),
    new Date(now - HOUR),
    tracksSends,
    'SEND_OUTCOME_UNKNOWN',
  );
}

beforeAll(async () => {
  app = await startTestApp({ JOBS_ENABLED: 'false' });
  tenant = await newTenant({ ...app, ds } as AppWithSql, 'liquidacion');
  repository = app.app.get(CampaignsRepository);
});

afterAll(async () => {
  await app?.close();
});

describe('settling recipients whose outcome a crash left unknown', () => {
  it('a stale claim becomes a check; one whose message got the provider id (status webhook) is sent; a fresh claim is left alone', async () => {
    const { campaignId, ids } = await campaignWith([
      { state: 'sending', providerId: null, claimedAgoMs: 5 * 60_000 },
      { state: 'sending', providerId: 'wamid.SETTLE1', claimedAgoMs: 5 * 60_000 },
      { state: 'check', providerId: 'wamid.SETTLE2', claimedAgoMs: 5 * 60_000, checkedAgoMs: 60_000 },
      { state: 'sending', providerId: null, claimedAgoMs: 1000 },
    ]);
    const touched = await settle(true);
    expect(await states(ids)).toEqual(['check', 'sent', 'sent', 'sending']);
    expect(touched).toContain(campaignId);
  });

  it('a check still without an id after the wait: back to pending where the provider reports every send it took, failed as unknown elsewhere — never sent blindly', async () => {
    const tracking = await campaignWith([
      { state: 'check', providerId: null, claimedAgoMs: 2 * HOUR, checkedAgoMs: 2 * HOUR },
      { state: 'check', providerId: null, claimedAgoMs: 2 * HOUR, checkedAgoMs: 60_000 },
    ]);
    await settle(true);
    expect(await states(tracking.ids)).toEqual(['pending', 'check']);
    const [{ messageId }] = await ds.query(`SELECT "messageId" FROM campaign_recipients WHERE id = $1`, [
      tracking.ids[0],
    ]);
    expect(messageId).toBeNull();

    const silent = await campaignWith([
      { state: 'check', providerId: null, claimedAgoMs: 2 * HOUR, checkedAgoMs: 2 * HOUR },
    ]);
    await settle(false);
    expect(await states(silent.ids)).toEqual(['failed']);
    const [row] = await ds.query(
      `SELECT r."errorCode", m."messageStatus" FROM campaign_recipients r JOIN messages m ON m.id = r."messageId"
        WHERE r.id = $1`,
      [silent.ids[0]],
    );
    expect(row).toEqual({ errorCode: 'SEND_OUTCOME_UNKNOWN', messageStatus: 'failed' });
  });

  it('a check of a campaign deleted meanwhile is skipped, not made pending again', async () => {
    const { ids } = await campaignWith(
      [{ state: 'check', providerId: null, claimedAgoMs: 2 * HOUR, checkedAgoMs: 2 * HOUR }],
      true,
    );
    await settle(true);
    expect(await states(ids)).toEqual(['skipped']);
  });
});
