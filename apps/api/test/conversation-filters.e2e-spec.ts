import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';
import { postWhatsapp, whatsappFixture } from './webhook-helpers';

let t: TestApp;
let ds: TestSql;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ JOB_POLL_MS: '50' });
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function inbound(name: string): Promise<number> {
  seq += 1;
  const from = `521557${String(Date.now()).slice(-5)}${seq}`;
  const body = whatsappFixture('message-text', {
    '16505551234': from,
    'Sheena Nelson': name,
    'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=': `wamid.FILTER${Date.now()}x${seq}`,
  }).replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
  expect((await postWhatsapp(t, body)).status).toBe(200);
  const [row] = await ds.query(`SELECT id FROM clients WHERE "senderId" = $1`, [from]);
  return row.id;
}

function list(token: string, body: object) {
  return t.http.post('/api/conversations_by_filter').set('Authorization', `Bearer ${token}`).send(body);
}

const ids = (res: { body: { clients: Array<{ id: number }> } }) => res.body.clients.map((c) => c.id);

async function tagId(name: string): Promise<number> {
  const res = await gql<{ tags: Array<{ id: number; name: string }> }>(t, admin, `{ tags { id name } }`);
  const tag = res.data?.tags.find((candidate) => candidate.name === name);
  if (!tag) throw new Error(`No seeded tag ${name}`);
  return tag.id;
}

const ADD_TAG = `mutation($clientId: Int!, $tagId: Int!) { addTagToConversation(clientId: $clientId, tagId: $tagId) { id } }`;

describe('POST /api/conversations_by_filter with tagsIds', () => {
  it('lists only conversations that carry at least one of the tags', async () => {
    const [vip, interesado] = [await tagId('VIP'), await tagId('Interesado')];
    const withVip = await inbound('Con VIP');
    const withBoth = await inbound('Con ambas');
    const withInteresado = await inbound('Con Interesado');
    const untagged = await inbound('Sin etiquetas');
    for (const [clientId, tag] of [
      [withVip, vip],
      [withBoth, vip],
      [withBoth, interesado],
      [withInteresado, interesado],
    ] as const) {
      const res = await gql(t, admin, ADD_TAG, { clientId, tagId: tag });
      expect(res.errors).toBeUndefined();
    }

    const onlyVip = await list(admin, { filterType: 'all', tagsIds: [vip], first: 500 });
    expect(onlyVip.status).toBe(200);
    expect(ids(onlyVip)).toEqual(expect.arrayContaining([withVip, withBoth]));
    expect(ids(onlyVip)).not.toContain(withInteresado);
    expect(ids(onlyVip)).not.toContain(untagged);
    // Two tags on one conversation must not list it twice.
    expect(ids(onlyVip).filter((id) => id === withBoth)).toHaveLength(1);

    const either = await list(admin, { filterType: 'all', tagsIds: [vip, interesado], first: 500 });
    expect(ids(either)).toEqual(expect.arrayContaining([withVip, withBoth, withInteresado]));
    expect(ids(either)).not.toContain(untagged);
    expect(ids(either).filter((id) => id === withBoth)).toHaveLength(1);

    // An empty list means no tag condition at all.
    const noCondition = await list(admin, { filterType: 'all', tagsIds: [], first: 500 });
    expect(ids(noCondition)).toEqual(expect.arrayContaining([withVip, withInteresado, untagged]));
  });

  it('combines the tags with the other filters and pages them by cursor', async () => {
    const vip = await tagId('VIP');
    const tagged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const clientId = await inbound(`VIP paginado ${i}`);
      await gql(t, admin, ADD_TAG, { clientId, tagId: vip });
      tagged.push(clientId);
    }
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 100; page++) {
      const res = await list(admin, {
        filterType: 'all',
        tagsIds: [vip],
        first: 2,
        ...(after ? { after } : {}),
      });
      expect(res.status).toBe(200);
      seen.push(...ids(res));
      if (!res.body.hasMore) break;
      after = res.body.cursor;
    }
    expect(seen).toEqual(expect.arrayContaining(tagged));
    expect(new Set(seen).size).toBe(seen.length);

    const searched = await list(admin, { filterType: 'all', tagsIds: [vip], keyword: 'vip paginado 1' });
    expect(ids(searched)).toContain(tagged[1]);
    expect(ids(searched)).not.toContain(tagged[0]);

    // The assigned view of the admin has none of them: they are unassigned.
    const assigned = await list(admin, { tagsIds: [vip], first: 500 });
    expect(ids(assigned)).not.toContain(tagged[0]);
  });

  it('refuses tag ids that are not integers with 400 naming tagsIds', async () => {
    const bad = await list(admin, { filterType: 'all', tagsIds: ['vip'] });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('tagsIds');
    const notList = await list(admin, { filterType: 'all', tagsIds: 3 });
    expect(notList.status).toBe(400);
    expect(notList.body.field).toBe('tagsIds');
  });
});
