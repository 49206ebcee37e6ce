import type { Socket } from 'socket.io-client';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany, startTestApp, type TestApp, waitForLockWait } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
let otra: string;
const sockets: Socket[] = [];

// A real 1×1 PNG: the server reads the type from the content (01 §5).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  otra = await login(t, 'admin@otra.local');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

let seq = 0;
function unique(prefix: string): string {
  seq += 1;
  return `${prefix} ${Date.now() % 1_000_000}-${seq}`;
}

interface SpaceBody {
  id: number;
  name: string;
  isDefault: boolean;
  imageUrl: string | null;
  channels: Array<{ id: number; name: string; platform: string }>;
}

function createSpace(
  token: string,
  fields: Record<string, string>,
  file?: { content: Buffer; name: string },
): request.Test {
  const req = t.http.post('/api/createSpace').set('Authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  if (file) req.attach('file', file.content, file.name);
  return req;
}

function updateSpace(
  token: string,
  fields: Record<string, string>,
  file?: { content: Buffer; name: string },
): request.Test {
  const req = t.http.put('/api/updateSpace').set('Authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  if (file) req.attach('file', file.content, file.name);
  return req;
}

async function companyIdOf(email: string): Promise<number> {
  const [row] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
  return row.companyId;
}

async function channelsOf(companyId: number): Promise<Array<{ id: number; name: string; platform: string }>> {
  return ds.query(`SELECT id, name, platform FROM channels WHERE "companyId" = $1 ORDER BY id`, [companyId]);
}

async function spacesNamed(name: string): Promise<number> {
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM spaces WHERE name = $1`, [name]);
  return n;
}

/** A new company with an owner (superadmin), two sandbox channels in its default space and an agent. */
async function freshCompany() {
  const owner = await registerCompany(t, 'espacios');
  const companyId = await companyIdOf(owner.email);
  const [space] = await ds.query(`SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`, [companyId]);
  const channelIds: number[] = [];
  for (const name of ['Línea Norte', 'Línea Sur']) {
    const [row] = await ds.query(
      `INSERT INTO channels ("companyId", name, platform, "providerId", phone)
       VALUES ($1, $2, 'sandbox', $3, '5215500001111') RETURNING id`,
      [companyId, name, `sandbox-test-${companyId}-${name.length}-${channelIds.length}`],
    );
    await ds.query(`INSERT INTO space_channels ("channelId", "spaceId") VALUES ($1, $2)`, [row.id, space.id]);
    channelIds.push(row.id);
  }
  const agentEmail = `agente.${companyId}.${Date.now()}@example.com`;
  const [agent] = await ds.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
     SELECT $1, r.id, 'Agente Prueba', $2, o."passwordHash", $3
       FROM roles r, users o WHERE r."companyId" = $1 AND r.name = 'agente' AND o.email = $4
     RETURNING id`,
    [companyId, agentEmail, space.id, owner.email],
  );
  await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [agent.id, space.id]);
  return {
    token: owner.token,
    companyId,
    defaultSpaceId: space.id as number,
    channelIds,
    agentId: agent.id as number,
    agentToken: await login(t, agentEmail, owner.password),
  };
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

function next<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return nextEvent<T>(socket, event, timeoutMs);
}

describe('GET /api/getSpaceGroup and the spaces query', () => {
  it("lists the company's spaces with the channels linked to each, the default first", async () => {
    const res = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${admin}`);
    expect(res.status).toBe(200);
    const spaces = res.body as SpaceBody[];
    expect(spaces[0]).toMatchObject({ name: 'General', isDefault: true });
    expect(spaces[0].channels.map((c) => c.name)).toEqual(
      expect.arrayContaining(['WhatsApp Demo', 'Messenger Demo', 'Canal de prueba']),
    );
    expect(JSON.stringify(spaces)).not.toContain('accessToken');

    const demoId = await companyIdOf('admin@demo.local');
    const otherCompanyChannels = await ds.query(`SELECT id FROM channels WHERE "companyId" <> $1`, [demoId]);
    const listed = new Set(spaces.flatMap((s) => s.channels.map((c) => c.id)));
    for (const row of otherCompanyChannels) expect(listed.has(row.id)).toBe(false);

    const viaGraphql = await gql<{ spaces: Array<{ name: string; channels: Array<{ name: string }> }> }>(
      t,
      admin,
      `{ spaces { id name isDefault imageUrl channels { id name platform isActive useChatbot spaceIds } } }`,
    );
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data?.spaces[0].channels.map((c) => c.name)).toEqual(
      spaces[0].channels.map((c) => c.name),
    );
  });

  it('is open to readSpaces; writes need writeSpaces; an agent has neither', async () => {
    const groupadmin = await login(t, 'groupadmin@demo.local');
    const agente = await login(t, 'agente@demo.local');
    expect((await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${groupadmin}`)).status).toBe(
      200,
    );
    const name = unique('Sin permiso');
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const denied = await createSpace(groupadmin, { spaceName: name, channels: JSON.stringify([channel.id]) });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('FORBIDDEN');
    expect((await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${agente}`)).status).toBe(
      403,
    );
    expect((await t.http.delete('/api/deleteSpace/1').set('Authorization', `Bearer ${agente}`)).status).toBe(
      403,
    );
    expect(await spacesNamed(name)).toBe(0);
  });
});

describe('what a role other than admin sees of the spaces (02 §6)', () => {
  it("shows a group admin only their own spaces and those spaces' channels; writeSpaces and admins see all", async () => {
    const companyId = await companyIdOf('admin@demo.local');
    const channels = await channelsOf(companyId);
    const messenger = channels.find((c) => c.name === 'Messenger Demo') as { id: number };
    const created = await createSpace(admin, {
      spaceName: unique('Solo Messenger'),
      channels: JSON.stringify([messenger.id]),
    });
    expect(created.status).toBe(200);
    const spaceId = (created.body as SpaceBody).id;
    const email = `grupo-${Date.now()}@demo.local`;
    const [{ id: userId }] = await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", "roleId", 'Grupo Solo', $1, "passwordHash", $2 FROM users
       WHERE email = 'groupadmin@demo.local' RETURNING id`,
      [email, spaceId],
    );
    await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [userId, spaceId]);
    try {
      const token = await login(t, email);
      const group = await t.http.get('/api/getSpaceGroup').set('Authorization', `Bearer ${token}`);
      expect(group.status).toBe(200);
      expect((group.body as SpaceBody[]).map((s) => [s.id, s.channels.map((c) => c.id)])).toEqual([
        [spaceId, [messenger.id]],
      ]);
      const viaGraphql = await gql<{
        spaces: Array<{ id: number }>;
        channels: Array<{ id: number; spaceIds: number[] }>;
      }>(t, token, '{ spaces { id } channels { id spaceIds } }');
      expect(viaGraphql.data).toEqual({
        spaces: [{ id: spaceId }],
        channels: [{ id: messenger.id, spaceIds: [spaceId] }],
      });
      const [defaultSpace] = await ds.query(`SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`, [
        companyId,
      ]);
      const hidden = await gql(t, token, `{ space(id: ${defaultSpace.id}) { id } }`);
      expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND_SPACE');
      // An admin still sees every space and channel of the company.
      const all = await gql<{ channels: Array<{ id: number }> }>(t, admin, '{ channels { id } }');
      expect(all.data?.channels.map((c) => c.id).sort((a, b) => a - b)).toEqual(channels.map((c) => c.id));
    } finally {
      await ds.query(`DELETE FROM users WHERE id = $1`, [userId]);
      await t.http.delete(`/api/deleteSpace/${spaceId}`).set('Authorization', `Bearer ${admin}`);
    }
  });
});

describe('POST /api/createSpace', () => {
  it('creates a space with a name, its channels and an image served by URL', async () => {
    const demo = await channelsOf(await companyIdOf('admin@demo.local'));
    const sandbox = demo.find((c) => c.platform === 'sandbox');
    const name = unique('Ventas');
    const res = await createSpace(
      admin,
      { spaceName: `  ${name} `, channels: JSON.stringify([{ id: sandbox?.id }]) },
      { content: PNG, name: 'logo.png' },
    );
    expect(res.status).toBe(200);
    const space = res.body as SpaceBody;
    expect(space).toMatchObject({ name, isDefault: false });
    expect(space.channels.map((c) => c.id)).toEqual([sandbox?.id]);
    expect(space.imageUrl).toMatch(/\/uploads\/.+\.png$/);
    const image = await t.http.get(new URL(space.imageUrl as string).pathname);
    expect(image.status).toBe(200);
    expect(Buffer.from(image.body).equals(PNG)).toBe(true);

    const links = await ds.query(`SELECT "channelId" FROM space_channels WHERE "spaceId" = $1`, [space.id]);
    expect(links).toEqual([{ channelId: sandbox?.id }]);
  });

  it('takes the channels as a JSON body too, without an image', async () => {
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const name = unique('Soporte');
    const res = await t.http
      .post('/api/createSpace')
      .set('Authorization', `Bearer ${admin}`)
      .send({ spaceName: name, channels: [channel.id, channel.id] });
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toBeNull();
    expect(res.body.channels.map((c: { id: number }) => c.id)).toEqual([channel.id]);
  });

  it('refuses an empty name and an empty channel list with their codes, and changes nothing', async () => {
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const noName = await createSpace(admin, { spaceName: '   ', channels: JSON.stringify([channel.id]) });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({
      code: 'ERROR_EMPTY_SPACE_NAME',
      field: 'spaceName',
      userMessage: 'El nombre del espacio es obligatorio.',
    });

    const name = unique('Vacío');
    for (const channels of [JSON.stringify([]), undefined]) {
      const res = await createSpace(
        admin,
        channels === undefined ? { spaceName: name } : { spaceName: name, channels },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'ERROR_EMPTY_CHANNELS',
        field: 'channels',
        userMessage: 'Selecciona al menos un canal.',
      });
    }

    const garbled = await createSpace(admin, { spaceName: name, channels: '[1,' });
    expect(garbled.status).toBe(400);
    expect(garbled.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'channels',
      userMessage: 'Canales inválidos',
    });

    const tooLong = await createSpace(admin, {
      spaceName: 'x'.repeat(121),
      channels: JSON.stringify([channel.id]),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.userMessage).toBe('El nombre no debe exceder los 120 caracteres');
    expect(await spacesNamed(name)).toBe(0);
  });

  it('refuses an image whose content is not a jpg or png, whatever its name', async () => {
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const name = unique('Imagen falsa');
    const fake = await createSpace(
      admin,
      { spaceName: name, channels: JSON.stringify([channel.id]) },
      { content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00binary', 'latin1'), name: 'logo.png' },
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({ field: 'file', userMessage: 'Tipo de archivo no permitido' });
    const pdf = await createSpace(
      admin,
      { spaceName: name, channels: JSON.stringify([channel.id]) },
      { content: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'logo.pdf' },
    );
    expect(pdf.status).toBe(400);
    expect(await spacesNamed(name)).toBe(0);
  });

  it('refuses a name the company already uses, whatever its case (ERROR_DUPLICATED_SPACE)', async () => {
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const name = unique('Duplicado');
    expect(
      (await createSpace(admin, { spaceName: name, channels: JSON.stringify([channel.id]) })).status,
    ).toBe(200);
    const again = await createSpace(admin, {
      spaceName: name.toUpperCase(),
      channels: JSON.stringify([channel.id]),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'ERROR_DUPLICATED_SPACE',
      field: 'spaceName',
      userMessage: 'Ya existe un espacio con ese nombre.',
    });
    const general = await createSpace(admin, {
      spaceName: 'general',
      channels: JSON.stringify([channel.id]),
    });
    expect(general.body.code).toBe('ERROR_DUPLICATED_SPACE');

    // Another company may use the same name.
    const [otraChannel] = await channelsOf(await companyIdOf('admin@otra.local'));
    if (otraChannel) {
      const elsewhere = await createSpace(otra, {
        spaceName: name,
        channels: JSON.stringify([otraChannel.id]),
      });
      expect(elsewhere.status).toBe(200);
    }
  });

  it('lets only one of two concurrent creates differing in case through (ERROR_DUPLICATED_SPACE)', async () => {
    const [channel] = await channelsOf(await companyIdOf('admin@demo.local'));
    const name = unique('Carrera');
    const results = await Promise.all(
      [name.toLowerCase(), name.toUpperCase()].map((spaceName) =>
        createSpace(admin, { spaceName, channels: JSON.stringify([channel.id]) }).then((res) => res),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toMatchObject({
      code: 'ERROR_DUPLICATED_SPACE',
      field: 'spaceName',
    });
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM spaces WHERE "companyId" = $1 AND lower(name) = lower($2)`,
      [await companyIdOf('admin@demo.local'), name],
    );
    expect(n).toBe(1);
  });

  it('maps the database refusing a name differing in case to ERROR_DUPLICATED_SPACE', async () => {
    const companyId = await companyIdOf('admin@demo.local');
    const [channel] = await channelsOf(companyId);
    const name = unique('Indice');
    // A save in flight in another transaction: invisible to the service's check, so the unique index decides.
    const other = await ds.connect();
    try {
      await other.begin();
      await other.query(`INSERT INTO spaces ("companyId", name) VALUES ($1, $2)`, [
        companyId,
        name.toUpperCase(),
      ]);
      const pending = createSpace(admin, {
        spaceName: ` ${name.toLowerCase()} `,
        channels: JSON.stringify([channel.id]),
      }).then((res) => res);
      await waitForLockWait(ds);
      await other.commit();
      const res = await pending;
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'ERROR_DUPLICATED_SPACE', field: 'spaceName' });
    } finally {
      await other.rollback();
      other.release();
    }
    const rows = await ds.query(
      `SELECT name FROM spaces WHERE "companyId" = $1 AND lower(btrim(name)) = lower($2)`,
      [companyId, name],
    );
    expect(rows).toEqual([{ name: name.toUpperCase() }]);
  });

  it("refuses another company's channel (403) and an unknown one (400), creating nothing", async () => {
    const demoChannels = await channelsOf(await companyIdOf('admin@demo.local'));
    const name = unique('Ajeno');
    const foreign = await createSpace(otra, {
      spaceName: name,
      channels: JSON.stringify([demoChannels[0].id]),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe('FORBIDDEN');
    const unknown = await createSpace(admin, { spaceName: name, channels: JSON.stringify([2_000_000_000]) });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'channels', userMessage: 'El canal no existe.' });
    expect(await spacesNamed(name)).toBe(0);
  });
});

describe('PUT /api/updateSpace and DELETE /api/deleteSpace/{id}', () => {
  it('changes the name, the image and the whole channel list', async () => {
    const company = await freshCompany();
    const [north, south] = company.channelIds;
    const created = await createSpace(company.token, {
      spaceName: 'Norte',
      channels: JSON.stringify([north]),
    });
    expect(created.status).toBe(200);
    const res = await updateSpace(
      company.token,
      { id: String(created.body.id), spaceName: 'Norte y Sur', newChannels: JSON.stringify([south, north]) },
      { content: PNG, name: 'norte.png' },
    );
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Norte y Sur');
    expect(res.body.imageUrl).toMatch(/\.png$/);
    expect(res.body.channels.map((c: { id: number }) => c.id).sort()).toEqual([north, south].sort());

    const onlySouth = await updateSpace(company.token, {
      id: String(created.body.id),
      newChannels: JSON.stringify([south]),
    });
    expect(onlySouth.status).toBe(200);
    expect(onlySouth.body.name).toBe('Norte y Sur');
    expect(onlySouth.body.imageUrl).toBe(res.body.imageUrl);
    expect(onlySouth.body.channels.map((c: { id: number }) => c.id)).toEqual([south]);

    const noImage = await updateSpace(company.token, { id: String(created.body.id), removeImage: 'true' });
    expect(noImage.body.imageUrl).toBeNull();
    // The removed image is no longer stored.
    expect((await t.http.get(new URL(res.body.imageUrl).pathname)).status).toBe(404);
  });

  it('removes the image a new one replaces, and the image of a deleted space', async () => {
    const company = await freshCompany();
    const [north] = company.channelIds;
    const created = await createSpace(
      company.token,
      { spaceName: 'Con logo', channels: JSON.stringify([north]) },
      { content: PNG, name: 'uno.png' },
    );
    const firstPath = new URL(created.body.imageUrl).pathname;
    expect((await t.http.get(firstPath)).status).toBe(200);
    const replaced = await updateSpace(
      company.token,
      { id: String(created.body.id) },
      { content: PNG, name: 'dos.png' },
    );
    const secondPath = new URL(replaced.body.imageUrl).pathname;
    expect((await t.http.get(firstPath)).status).toBe(404);
    expect((await t.http.get(secondPath)).status).toBe(200);
    const deleted = await t.http
      .delete(`/api/deleteSpace/${created.body.id}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(deleted.status).toBe(200);
    expect((await t.http.get(secondPath)).status).toBe(404);
  });

  it('refuses an empty name, no channels and a taken name on update, changing nothing', async () => {
    const company = await freshCompany();
    const [north, south] = company.channelIds;
    const a = await createSpace(company.token, { spaceName: 'Uno', channels: JSON.stringify([north]) });
    await createSpace(company.token, { spaceName: 'Dos', channels: JSON.stringify([south]) });
    const id = String(a.body.id);

    const noName = await updateSpace(company.token, { id, spaceName: ' ' });
    expect(noName.body).toMatchObject({ code: 'ERROR_EMPTY_SPACE_NAME', field: 'spaceName' });
    const noChannels = await updateSpace(company.token, { id, newChannels: '[]' });
    expect(noChannels.status).toBe(400);
    expect(noChannels.body).toMatchObject({ code: 'ERROR_EMPTY_CHANNELS', field: 'newChannels' });
    const taken = await updateSpace(company.token, { id, spaceName: 'dos' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('ERROR_DUPLICATED_SPACE');
    const badId = await updateSpace(company.token, { id: 'abc', spaceName: 'Tres' });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
    const missing = await updateSpace(company.token, { id: '2000000000', spaceName: 'Tres' });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND_SPACE');

    const [row] = await ds.query(`SELECT name FROM spaces WHERE id = $1`, [a.body.id]);
    expect(row.name).toBe('Uno');
    const links = await ds.query(`SELECT "channelId" FROM space_channels WHERE "spaceId" = $1`, [a.body.id]);
    expect(links).toEqual([{ channelId: north }]);
  });

  it('neither edits nor deletes the default space', async () => {
    const company = await freshCompany();
    const edit = await updateSpace(company.token, {
      id: String(company.defaultSpaceId),
      spaceName: 'Otro nombre',
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({
      code: 'DEFAULT_SPACE_CANNOT_BE_MODIFIED',
      userMessage: 'El espacio predeterminado no se puede editar ni eliminar.',
    });
    const remove = await t.http
      .delete(`/api/deleteSpace/${company.defaultSpaceId}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(remove.status).toBe(400);
    expect(remove.body.code).toBe('DEFAULT_SPACE_CANNOT_BE_MODIFIED');
    const [row] = await ds.query(`SELECT name FROM spaces WHERE id = $1`, [company.defaultSpaceId]);
    expect(row.name).toBe('General');
  });

  it("refuses to change or delete another company's space (403), nothing changed", async () => {
    const company = await freshCompany();
    const created = await createSpace(company.token, {
      spaceName: 'Privado',
      channels: JSON.stringify([company.channelIds[0]]),
    });
    const edit = await updateSpace(otra, { id: String(created.body.id), spaceName: 'Robado' });
    expect(edit.status).toBe(403);
    const remove = await t.http
      .delete(`/api/deleteSpace/${created.body.id}`)
      .set('Authorization', `Bearer ${otra}`);
    expect(remove.status).toBe(403);
    const [row] = await ds.query(`SELECT name FROM spaces WHERE id = $1`, [created.body.id]);
    expect(row.name).toBe('Privado');
    const badId = await t.http.delete('/api/deleteSpace/abc').set('Authorization', `Bearer ${company.token}`);
    expect(badId.status).toBe(400);
  });

  it('tells its members through updateUserData and, on delete, moves them back to the default space', async () => {
    const company = await freshCompany();
    const created = await createSpace(company.token, {
      spaceName: 'Equipo Norte',
      channels: JSON.stringify([company.channelIds[0]]),
    });
    const spaceId = created.body.id as number;
    // The agent works only in the new space, and has it selected.
    await ds.query(`DELETE FROM user_spaces WHERE "userId" = $1`, [company.agentId]);
    await ds.query(`INSERT INTO user_spaces ("userId", "spaceId") VALUES ($1, $2)`, [
      company.agentId,
      spaceId,
    ]);
    await ds.query(`UPDATE users SET "selectedSpaceId" = $2 WHERE id = $1`, [company.agentId, spaceId]);
    const agentSocket = await connect(company.agentToken);

    const renamed = next<{ userId: number; reason: string }>(agentSocket, 'updateUserData');
    expect(
      (await updateSpace(company.token, { id: String(spaceId), spaceName: 'Equipo Norte 2' })).status,
    ).toBe(200);
    expect(await renamed).toMatchObject({
      userId: company.agentId,
      companyId: company.companyId,
      reason: 'spaceUpdated',
    });

    const deleted = next<{ reason: string }>(agentSocket, 'updateUserData');
    const res = await t.http
      .delete(`/api/deleteSpace/${spaceId}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: spaceId, deleted: true });
    expect((await deleted).reason).toBe('spaceDeleted');

    const [agent] = await ds.query(`SELECT "selectedSpaceId" FROM users WHERE id = $1`, [company.agentId]);
    expect(agent.selectedSpaceId).toBe(company.defaultSpaceId);
    const memberships = await ds.query(`SELECT "spaceId" FROM user_spaces WHERE "userId" = $1`, [
      company.agentId,
    ]);
    expect(memberships).toEqual([{ spaceId: company.defaultSpaceId }]);
    expect(await ds.query(`SELECT id FROM spaces WHERE id = $1`, [spaceId])).toEqual([]);
    // The channel stays, in the default space.
    const links = await ds.query(`SELECT "spaceId" FROM space_channels WHERE "channelId" = $1`, [
      company.channelIds[0],
    ]);
    expect(links).toEqual([{ spaceId: company.defaultSpaceId }]);

    const me = await gql<{ me: { selectedSpaceId: number; spaces: Array<{ id: number }> } }>(
      t,
      company.agentToken,
      `{ me { selectedSpaceId spaces { id } } }`,
    );
    expect(me.data?.me).toEqual({
      selectedSpaceId: company.defaultSpaceId,
      spaces: [{ id: company.defaultSpaceId }],
    });
  });

  it("switching to a space lists only that space's conversations", async () => {
    const company = await freshCompany();
    const [north, south] = company.channelIds;
    for (const [channelId, from] of [
      [north, '5215511110001'],
      [south, '5215511110002'],
    ] as const) {
      const sent = await t.http
        .post('/api/sandbox/simulate')
        .set('Authorization', `Bearer ${company.token}`)
        .send({ channelId, from, text: 'Hola' });
      expect(sent.status).toBe(200);
    }
    const space = await createSpace(company.token, {
      spaceName: 'Solo Norte',
      channels: JSON.stringify([north]),
    });
    const selected = await gql(
      t,
      company.token,
      `mutation($id: Int!) { selectSpace(spaceId: $id) { selectedSpaceId } }`,
      {
        id: space.body.id,
      },
    );
    expect(selected.errors).toBeUndefined();
    const list = await t.http
      .post('/api/conversations_by_filter')
      .set('Authorization', `Bearer ${company.token}`)
      .send({ filterType: 'all', first: 10 });
    expect(list.status).toBe(200);
    const channels = new Set(list.body.clients.map((c: { channel: { id: number } }) => c.channel.id));
    expect([...channels]).toEqual([north]);
  });
});
