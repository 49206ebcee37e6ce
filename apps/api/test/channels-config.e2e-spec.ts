import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelsService } from '../src/modules/channels/channels.service';
import { FakeGraphServer, formOf } from '../src/providers/channels/messenger/__fixtures__/fake-graph-server';
import { appSecretProof } from '../src/providers/channels/messenger/messenger.client';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';

const APP_ID = '138483919580948';
const APP_SECRET = 'test-messenger-app-secret';

let t: TestApp;
let ds: TestSql;
let graph: FakeGraphServer;
let admin: string;
let otra: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  graph = await FakeGraphServer.start();
  t = await startTestApp({
    MESSENGER_GRAPH_URL: `${graph.url}/v26.0`,
    MESSENGER_APP_ID: APP_ID,
    MESSENGER_APP_SECRET: APP_SECRET,
  });
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  otra = await login(t, 'admin@otra.local');
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
  await graph.close();
});
beforeEach(() => graph.reset());

interface ChannelRow {
  id: number;
  name: string;
  platform: string;
  isActive: boolean;
  useChatbot: boolean;
  spaceIds: number[];
  slotStatus: string | null;
  expiresAt: string | null;
  imageUrl: string | null;
}

const CHANNEL_FIELDS = 'id name platform isActive useChatbot spaceIds slotStatus expiresAt imageUrl';

async function companyIdOf(email: string): Promise<number> {
  const [row] = await ds.query(`SELECT "companyId" FROM users WHERE email = $1`, [email]);
  return row.companyId;
}

let seq = 0;
/** A new company (owner: superadmin) with one sandbox channel in its default space. */
async function freshCompany() {
  seq += 1;
  const owner = await registerCompany(t, 'canales');
  const companyId = await companyIdOf(owner.email);
  const [space] = await ds.query(`SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`, [companyId]);
  const channelId = await addChannel(companyId, space.id, {
    name: 'Línea de prueba',
    platform: 'sandbox',
    providerId: `sandbox-cfg-${companyId}-${seq}`,
  });
  return { token: owner.token, email: owner.email, companyId, defaultSpaceId: space.id as number, channelId };
}

async function addChannel(
  companyId: number,
  spaceId: number,
  fields: {
    name: string;
    platform: string;
    providerId: string;
    isActive?: boolean;
    useChatbot?: boolean;
    token?: string;
  },
): Promise<number> {
  const sealed = fields.token ? t.app.get(ChannelsService).sealToken(fields.token) : null;
  const [row] = await ds.query(
    `INSERT INTO channels ("companyId", name, platform, "providerId", "pageId", "accessToken", "isActive", "useChatbot")
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      companyId,
      fields.name,
      fields.platform,
      fields.providerId,
      fields.platform === 'messenger' ? fields.providerId : null,
      sealed,
      fields.isActive ?? true,
      fields.useChatbot ?? false,
    ],
  );
  await ds.query(`INSERT INTO space_channels ("channelId", "spaceId") VALUES ($1, $2)`, [row.id, spaceId]);
  return row.id;
}

async function channelRow(id: number) {
  const [row] = await ds.query(`SELECT * FROM channels WHERE id = $1`, [id]);
  return row;
}

function post(path: string, token: string, body: object) {
  return t.http.post(`/api${path}`).set('Authorization', `Bearer ${token}`).send(body);
}

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

function next<T>(socket: Socket, event: string, timeoutMs = 3000): Promise<T> {
  return nextEvent<T>(socket, event, timeoutMs);
}

describe('channels query and the channel switches', () => {
  it("lists the company's channels with their spaces and never a token", async () => {
    const res = await gql<{ channels: ChannelRow[] }>(
      t,
      admin,
      `{ channels { ${CHANNEL_FIELDS} phone pageId } }`,
    );
    expect(res.errors).toBeUndefined();
    const names = res.data?.channels.map((c) => c.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['WhatsApp Demo', 'Messenger Demo', 'Canal de prueba']));
    const demoId = await companyIdOf('admin@demo.local');
    const [general] = await ds.query(`SELECT id FROM spaces WHERE "companyId" = $1 AND "isDefault"`, [
      demoId,
    ]);
    expect(res.data?.channels.find((c) => c.name === 'Canal de prueba')?.spaceIds).toContain(general.id);
    const agente = await login(t, 'agente@demo.local');
    const denied = await gql(t, agente, `{ channels { id } }`);
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('deactivates and activates a channel; activation turns its chatbot off (02 §4)', async () => {
    const company = await freshCompany();
    const on = await gql<{ setChannelChatbot: ChannelRow }>(
      t,
      company.token,
      `mutation($id: Int!) { setChannelChatbot(id: $id, useChatbot: true) { ${CHANNEL_FIELDS} } }`,
      { id: company.channelId },
    );
    expect(on.data?.setChannelChatbot).toMatchObject({ isActive: true, useChatbot: true });

    const off = await gql<{ deactivateChannel: ChannelRow }>(
      t,
      company.token,
      `mutation($id: Int!) { deactivateChannel(id: $id) { ${CHANNEL_FIELDS} } }`,
      { id: company.channelId },
    );
    expect(off.data?.deactivateChannel).toMatchObject({ isActive: false, useChatbot: true });

    const refused = await gql(
      t,
      company.token,
      `mutation($id: Int!) { setChannelChatbot(id: $id, useChatbot: true) { id } }`,
      { id: company.channelId },
    );
    expect(refused.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'useChatbot',
      userMessage: 'Activa el canal antes de encender el chatbot.',
    });

    const again = await gql<{ activateChannel: ChannelRow }>(
      t,
      company.token,
      `mutation($id: Int!) { activateChannel(id: $id) { ${CHANNEL_FIELDS} } }`,
      { id: company.channelId },
    );
    expect(again.data?.activateChannel).toMatchObject({ isActive: true, useChatbot: false });
    expect(await channelRow(company.channelId)).toMatchObject({ isActive: true, useChatbot: false });
  });

  it('renames a channel, refusing an empty or over-long name', async () => {
    const company = await freshCompany();
    const renamed = await gql<{ renameChannel: ChannelRow }>(
      t,
      company.token,
      `mutation($id: Int!, $name: String!) { renameChannel(id: $id, name: $name) { id name } }`,
      { id: company.channelId, name: '  Ventas Norte  ' },
    );
    expect(renamed.data?.renameChannel.name).toBe('Ventas Norte');
    for (const [name, message] of [
      ['  ', 'Nombre obligatorio'],
      ['x'.repeat(121), 'El nombre no debe exceder los 120 caracteres'],
    ]) {
      const bad = await gql(
        t,
        company.token,
        `mutation($id: Int!, $name: String!) { renameChannel(id: $id, name: $name) { id } }`,
        { id: company.channelId, name },
      );
      expect(bad.errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'name',
        userMessage: message,
      });
    }
    expect((await channelRow(company.channelId)).name).toBe('Ventas Norte');
  });

  it("refuses another company's channel and callers without writeSpaces, changing nothing", async () => {
    const company = await freshCompany();
    for (const mutation of [
      `activateChannel(id: $id) { id }`,
      `deactivateChannel(id: $id) { id }`,
      `setChannelChatbot(id: $id, useChatbot: true) { id }`,
      `renameChannel(id: $id, name: "Robado") { id }`,
    ]) {
      // Another company's channel reads as one that does not exist: nothing tells its id apart.
      const res = await gql(t, otra, `mutation($id: Int!) { ${mutation} }`, { id: company.channelId });
      expect(res.errors?.[0].extensions).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'id',
        userMessage: 'El canal no existe.',
      });
    }
    const groupadmin = await login(t, 'groupadmin@demo.local');
    const [demoChannel] = await ds.query(`SELECT id FROM channels WHERE name = 'Canal de prueba' LIMIT 1`);
    const denied = await gql(t, groupadmin, `mutation($id: Int!) { deactivateChannel(id: $id) { id } }`, {
      id: demoChannel.id,
    });
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(await channelRow(company.channelId)).toMatchObject({
      name: 'Línea de prueba',
      isActive: true,
      useChatbot: false,
    });
    expect((await channelRow(demoChannel.id)).isActive).toBe(true);
  });

  it('answers ERROR_UPDATING_CHATBOT_STATUS and the channel-name error when the write itself fails', async () => {
    const company = await freshCompany();
    // A database that refuses this one channel's writes: a failure on our side, not bad input.
    const fn = `refuse_channel_${company.channelId}`;
    await ds.query(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`,
    );
    await ds.query(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON channels FOR EACH ROW WHEN (OLD.id = ${company.channelId}) EXECUTE FUNCTION ${fn}()`,
    );
    try {
      const chatbot = await gql(
        t,
        company.token,
        `mutation($id: Int!) { setChannelChatbot(id: $id, useChatbot: true) { id } }`,
        {
          id: company.channelId,
        },
      );
      expect(chatbot.errors?.[0].extensions).toMatchObject({
        code: 'ERROR_UPDATING_CHATBOT_STATUS',
        userMessage: 'No se pudo actualizar el estado del chatbot.',
      });
      const rename = await gql(
        t,
        company.token,
        `mutation($id: Int!) { renameChannel(id: $id, name: "Nuevo") { id } }`,
        {
          id: company.channelId,
        },
      );
      expect(rename.errors?.[0].message).toBe('Error updating channel name');
      expect(rename.errors?.[0].extensions.code).toBe('ERROR_UPDATING_CHANNEL_NAME');
    } finally {
      await ds.query(`DROP TRIGGER ${fn} ON channels`);
      await ds.query(`DROP FUNCTION ${fn}()`);
    }
    expect(await channelRow(company.channelId)).toMatchObject({ name: 'Línea de prueba', useChatbot: false });
  });
});

describe('Messenger page sync through the Graph API', () => {
  const LONG_TOKEN = 'EAALongLivedUserToken';
  const EXPIRES_IN = 5183944;

  function page(id: string, name: string, token: string | null, picture?: string) {
    return {
      id,
      name,
      ...(token ? { access_token: token } : {}),
      tasks: ['MESSAGING', 'MANAGE'],
      ...(picture ? { picture: { data: { url: picture, is_silhouette: false } } } : {}),
    };
  }

  function graphReturns(pages: unknown[]) {
    graph.on('GET', /\/oauth\/access_token$/, {
      status: 200,
      body: { access_token: LONG_TOKEN, token_type: 'bearer', expires_in: EXPIRES_IN },
    });
    graph.on('GET', /\/me\/accounts$/, {
      status: 200,
      body: { data: pages, paging: { cursors: { after: 'x' } } },
    });
    graph.on('POST', /\/subscribed_apps$/, { status: 200, body: { success: true } });
  }

  it('activates known pages still returned, deactivates missing ones, creates new ones; per-page errors returned', async () => {
    const company = await freshCompany();
    const n = `${company.companyId}${Date.now() % 100000}`;
    const [known, gone, fresh, refused, noToken] = ['1', '2', '3', '4', '5'].map((d) => `9${n}${d}`);
    const knownId = await addChannel(company.companyId, company.defaultSpaceId, {
      name: 'Mi página renombrada',
      platform: 'messenger',
      providerId: known,
      isActive: false,
      useChatbot: true,
      token: 'old-page-token',
    });
    const goneId = await addChannel(company.companyId, company.defaultSpaceId, {
      name: 'Página retirada',
      platform: 'messenger',
      providerId: gone,
      token: 'gone-token',
    });
    graphReturns([
      page(known, 'Tienda Conocida', 'PAGE-TOKEN-KNOWN', 'https://scontent.example/known.jpg'),
      page(fresh, 'Tienda Nueva', 'PAGE-TOKEN-NEW', 'https://scontent.example/new.jpg'),
      page(refused, 'Tienda Sin Permiso', 'PAGE-TOKEN-REFUSED'),
      page(noToken, 'Tienda Solo Lectura', null),
      // Messenger Demo: Demo's page, not this company's.
      page('200000000000001', 'Messenger Demo', 'PAGE-TOKEN-DEMO'),
    ]);
    graph.on('POST', new RegExp(`/${refused}/subscribed_apps$`), {
      status: 403,
      body: {
        error: {
          message:
            '(#200) To subscribe to the messages field, one of these permissions is needed: pages_messaging',
          type: 'OAuthException',
          code: 200,
        },
      },
    });
    const admins = await connect(company.token);
    const changed = next<{ reason: string }>(admins, 'updateUserData');

    const before = Date.now();
    const res = await post('/syncMessengerPages', company.token, { accessToken: 'EAAShortLivedFromLogin' });
    expect(res.status).toBe(200);
    expect((await changed).reason).toBe('messengerSync');

    // The exchange, then the Page list with the long-lived token and its proof.
    const [exchange] = graph.to('GET', /\/oauth\/access_token$/);
    expect(Object.fromEntries(exchange.query)).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      fb_exchange_token: 'EAAShortLivedFromLogin',
    });
    const [accounts] = graph.to('GET', /\/me\/accounts$/);
    expect(accounts.query.get('access_token')).toBe(LONG_TOKEN);
    expect(accounts.query.get('appsecret_proof')).toBe(appSecretProof(LONG_TOKEN, APP_SECRET));
    // Subscriptions: the known page, the new one and the refused one; never another company's page.
    const subscribed = graph.to('POST', /\/subscribed_apps$/).map((r) => ({ path: r.path, form: formOf(r) }));
    expect(subscribed.map((s) => s.path).sort()).toEqual(
      [known, fresh, refused].map((id) => `/v26.0/${id}/subscribed_apps`).sort(),
    );
    const knownSubscription = subscribed.find((s) => s.path.includes(known));
    expect(knownSubscription?.form).toMatchObject({
      access_token: 'PAGE-TOKEN-KNOWN',
      subscribed_fields: expect.stringContaining('messages'),
    });
    expect(knownSubscription?.form.subscribed_fields.split(',')).toEqual(
      expect.arrayContaining(['messages', 'conversations', 'messaging_postbacks']),
    );

    const knownRow = await channelRow(knownId);
    expect(knownRow).toMatchObject({ isActive: true, useChatbot: false, name: 'Mi página renombrada' });
    expect(knownRow.imageUrl).toBe('https://scontent.example/known.jpg');
    expect(knownRow.accessToken).not.toContain('PAGE-TOKEN-KNOWN');
    const channels = t.app.get(ChannelsService);
    expect(channels.credentials(knownRow).accessToken).toBe('PAGE-TOKEN-KNOWN');
    expect((await channelRow(goneId)).isActive).toBe(false);

    const [created] = await ds.query(
      `SELECT * FROM channels WHERE platform = 'messenger' AND "providerId" = $1`,
      [fresh],
    );
    expect(created).toMatchObject({
      companyId: company.companyId,
      name: 'Tienda Nueva',
      pageId: fresh,
      isActive: true,
      useChatbot: false,
      imageUrl: 'https://scontent.example/new.jpg',
    });
    expect(channels.credentials(created).accessToken).toBe('PAGE-TOKEN-NEW');
    const expiry = new Date(created.expiresAt).getTime();
    expect(expiry).toBeGreaterThanOrEqual(before + EXPIRES_IN * 1000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + EXPIRES_IN * 1000 + 1000);
    const links = await ds.query(`SELECT "spaceId" FROM space_channels WHERE "channelId" = $1`, [created.id]);
    expect(links).toEqual([{ spaceId: company.defaultSpaceId }]);

    expect(
      await ds.query(`SELECT id FROM channels WHERE "providerId" IN ($1, $2)`, [refused, noToken]),
    ).toEqual([]);
    const [demoPage] = await ds.query(
      `SELECT "companyId" FROM channels WHERE "providerId" = '200000000000001'`,
    );
    expect(demoPage.companyId).toBe(await companyIdOf('admin@demo.local'));

    expect(res.body.created).toEqual([created.id]);
    expect(res.body.activated).toEqual([knownId]);
    expect(res.body.deactivated).toEqual([goneId]);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pageId: refused, name: 'Tienda Sin Permiso', code: 'PROVIDER_AUTH_ERROR' }),
        expect.objectContaining({
          pageId: noToken,
          message: 'No tienes permiso para administrar los mensajes de esta página.',
        }),
        expect.objectContaining({
          pageId: '200000000000001',
          message: 'La página ya está vinculada a otra empresa.',
        }),
      ]),
    );
    expect(res.body.errors).toHaveLength(3);
    expect(res.body.channels.map((c: { id: number }) => c.id).sort()).toEqual(
      [knownId, goneId, created.id].sort(),
    );
    expect(JSON.stringify(res.body)).not.toContain('PAGE-TOKEN');

    // Synced again with the same answer: nothing new is created.
    graph.reset();
    graphReturns([page(fresh, 'Tienda Nueva', 'PAGE-TOKEN-NEW')]);
    const again = await post('/syncMessengerPages', company.token, { accessToken: 'EAAShortLivedFromLogin' });
    expect(again.body.created).toEqual([]);
    expect(again.body.deactivated).toEqual([knownId]);
    const [{ count }] = await ds.query(
      `SELECT count(*)::int AS count FROM channels WHERE "providerId" = $1`,
      [fresh],
    );
    expect(count).toBe(1);
  });

  it('refuses a token Facebook rejects (400) and reports Graph being down (503), changing nothing', async () => {
    const company = await freshCompany();
    const empty = await post('/syncMessengerPages', company.token, { accessToken: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('accessToken');
    expect(graph.requests).toHaveLength(0);

    graph.on('GET', /\/oauth\/access_token$/, {
      status: 400,
      body: { error: { message: 'Error validating access token', type: 'OAuthException', code: 190 } },
    });
    const expired = await post('/syncMessengerPages', company.token, { accessToken: 'EAAExpired' });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'accessToken',
      userMessage: 'El token de Facebook no es válido o expiró. Vuelve a iniciar sesión con Facebook.',
    });
    const permanent = await post('/fbUserPermanentToken', company.token, { accessToken: 'EAAExpired' });
    expect(permanent.status).toBe(400);

    graph.reset();
    graph.on('GET', /\/oauth\/access_token$/, {
      status: 200,
      body: { access_token: LONG_TOKEN, expires_in: 100 },
    });
    graph.on('GET', /\/me\/accounts$/, {
      status: 503,
      body: { error: { message: 'Service unavailable', code: 2 } },
    });
    const down = await post('/syncMessengerPages', company.token, { accessToken: 'EAAGood' });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('PROVIDER_UNAVAILABLE');
    const [{ n }] = await ds.query(
      `SELECT count(*)::int AS n FROM channels WHERE "companyId" = $1 AND platform = 'messenger'`,
      [company.companyId],
    );
    expect(n).toBe(0);
  });

  it('exchanges a user token for a long-lived one (POST /fbUserPermanentToken)', async () => {
    const company = await freshCompany();
    graph.on('GET', /\/oauth\/access_token$/, {
      status: 200,
      body: { access_token: LONG_TOKEN, token_type: 'bearer', expires_in: EXPIRES_IN },
    });
    const res = await post('/fbUserPermanentToken', company.token, { accessToken: 'EAAShort' });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(LONG_TOKEN);
    expect(new Date(res.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + (EXPIRES_IN - 60) * 1000);
    const agente = await login(t, 'agente@demo.local');
    expect((await post('/fbUserPermanentToken', agente, { accessToken: 'EAAShort' })).status).toBe(403);
    expect((await post('/syncMessengerPages', agente, { accessToken: 'EAAShort' })).status).toBe(403);
  });

  it("sets a Messenger channel's expiration date from Graph's debug_token (POST /setExpirationDate)", async () => {
    const company = await freshCompany();
    const pageId = `8${company.companyId}${Date.now() % 100000}`;
    const channelId = await addChannel(company.companyId, company.defaultSpaceId, {
      name: 'Página',
      platform: 'messenger',
      providerId: pageId,
      token: 'PAGE-TOKEN-EXP',
    });
    graph.on('GET', /\/debug_token$/, {
      status: 200,
      body: { data: { is_valid: true, type: 'PAGE', expires_at: 0, data_access_expires_at: 1893456000 } },
    });
    const res = await post('/setExpirationDate', company.token, { channelId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ channelId, expiresAt: new Date(1893456000 * 1000).toISOString() });
    expect(Object.fromEntries(graph.last().query)).toEqual({
      input_token: 'PAGE-TOKEN-EXP',
      access_token: `${APP_ID}|${APP_SECRET}`,
    });
    expect(new Date((await channelRow(channelId)).expiresAt).getTime()).toBe(1893456000 * 1000);

    const sandbox = await post('/setExpirationDate', company.token, { channelId: company.channelId });
    expect(sandbox.status).toBe(400);
    expect(sandbox.body.field).toBe('channelId');
    const foreign = await post('/setExpirationDate', otra, { channelId });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'channelId' });
    expect((await post('/setExpirationDate', company.token, { channelId: 'x' })).status).toBe(400);
  });
});

describe('sandbox linked-device slot (getQR, getChannelStatus, logoutSlot)', () => {
  it('links a new line by its QR, reports its status, and logs it out', async () => {
    const company = await freshCompany();
    const badPhone = await post('/getQR', company.token, { slotName: 'Ventas', phone: '55-1234' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body).toMatchObject({ field: 'phone', userMessage: 'Solo puede contener números' });
    const noName = await post('/getQR', company.token, { slotName: ' ', phone: '5215512345678' });
    expect(noName.body).toMatchObject({ field: 'slotName', userMessage: 'Nombre obligatorio' });

    const qr = await post('/getQR', company.token, { slotName: 'Ventas WhatsApp', phone: '5215512345678' });
    expect(qr.status).toBe(200);
    expect(qr.body.status).toBe('LOGGING');
    const url = new URL(qr.body.qrUrl);
    expect(url.pathname).toBe('/spaces/new-whatsapp');
    expect(url.searchParams.get('code')).toBe(qr.body.code);
    expect(new Date(qr.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(40_000);
    const channelId = qr.body.channelId as number;
    expect(await channelRow(channelId)).toMatchObject({
      platform: 'sandbox',
      name: 'Ventas WhatsApp',
      phone: '5215512345678',
      isActive: false,
    });
    const [slot] = await ds.query(`SELECT * FROM channel_slots WHERE "channelId" = $1`, [channelId]);
    expect(slot.pairingCodeHash).not.toBe(qr.body.code);
    const links = await ds.query(`SELECT "spaceId" FROM space_channels WHERE "channelId" = $1`, [channelId]);
    expect(links).toEqual([{ spaceId: company.defaultSpaceId }]);

    // 01 §9: one WhatsApp slot per company.
    const second = await post('/getQR', company.token, { slotName: 'Otra línea', phone: '5215512340000' });
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('WHATSAPP_SLOTS_LIMIT_REACHED');
    const secondOnExisting = await post('/getQR', company.token, { channelId: company.channelId });
    expect(secondOnExisting.body.code).toBe('WHATSAPP_SLOTS_LIMIT_REACHED');

    const waiting = await post('/getChannelStatus', company.token, { channelId });
    expect(waiting.body).toMatchObject({
      channelId,
      status: 'LOGGING',
      phone: '5215512345678',
      linkedAt: null,
    });
    const noRange = await post('/getChannelStatus', company.token, { channelId, getChatHistory: true });
    expect(noRange.status).toBe(400);
    expect(noRange.body).toMatchObject({ field: 'chatHistoryTime', userMessage: 'Selecciona una opción' });
    const withRange = await post('/getChannelStatus', company.token, {
      channelId,
      getChatHistory: true,
      chatHistoryTime: 'week',
    });
    expect(withRange.body.chatHistoryTime).toBe('week');

    const wrong = await post('/sandbox/scan', company.token, { code: 'not-the-code' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    // The code is the company's own: another company cannot use it.
    expect((await post('/sandbox/scan', otra, { code: qr.body.code })).status).toBe(400);

    const owner = await connect(company.token);
    const linkedEvent = next<{ channelId: number; status: string }>(owner, 'onLinkedChannel');
    const linked = await post('/sandbox/scan', company.token, { code: qr.body.code });
    expect(linked.status).toBe(200);
    expect(linked.body).toMatchObject({ channelId, status: 'AUTHENTICATED' });
    expect(await linkedEvent).toEqual({ channelId, status: 'AUTHENTICATED' });
    expect(await channelRow(channelId)).toMatchObject({ isActive: true, useChatbot: false });
    const status = await post('/getChannelStatus', company.token, { channelId });
    expect(status.body.status).toBe('AUTHENTICATED');
    expect(status.body.linkedAt).not.toBeNull();
    const listed = await gql<{ channels: ChannelRow[] }>(t, company.token, `{ channels { id slotStatus } }`);
    expect(listed.data?.channels.find((c) => c.id === channelId)?.slotStatus).toBe('AUTHENTICATED');

    // A used code does not link twice; a linked slot asks for a logout before a new QR.
    expect((await post('/sandbox/scan', company.token, { code: qr.body.code })).status).toBe(400);
    const relink = await post('/getQR', company.token, { channelId });
    expect(relink.status).toBe(400);
    expect(relink.body.field).toBe('channelId');

    const out = await post('/logoutSlot', company.token, { channelId });
    expect(out.status).toBe(200);
    expect(out.body.status).toBe('LOGGING');
    expect((await channelRow(channelId)).isActive).toBe(false);

    const fresh = await post('/getQR', company.token, { channelId });
    expect(fresh.status).toBe(200);
    expect(fresh.body.code).not.toBe(qr.body.code);
  });

  it('refuses an expired QR, channels that are not the sandbox, other companies and agents', async () => {
    const company = await freshCompany();
    const qr = await post('/getQR', company.token, { channelId: company.channelId });
    expect(qr.status).toBe(200);
    await ds.query(
      `UPDATE channel_slots SET "pairingExpiresAt" = now() - interval '1 second' WHERE "channelId" = $1`,
      [company.channelId],
    );
    const late = await post('/sandbox/scan', company.token, { code: qr.body.code });
    expect(late.status).toBe(400);
    expect(late.body.userMessage).toBe('El código QR expiró. Genera uno nuevo.');
    expect(
      (await post('/getChannelStatus', company.token, { channelId: company.channelId })).body.status,
    ).toBe('LOGGING');

    const [whatsapp] = await ds.query(`SELECT id FROM channels WHERE name = 'WhatsApp Demo' LIMIT 1`);
    for (const path of ['/getQR', '/getChannelStatus', '/logoutSlot']) {
      const notSandbox = await post(path, admin, { channelId: whatsapp.id });
      expect(notSandbox.status).toBe(400);
      expect(notSandbox.body.field).toBe('channelId');
      const foreign = await post(path, otra, { channelId: company.channelId });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'channelId' });
    }
    const agente = await login(t, 'agente@demo.local');
    expect((await post('/getQR', agente, { slotName: 'X', phone: '5215512345678' })).status).toBe(403);
    const noSlot = await freshCompany();
    const logoutWithout = await post('/logoutSlot', noSlot.token, { channelId: noSlot.channelId });
    expect(logoutWithout.status).toBe(400);
  });
});

describe('an unknown channel id', () => {
  const UNKNOWN = 2_000_000_000;

  it('answers 400 on channelId on every REST call that names a channel, changing nothing', async () => {
    const company = await freshCompany();
    const before = await ds.query(`SELECT count(*)::int AS n FROM channel_slots WHERE "companyId" = $1`, [
      company.companyId,
    ]);
    for (const path of ['/setExpirationDate', '/getQR', '/getChannelStatus', '/logoutSlot']) {
      const res = await post(path, company.token, { channelId: UNKNOWN });
      expect(res.status, path).toBe(400);
      expect(res.body, path).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'channelId',
        userMessage: 'El canal no existe.',
      });
    }
    expect(graph.requests).toHaveLength(0);
    const after = await ds.query(`SELECT count(*)::int AS n FROM channel_slots WHERE "companyId" = $1`, [
      company.companyId,
    ]);
    expect(after).toEqual(before);
  });

  it('answers VALIDATION_ERROR on id for every channel mutation, changing nothing', async () => {
    const company = await freshCompany();
    for (const mutation of [
      `activateChannel(id: $id) { id }`,
      `deactivateChannel(id: $id) { id }`,
      `setChannelChatbot(id: $id, useChatbot: false) { id }`,
      `renameChannel(id: $id, name: "Nuevo nombre") { id }`,
    ]) {
      const res = await gql(t, company.token, `mutation($id: Int!) { ${mutation} }`, { id: UNKNOWN });
      expect(res.errors?.[0].extensions, mutation).toMatchObject({
        code: 'VALIDATION_ERROR',
        status: 400,
        field: 'id',
        userMessage: 'El canal no existe.',
      });
    }
    expect(await channelRow(company.channelId)).toMatchObject({
      name: 'Línea de prueba',
      isActive: true,
      useChatbot: false,
    });
  });
});
