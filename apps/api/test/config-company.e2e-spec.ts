import { DEFAULT_COMPANY_SETTINGS } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany } from './helpers';
import { type InboxTestApp, newWhatsappConversation, startInboxTestApp } from './inbox-helpers';
import { nextEvent, openSocket } from './socket-helpers';

let t: InboxTestApp;
let admin: string;
let agente: string;
let otra: string;
const run = String(Date.now()).slice(-6);
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startInboxTestApp();
  [admin, agente, otra] = await Promise.all([
    login(t, 'admin@demo.local'),
    login(t, 'agente@demo.local'),
    login(t, 'admin@otra.local'),
  ]);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function connect(token: string): Promise<Socket> {
  return openSocket(t.baseUrl, token, sockets);
}

function next<T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean,
  timeoutMs = 3000,
): Promise<T> {
  return nextEvent<T>(socket, event, timeoutMs, match);
}

const SETTINGS_FIELDS = Object.keys(DEFAULT_COMPANY_SETTINGS).join(' ');
const SETTINGS = `{ companySettings { ${SETTINGS_FIELDS} } }`;
const UPDATE_SETTINGS = `mutation($input: CompanySettingsInput!) { updateCompanySettings(input: $input) { ${SETTINGS_FIELDS} } }`;
const UPDATE_PROFILE = `mutation($input: CompanyProfileInput!) { updateCompanyProfile(input: $input) { id name timezone } }`;

type Settings = typeof DEFAULT_COMPANY_SETTINGS;

describe('company settings (02 §3, §4)', () => {
  it('reads the defaults, changes only the flags sent, and turning off the bot after a day turns off its auto-assign', async () => {
    const company = await registerCompany(t, 'ajustes');
    const read = await gql<{ companySettings: Settings }>(t, company.token, SETTINGS);
    expect(read.data?.companySettings).toEqual(DEFAULT_COMPANY_SETTINGS);

    const on = await gql<{ updateCompanySettings: Settings }>(t, company.token, UPDATE_SETTINGS, {
      input: { isBotActiveAfterDay: true, isBotAutoAssignActiveAfterDay: true, automaticAssignment: true },
    });
    expect(on.errors).toBeUndefined();
    expect(on.data?.updateCompanySettings).toEqual({
      ...DEFAULT_COMPANY_SETTINGS,
      isBotActiveAfterDay: true,
      isBotAutoAssignActiveAfterDay: true,
      automaticAssignment: true,
    });

    const off = await gql<{ updateCompanySettings: Settings }>(t, company.token, UPDATE_SETTINGS, {
      input: { isBotActiveAfterDay: false },
    });
    expect(off.data?.updateCompanySettings).toMatchObject({
      isBotActiveAfterDay: false,
      isBotAutoAssignActiveAfterDay: false,
      automaticAssignment: true,
    });
    const stored = await t.ds.query(
      `SELECT c.settings FROM companies c JOIN users u ON u."companyId" = c.id WHERE u.email = $1`,
      [company.email],
    );
    expect(stored[0].settings).toMatchObject({
      isBotActiveAfterDay: false,
      isBotAutoAssignActiveAfterDay: false,
    });
  });

  it('shows the welcome, agent-name and return-to-inbox settings on the company too (02 §3 Company)', async () => {
    const company = await registerCompany(t, 'ajustes');
    const ME = `{ me { company { isWelcomeMessageActive isAgentNameInMessageActive canReturnInboxConversation } } }`;
    const before = await gql<{ me: { company: Record<string, boolean> } }>(t, company.token, ME);
    expect(before.data?.me.company).toEqual({
      isWelcomeMessageActive: DEFAULT_COMPANY_SETTINGS.isWelcomeMessageActive,
      isAgentNameInMessageActive: DEFAULT_COMPANY_SETTINGS.isAgentNameInMessageActive,
      canReturnInboxConversation: DEFAULT_COMPANY_SETTINGS.canReturnInboxConversation,
    });
    const changed = {
      isWelcomeMessageActive: !DEFAULT_COMPANY_SETTINGS.isWelcomeMessageActive,
      isAgentNameInMessageActive: !DEFAULT_COMPANY_SETTINGS.isAgentNameInMessageActive,
      canReturnInboxConversation: !DEFAULT_COMPANY_SETTINGS.canReturnInboxConversation,
    };
    const update = await gql(t, company.token, UPDATE_SETTINGS, { input: changed });
    expect(update.errors).toBeUndefined();
    const after = await gql<{ me: { company: Record<string, boolean> } }>(t, company.token, ME);
    expect(after.data?.me.company).toEqual(changed);
  });

  it('refuses auto-assign after a day without the bot after a day, changing nothing', async () => {
    const company = await registerCompany(t, 'ajustes');
    const refused = await gql(t, company.token, UPDATE_SETTINGS, {
      input: { isBotAutoAssignActiveAfterDay: true, automaticAssignment: true },
    });
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'isBotAutoAssignActiveAfterDay',
    });
    const read = await gql<{ companySettings: Settings }>(t, company.token, SETTINGS);
    expect(read.data?.companySettings).toEqual(DEFAULT_COMPANY_SETTINGS);
    const notBoolean = await gql(t, company.token, UPDATE_SETTINGS, { input: { automaticAssignment: 'sí' } });
    expect(notBoolean.errors).toBeDefined();
  });

  it('is read with readCompany or writeCompany and changed only with writeCompany', async () => {
    const read = await gql(t, agente, SETTINGS);
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const write = await gql(t, agente, UPDATE_SETTINGS, { input: { automaticAssignment: true } });
    expect(write.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const profile = await gql(t, agente, UPDATE_PROFILE, { input: { timezone: 'America/Lima' } });
    expect(profile.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('renames the company and changes its time zone; a taken name or an unknown zone is refused', async () => {
    const company = await registerCompany(t, 'perfil');
    const socket = await connect(company.token);
    const reload = next<{ reason: string }>(socket, 'updateUserData', (p) => p.reason === 'company');
    const renamed = await gql<{ updateCompanyProfile: { name: string; timezone: string } }>(
      t,
      company.token,
      UPDATE_PROFILE,
      { input: { name: `  Mi   negocio ${run} `, timezone: 'America/Argentina/Buenos_Aires' } },
    );
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateCompanyProfile).toMatchObject({
      name: `Mi negocio ${run}`,
      timezone: 'America/Argentina/Buenos_Aires',
    });
    await reload;
    const me = await gql<{ me: { company: { name: string; timezone: string } } }>(
      t,
      company.token,
      '{ me { company { name timezone } } }',
    );
    expect(me.data?.me.company).toEqual({
      name: `Mi negocio ${run}`,
      timezone: 'America/Argentina/Buenos_Aires',
    });

    const [{ name: otraName }] = await t.ds.query(
      `SELECT c.name FROM companies c JOIN users u ON u."companyId" = c.id WHERE u.email = 'admin@otra.local'`,
    );
    const taken = await gql(t, company.token, UPDATE_PROFILE, { input: { name: otraName.toUpperCase() } });
    expect(taken.errors?.[0]?.extensions).toMatchObject({ code: 'COMPANY_ALREADY_EXISTS', field: 'name' });
    const empty = await gql(t, company.token, UPDATE_PROFILE, { input: { name: '   ' } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({
      field: 'name',
      userMessage: 'Compañia obligatoria',
    });
    const zone = await gql(t, company.token, UPDATE_PROFILE, { input: { timezone: 'Marte/Olympus' } });
    expect(zone.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'timezone' });
    const after = await gql<{ me: { company: { name: string; timezone: string } } }>(
      t,
      company.token,
      '{ me { company { name timezone } } }',
    );
    expect(after.data?.me.company).toEqual(me.data?.me.company);
  });
});

const LOCATIONS = `{ locations { id name userCount } }`;
const CREATE_LOCATION = `mutation($input: LocationInput!) { createLocation(input: $input) { id name userCount } }`;
const UPDATE_LOCATION = `mutation($id: Int!, $input: LocationInput!) { updateLocation(id: $id, input: $input) { id name } }`;
const DELETE_LOCATION = `mutation($id: Int!) { deleteLocation(id: $id) }`;

describe('locations (02 §3)', () => {
  it('creates, renames and deletes; names are unique per company, case and spacing aside', async () => {
    const created = await gql<{ createLocation: { id: number; name: string; userCount: number } }>(
      t,
      admin,
      CREATE_LOCATION,
      { input: { name: ` Sucursal   Norte ${run}` } },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createLocation).toMatchObject({ name: `Sucursal Norte ${run}`, userCount: 0 });
    const id = created.data?.createLocation.id as number;

    const dup = await gql(t, admin, CREATE_LOCATION, { input: { name: `SUCURSAL NORTE ${run}` } });
    expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
    const empty = await gql(t, admin, CREATE_LOCATION, { input: { name: '  ' } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ field: 'name', userMessage: 'Nombre obligatorio' });
    // Another company may use the same name.
    const elsewhere = await gql(t, otra, CREATE_LOCATION, { input: { name: `Sucursal Norte ${run}` } });
    expect(elsewhere.errors).toBeUndefined();

    const renamed = await gql<{ updateLocation: { name: string } }>(t, admin, UPDATE_LOCATION, {
      id,
      input: { name: `Sucursal Sur ${run}` },
    });
    expect(renamed.data?.updateLocation.name).toBe(`Sucursal Sur ${run}`);
    const list = await gql<{ locations: Array<{ id: number; name: string }> }>(t, admin, LOCATIONS);
    expect(list.data?.locations.find((l) => l.id === id)?.name).toBe(`Sucursal Sur ${run}`);
    // 02 §3 Location {id, name, company}.
    const owned = await gql<{
      locations: Array<{ id: number; companyId: number }>;
      me: { company: { id: number } };
    }>(t, admin, '{ locations { id companyId } me { company { id } } }');
    expect(owned.data?.locations.find((l) => l.id === id)?.companyId).toBe(owned.data?.me.company.id);

    // A user at the location keeps working there… until the location goes: then they have none.
    const [{ id: userId, locationId: before }] = await t.ds.query(
      `SELECT id, "locationId" FROM users WHERE email = 'agente@demo.local'`,
    );
    await t.ds.query(`UPDATE users SET "locationId" = $2 WHERE id = $1`, [userId, id]);
    try {
      const counted = await gql<{ locations: Array<{ id: number; userCount: number }> }>(t, admin, LOCATIONS);
      expect(counted.data?.locations.find((l) => l.id === id)?.userCount).toBe(1);
      const deleted = await gql<{ deleteLocation: boolean }>(t, admin, DELETE_LOCATION, { id });
      expect(deleted.data?.deleteLocation).toBe(true);
      const [user] = await t.ds.query(`SELECT "locationId" FROM users WHERE id = $1`, [userId]);
      expect(user.locationId).toBeNull();
      expect(await t.ds.query(`SELECT 1 FROM locations WHERE id = $1`, [id])).toHaveLength(0);
    } finally {
      await t.ds.query(`UPDATE users SET "locationId" = $2 WHERE id = $1`, [userId, before]);
    }
  });

  it('refuses another company’s location and users without writeCompany, changing nothing', async () => {
    const created = await gql<{ createLocation: { id: number } }>(t, admin, CREATE_LOCATION, {
      input: { name: `Propia ${run}` },
    });
    const id = created.data?.createLocation.id as number;
    const foreignEdit = await gql(t, otra, UPDATE_LOCATION, { id, input: { name: 'Robada' } });
    expect(foreignEdit.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    const foreignDelete = await gql(t, otra, DELETE_LOCATION, { id });
    expect(foreignDelete.errors?.[0]?.extensions?.field).toBe('id');
    const foreignList = await gql<{ locations: Array<{ id: number }> }>(t, otra, LOCATIONS);
    expect(foreignList.data?.locations.some((l) => l.id === id)).toBe(false);
    const denied = await gql(t, agente, CREATE_LOCATION, { input: { name: `Agente ${run}` } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const [row] = await t.ds.query(`SELECT name FROM locations WHERE id = $1`, [id]);
    expect(row.name).toBe(`Propia ${run}`);
  });
});

const CATEGORIES = `{ categories { id name } }`;
const CREATE_CATEGORY = `mutation($input: CategoryInput!) { createCategory(input: $input) { id name } }`;
const UPDATE_CATEGORY = `mutation($id: Int!, $input: CategoryInput!) { updateCategory(id: $id, input: $input) { id name } }`;
const DELETE_CATEGORY = `mutation($id: Int!) { deleteCategory(id: $id) }`;
const SET_CATEGORY = `mutation($clientId: Int!, $categoryId: Int) { setConversationCategory(clientId: $clientId, categoryId: $categoryId) { id category { id name } } }`;

describe('categories (02 §3)', () => {
  it('creates, renames and deletes; open inboxes see the conversation’s category change', async () => {
    const created = await gql<{ createCategory: { id: number; name: string } }>(t, admin, CREATE_CATEGORY, {
      input: { name: `Prospecto ${run}` },
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.createCategory.id as number;
    const dup = await gql(t, admin, CREATE_CATEGORY, { input: { name: `prospecto  ${run}` } });
    expect(dup.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'name' });
    // The agent's inbox picker reads the same list.
    const picker = await gql<{ categories: Array<{ id: number }> }>(t, agente, CATEGORIES);
    expect(picker.data?.categories.some((c) => c.id === id)).toBe(true);

    const clientId = await newWhatsappConversation(t);
    const set = await gql(t, admin, SET_CATEGORY, { clientId, categoryId: id });
    expect(set.errors).toBeUndefined();
    const socket = await connect(admin);

    const renamedEvent = next<{ client: { id: number; category: { name: string } | null } }>(
      socket,
      'openClient',
      (p) => p.client.id === clientId,
    );
    const renamed = await gql<{ updateCategory: { name: string } }>(t, admin, UPDATE_CATEGORY, {
      id,
      input: { name: `Cliente ${run}` },
    });
    expect(renamed.data?.updateCategory.name).toBe(`Cliente ${run}`);
    expect((await renamedEvent).client.category?.name).toBe(`Cliente ${run}`);

    const deletedEvent = next<{ client: { id: number; category: unknown } }>(
      socket,
      'openClient',
      (p) => p.client.id === clientId,
    );
    const deleted = await gql<{ deleteCategory: boolean }>(t, admin, DELETE_CATEGORY, { id });
    expect(deleted.data?.deleteCategory).toBe(true);
    expect((await deletedEvent).client.category).toBeNull();
    const [client] = await t.ds.query(`SELECT "categoryId" FROM clients WHERE id = $1`, [clientId]);
    expect(client.categoryId).toBeNull();
    const after = await gql<{ categories: Array<{ id: number }> }>(t, admin, CATEGORIES);
    expect(after.data?.categories.some((c) => c.id === id)).toBe(false);
  });

  it('refuses another company’s category and users without writeCompany', async () => {
    const created = await gql<{ createCategory: { id: number } }>(t, admin, CREATE_CATEGORY, {
      input: { name: `Fija ${run}` },
    });
    const id = created.data?.createCategory.id as number;
    const foreign = await gql(t, otra, DELETE_CATEGORY, { id });
    expect(foreign.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    const foreignRename = await gql(t, otra, UPDATE_CATEGORY, { id, input: { name: 'Robada' } });
    expect(foreignRename.errors?.[0]?.extensions?.field).toBe('id');
    const denied = await gql(t, agente, UPDATE_CATEGORY, { id, input: { name: 'Del agente' } });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const empty = await gql(t, admin, UPDATE_CATEGORY, { id, input: { name: ' ' } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ field: 'name', userMessage: 'Nombre obligatorio' });
    const [row] = await t.ds.query(`SELECT name FROM categories WHERE id = $1`, [id]);
    expect(row.name).toBe(`Fija ${run}`);
    await gql(t, admin, DELETE_CATEGORY, { id });
  });
});
