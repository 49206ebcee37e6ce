import { TAG_COLORS } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { openSocket } from './socket-helpers';
import { type TestSql } from './sql';

let t: InboxTestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otra: string;
const run = String(Date.now()).slice(-6);

beforeAll(async () => {
  // The inbox app: its conversations come in by webhook, as a real one would (clientCount after a deletion).
  t = await startInboxTestApp();
  ds = t.ds;
  [admin, agente, otra] = await Promise.all([
    login(t, 'admin@demo.local'),
    login(t, 'agente@demo.local'),
    login(t, 'admin@otra.local'),
  ]);
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

interface TagsEvent {
  clientId: number;
  tags: Array<{ id: number; name: string; color: string }>;
}

function nextTagsUpdate(socket: Socket, clientId: number): Promise<TagsEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('tagsUpdate', handler);
      reject(new Error(`no tagsUpdate for ${clientId}`));
    }, 3000);
    const handler = (payload: TagsEvent) => {
      if (payload.clientId !== clientId) return;
      clearTimeout(timer);
      socket.off('tagsUpdate', handler);
      resolve(payload);
    };
    socket.on('tagsUpdate', handler);
  });
}

const CREATE = `mutation($input: TagInput!) { createTag(input: $input) { id name color isDefault clientCount } }`;
const UPDATE = `mutation($id: Int!, $input: TagInput!) { updateTag(id: $id, input: $input) { id name color } }`;
const DELETE = `mutation($id: Int!) { deleteTag(id: $id) }`;
const ADD = `mutation($clientId: Int!, $tagId: Int!) { addTagToConversation(clientId: $clientId, tagId: $tagId) { id } }`;
const REMOVE = `mutation($clientId: Int!, $tagId: Int!) { removeTagFromConversation(clientId: $clientId, tagId: $tagId) { id } }`;
const TAGS = `{ tags { id name clientCount isDefault } }`;

async function count(tagId: number): Promise<number> {
  const res = await gql<{ tags: Array<{ id: number; clientCount: number }> }>(t, admin, TAGS);
  return res.data?.tags.find((tag) => tag.id === tagId)?.clientCount ?? -1;
}

/** The tags of `email`'s company as stored (name, colour, key, conversations), to show a refusal changed nothing. */
async function storedTags(email = 'admin@demo.local'): Promise<string> {
  return JSON.stringify(
    await ds.query(
      `SELECT t.id, t.name, t.color, t.key, (SELECT count(*)::int FROM client_tags ct WHERE ct."tagId" = t.id) AS n
       FROM tags t WHERE t."companyId" = (SELECT "companyId" FROM users WHERE email = $1) ORDER BY t.id`,
      [email],
    ),
  );
}

async function createTag(token: string, input: { name: string; color?: string }): Promise<number> {
  const res = await gql<{ createTag: { id: number } }>(t, token, CREATE, { input });
  expect(res.errors).toBeUndefined();
  return res.data?.createTag.id as number;
}

describe('tag administration (02 §3, §5)', () => {
  it('creates with the default colour, refuses duplicates (case aside), empty names and colours off the palette', async () => {
    const res = await gql<{ createTag: { id: number; name: string; color: string; clientCount: number } }>(
      t,
      admin,
      CREATE,
      { input: { name: `  Cliente   frecuente ${run} ` } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.createTag).toMatchObject({
      name: `Cliente frecuente ${run}`,
      color: TAG_COLORS[0],
      clientCount: 0,
    });
    // 02 §3 Tag: key (company id and name), createdAt and companyId too.
    const me = await gql<{ me: { company: { id: number } } }>(t, admin, '{ me { company { id } } }');
    const companyId = me.data?.me.company.id as number;
    const listed = await gql<{
      tags: Array<{ id: number; key: string; companyId: number; createdAt: string }>;
    }>(t, admin, '{ tags { id key companyId createdAt } }');
    const tag = listed.data?.tags.find((x) => x.id === res.data?.createTag.id);
    expect(tag).toMatchObject({ key: `${companyId}-cliente frecuente ${run}`, companyId });
    expect(Date.parse(tag?.createdAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const dup = await gql(t, admin, CREATE, { input: { name: `CLIENTE FRECUENTE ${run}` } });
    expect(dup.errors?.[0]?.extensions?.code).toBe('ERROR_CREATING_TAG_DUPLICATED');
    const empty = await gql(t, admin, CREATE, { input: { name: '   ' } });
    expect(empty.errors?.[0]?.extensions?.code).toBe('TAG_NAME_EMPTY');
    const color = await gql(t, admin, CREATE, { input: { name: `Otro ${run}`, color: '#123456' } });
    expect(color.errors?.[0]?.extensions?.field).toBe('color');
    const denied = await gql(t, agente, CREATE, { input: { name: `Agente ${run}` } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('edits and deletes only the company’s own, non-predefined tags', async () => {
    const created = await gql<{ createTag: { id: number } }>(t, admin, CREATE, {
      input: { name: `Editable ${run}`, color: TAG_COLORS[3] },
    });
    const id = created.data?.createTag.id as number;
    const edited = await gql<{ updateTag: { name: string; color: string } }>(t, admin, UPDATE, {
      id,
      input: { name: `Editada ${run}`, color: TAG_COLORS[4] },
    });
    expect(edited.data?.updateTag).toMatchObject({ name: `Editada ${run}`, color: TAG_COLORS[4] });
    const foreign = await gql(t, otra, UPDATE, { id, input: { name: 'Robada' } });
    expect(foreign.errors?.[0]?.extensions?.field).toBe('id');
    const [reasignada] = await ds.query(
      `SELECT t.id FROM tags t JOIN users u ON u."companyId" = t."companyId"
       WHERE u.email = 'admin@demo.local' AND t."isDefault" LIMIT 1`,
    );
    expect(reasignada).toBeDefined();
    const predefined = await gql(t, admin, DELETE, { id: reasignada.id });
    expect(predefined.errors?.[0]?.extensions?.code).toBe('PREDEFINED_TAG_CANNOT_BE_MODIFIED');
    const renamePredefined = await gql(t, admin, UPDATE, { id: reasignada.id, input: { name: 'Otra cosa' } });
    expect(renamePredefined.errors?.[0]?.extensions?.code).toBe('PREDEFINED_TAG_CANNOT_BE_MODIFIED');
    const deleted = await gql<{ deleteTag: boolean }>(t, admin, DELETE, { id });
    expect(deleted.data?.deleteTag).toBe(true);
    expect((await ds.query('SELECT 1 FROM tags WHERE id = $1', [id])).length).toBe(0);
  });

  it('keeps clientCount right as the tag goes on and off conversations, and counts per channel', async () => {
    const created = await gql<{ createTag: { id: number } }>(t, admin, CREATE, {
      input: { name: `Contada ${run}` },
    });
    const tagId = created.data?.createTag.id as number;
    const clients: Array<{ id: number; channelId: number }> = await ds.query(
      `SELECT c.id, c."channelId" FROM clients c JOIN users u ON u."companyId" = c."companyId"
       WHERE u.email = 'admin@demo.local' ORDER BY c.id LIMIT 2`,
    );
    for (const c of clients) await gql(t, admin, ADD, { clientId: c.id, tagId });
    expect(await count(tagId)).toBe(clients.length);
    await gql(t, admin, REMOVE, { clientId: clients[0].id, tagId });
    expect(await count(tagId)).toBe(clients.length - 1);

    const perChannel = await t.http
      .post('/api/tagsCount')
      .set('Authorization', `Bearer ${admin}`)
      .send({ channelId: clients[1].channelId });
    expect(perChannel.status).toBe(200);
    const row = perChannel.body.find((r: { id: number }) => r.id === tagId);
    expect(row.count).toBe(1);
    const foreign = await t.http
      .post('/api/tagsCount')
      .set('Authorization', `Bearer ${otra}`)
      .send({ channelId: clients[1].channelId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.field).toBe('channelId');
  });

  it('stops at 50 tags per company', async () => {
    const company = await registerCompany(t, 'limite');
    const [{ companyId }] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [company.email]);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM tags WHERE "companyId" = $1`, [companyId]);
    await ds.query(
      `INSERT INTO tags ("companyId", name, color, key)
       SELECT $1::int, 'L' || g, '#1677ff', $1::text || '-l' || g FROM generate_series(1, $2::int) g`,
      [companyId, 49 - n],
    );
    const fiftieth = await gql(t, company.token, CREATE, { input: { name: 'Cincuenta' } });
    expect(fiftieth.errors).toBeUndefined();
    const over = await gql(t, company.token, CREATE, { input: { name: 'Cincuenta y uno' } });
    expect(over.errors?.[0]?.extensions?.code).toBe('TAGS_LIMIT_REACHED');
    const [{ total }] = await ds.query(`SELECT count(*)::int AS total FROM tags WHERE "companyId" = $1`, [
      companyId,
    ]);
    expect(total).toBe(50);
  });

  it('sends open inboxes the conversations of a renamed or deleted tag with their new chips', async () => {
    const created = await gql<{ createTag: { id: number } }>(t, admin, CREATE, {
      input: { name: `En vivo ${run}` },
    });
    const tagId = created.data?.createTag.id as number;
    const [client] = await ds.query(
      `SELECT c.id FROM clients c JOIN users u ON u."companyId" = c."companyId"
       WHERE u.email = 'admin@demo.local' ORDER BY c.id DESC LIMIT 1`,
    );
    await gql(t, admin, ADD, { clientId: client.id, tagId });
    const socket = await connect(admin);

    const renamed = nextTagsUpdate(socket, client.id);
    await gql(t, admin, UPDATE, { id: tagId, input: { name: `Renombrada ${run}`, color: TAG_COLORS[2] } });
    expect((await renamed).tags.find((tag) => tag.id === tagId)).toMatchObject({
      name: `Renombrada ${run}`,
      color: TAG_COLORS[2],
    });

    const deleted = nextTagsUpdate(socket, client.id);
    await gql(t, admin, DELETE, { id: tagId });
    expect((await deleted).tags.some((tag) => tag.id === tagId)).toBe(false);
    // Taking the vanished tag off a conversation that still shows it is harmless.
    const removed = await gql(t, admin, REMOVE, { clientId: client.id, tagId });
    expect(removed.errors).toBeUndefined();
  });

  it('keeps a tag’s colour when a rename sends none', async () => {
    const id = await createTag(admin, { name: `Con color ${run}`, color: TAG_COLORS[5] });
    const renamed = await gql<{ updateTag: { name: string; color: string } }>(t, admin, UPDATE, {
      id,
      input: { name: `Con color renombrada ${run}` },
    });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateTag).toEqual({
      id,
      name: `Con color renombrada ${run}`,
      color: TAG_COLORS[5],
    });
    const [stored] = await ds.query('SELECT color FROM tags WHERE id = $1', [id]);
    expect(stored.color).toBe(TAG_COLORS[5]);
    const nulled = await gql<{ updateTag: { color: string } }>(t, admin, UPDATE, {
      id,
      input: { name: `Con color renombrada ${run}`, color: null },
    });
    expect(nulled.data?.updateTag.color).toBe(TAG_COLORS[5]);
  });

  it('refuses a rename onto another tag’s name and another company’s delete, changing nothing', async () => {
    await createTag(admin, { name: `Primera ${run}` });
    const second = await createTag(admin, { name: `Segunda ${run}`, color: TAG_COLORS[1] });
    const before = await storedTags();
    const dup = await gql(t, admin, UPDATE, {
      id: second,
      input: { name: ` primera   ${run} `, color: TAG_COLORS[2] },
    });
    expect(dup.errors?.[0]?.extensions).toMatchObject({
      code: 'ERROR_CREATING_TAG_DUPLICATED',
      field: 'name',
      userMessage: 'Ya existe una etiqueta con ese nombre.',
    });
    expect(await storedTags()).toBe(before);

    const foreign = await gql(t, otra, DELETE, { id: second });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    expect(await storedTags()).toBe(before);
  });

  it('refuses the tag list and POST /api/tagsCount to a role without a chat, tag or campaign permission', async () => {
    // A company of its own: the demo company's roles are compared exactly by other suites of the run.
    const company = await registerCompany(t, 'etiquetas');
    const role = await gql<{ createRole: { id: number } }>(
      t,
      company.token,
      `mutation($input: RoleInput!) { createRole(input: $input) { id } }`,
      { input: { name: `Solo estadísticas ${run}`, permissions: ['readAnalytics'] } },
    );
    const roleId = role.data?.createRole.id as number;
    // Every role gets readChat through the API (02 §5); taking it off in the database shows what the guard
    // itself refuses when none of the tag list's permissions is there.
    await ds.query(
      `DELETE FROM role_permissions WHERE "roleId" = $1
       AND "permissionId" = (SELECT id FROM permissions WHERE name = 'readChat')`,
      [roleId],
    );
    const email = `estadisticas${run}@etiquetas.test`;
    await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Solo Estadísticas', $2, "passwordHash", "selectedSpaceId" FROM users WHERE email = $3`,
      [roleId, email, company.email],
    );
    const analyst = await login(t, email, company.password);
    const [channel] = await ds.query(
      `SELECT ch.id FROM channels ch JOIN users u ON u."companyId" = ch."companyId" WHERE u.email = $1 LIMIT 1`,
      ['admin@demo.local'],
    );
    const before = await storedTags(company.email);

    const list = await gql<{ tags: unknown[] }>(t, analyst, TAGS);
    expect(list.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(list.data?.tags ?? null).toBeNull();
    for (const token of [analyst, agente]) {
      const counted = await t.http
        .post('/api/tagsCount')
        .set('Authorization', `Bearer ${token}`)
        .send({ channelId: channel.id });
      expect(counted.status).toBe(403);
      expect(counted.body.code).toBe('FORBIDDEN');
    }
    expect(await storedTags(company.email)).toBe(before);
  });

  it('keeps clientCount right after a tagged conversation is deleted and after a tag is deleted', async () => {
    const kept = await createTag(admin, { name: `Se queda ${run}` });
    const gone = await createTag(admin, { name: `Se va ${run}` });
    const first = await newWhatsappConversation(t);
    const second = await newWhatsappConversation(t);
    for (const clientId of [first, second]) {
      expect((await gql(t, admin, ADD, { clientId, tagId: kept })).errors).toBeUndefined();
    }
    expect((await gql(t, admin, ADD, { clientId: first, tagId: gone })).errors).toBeUndefined();
    expect(await count(kept)).toBe(2);
    expect(await count(gone)).toBe(1);

    const deleted = await gql<{ deleteConversations: number[] }>(
      t,
      admin,
      `mutation { deleteConversations(clientIds: [${second}]) }`,
    );
    expect(deleted.data?.deleteConversations).toEqual([second]);
    expect(await count(kept)).toBe(1);
    expect(await count(gone)).toBe(1);

    expect((await gql(t, admin, DELETE, { id: gone })).errors).toBeUndefined();
    expect(await count(gone)).toBe(-1);
    expect(await count(kept)).toBe(1);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM client_tags WHERE "clientId" = $1', [
      first,
    ]);
    expect(n).toBe(1);
  });
});
