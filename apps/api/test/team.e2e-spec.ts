import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { timeZoneOffset } from '@crm/shared';
import type { Socket } from 'socket.io-client';
import type request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let admin: string;
let agente: string;
let otra: string;
let demoCompanyId: number;
let demoSpaceId: number;
let agenteRoleId: number;
let adminRoleId: number;
let otraSpaceId: number;
let otraRoleId: number;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const WEEK = (start = '09:00', end = '18:00') =>
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => ({
    day,
    isActive: day !== 'saturday' && day !== 'sunday',
    start,
    end,
  }));

const TEAM_FIELDS = `id name email phone imageUrl isAvailable isAdminOfIds createdAt rol { id name } spaces { id name }
  workingHours { timezone isActive days { day isActive start end } } location { id name } categories { id name }
  canManage`;

beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  admin = await login(t, 'admin@demo.local');
  agente = await login(t, 'agente@demo.local');
  otra = await login(t, 'admin@otra.local');
  const [demo] = await ds.query(
    `SELECT u."companyId", s.id AS "spaceId" FROM users u JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault"
      WHERE u.email = 'admin@demo.local'`,
  );
  demoCompanyId = demo.companyId;
  demoSpaceId = demo.spaceId;
  const roles = await ds.query(`SELECT id, name FROM roles WHERE "companyId" = $1`, [demoCompanyId]);
  agenteRoleId = roles.find((r: { name: string }) => r.name === 'agente').id;
  adminRoleId = roles.find((r: { name: string }) => r.name === 'admin').id;
  const [o] = await ds.query(
    `SELECT s.id AS "spaceId", r.id AS "roleId" FROM users u
       JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault"
       JOIN roles r ON r."companyId" = u."companyId" AND r.name = 'agente'
      WHERE u.email = 'admin@otra.local'`,
  );
  otraSpaceId = o.spaceId;
  otraRoleId = o.roleId;
});

afterAll(async () => {
  await ds.query(`DELETE FROM users WHERE email LIKE '%@team.test'`);
  await t.close();
});

let seq = 0;
function email(prefix = 'agente'): string {
  seq += 1;
  return `${prefix}.${process.pid}.${Date.now() % 1_000_000}.${seq}@team.test`;
}

function send(
  method: 'post' | 'put',
  path: string,
  token: string,
  fields: Record<string, string>,
  file?: { content: Buffer; name: string },
): request.Test {
  const req = t.http[method](`/api${path}`).set('Authorization', `Bearer ${token}`);
  for (const [key, value] of Object.entries(fields)) req.field(key, value);
  if (file) req.attach('file', file.content, file.name);
  return req;
}

function agentFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: 'Laura Ventas',
    email: email(),
    phone: '5215512345678',
    rolId: String(agenteRoleId),
    password: 'Segura123',
    spacesIds: JSON.stringify([demoSpaceId]),
    ...overrides,
  };
}

async function userCount(): Promise<number> {
  const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM users`);
  return n;
}

describe('POST /api/user', () => {
  it('creates an agent with working hours and a photo, who then signs in and sees only the agent screens', async () => {
    const fields = agentFields({
      email: email().toUpperCase(),
      userWorkingHours: JSON.stringify({
        timezone: 'America/Bogota',
        isActive: true,
        days: [...WEEK()].reverse(),
      }),
    });
    const res = await send('post', '/user', admin, fields, { content: PNG, name: 'foto.png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Laura Ventas',
      email: fields.email.toLowerCase(),
      phone: '5215512345678',
      isAvailable: true,
      rol: { id: agenteRoleId, name: 'agente' },
      spaces: [{ id: demoSpaceId }],
      isAdminOfIds: [],
    });
    expect(res.body.imageUrl).toMatch(/\/uploads\/.+\.png$/);
    expect(res.body.workingHours.timezone).toBe('America/Bogota');
    expect(res.body.workingHours.days.map((d: { day: string }) => d.day)).toEqual([
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
      'sunday',
    ]);
    const [stored] = await ds.query(`SELECT "passwordHash", "selectedSpaceId" FROM users WHERE id = $1`, [
      res.body.id,
    ]);
    expect(stored.passwordHash).not.toContain('Segura123');
    expect(stored.selectedSpaceId).toBe(demoSpaceId);

    const token = await login(t, fields.email.toLowerCase(), 'Segura123');
    const me = await gql<{ me: { rol: { name: string }; permissions: Record<string, boolean> } }>(
      t,
      token,
      '{ me { rol { name } permissions } }',
    );
    expect(me.data?.me.rol.name).toBe('agente');
    expect(me.data?.me.permissions.readUsers).toBe(false);

    const list = await gql<{ teamUsers: Array<{ id: number; workingHours: { isActive: boolean } | null }> }>(
      t,
      admin,
      `{ teamUsers { ${TEAM_FIELDS} } }`,
    );
    const listed = list.data?.teamUsers.find((u) => u.id === res.body.id);
    expect(listed?.workingHours?.isActive).toBe(true);
    const one = await gql<{ teamUser: { email: string } }>(
      t,
      admin,
      `query($id: Int!) { teamUser(id: $id) { email } }`,
      {
        id: res.body.id,
      },
    );
    expect(one.data?.teamUser.email).toBe(fields.email.toLowerCase());
  });

  it.each([
    [{ name: '' }, 'name', 'Nombre obligatorio'],
    [{ name: 'Laura <script>' }, 'name', 'No puede contener caracteres especiales'],
    [{ email: 'no-es-correo' }, 'email', 'Correo invalido'],
    [{ phone: '55-12' }, 'phone', 'Solo puede contener números'],
    [{ rolId: '' }, 'rolId', 'Selecciona un rol'],
    [{ password: 'corta1' }, 'password', 'la contraseña debe contener al menos 8 caracteres'],
    [{ password: '' }, 'password', 'Contraseña obligatoria'],
    // 01 §5: at least 8 characters and one number.
    [{ password: 'sinnumeros' }, 'password', 'La contraseña debe contener al menos un número'],
    [{ spacesIds: 'no-json' }, 'spacesIds', 'Lista inválida'],
    [{ rolId: '999999' }, 'rolId', 'El rol no existe'],
    [{ spacesIds: '[999999]' }, 'spacesIds', 'El espacio no existe'],
    [{ isAdminOfIds: '[999999]' }, 'isAdminOfIds', 'El usuario no existe'],
    [
      { userWorkingHours: '{"timezone":"Luna/Base","isActive":true,"days":[]}' },
      'userWorkingHours',
      'Zona horaria inválida',
    ],
    [
      {
        userWorkingHours: JSON.stringify({
          timezone: 'America/Lima',
          isActive: true,
          days: WEEK('18:00', '09:00'),
        }),
      },
      'userWorkingHours',
      'La hora de salida debe ser posterior a la de entrada',
    ],
    [
      {
        userWorkingHours: JSON.stringify({
          timezone: 'America/Lima',
          isActive: true,
          days: WEEK().map((d) => ({ ...d, isActive: false })),
        }),
      },
      'userWorkingHours',
      'Selecciona al menos un día laboral',
    ],
  ])('refuses %j with a 400 naming %s, and creates nothing', async (override, field, message) => {
    const before = await userCount();
    const res = await send('post', '/user', admin, agentFields(override as Record<string, string>));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field, userMessage: message });
    expect(await userCount()).toBe(before);
  });

  it('asks for at least one space (SHOULD_SELECT_AT_LEAST_ONE_SPACE)', async () => {
    const res = await send('post', '/user', admin, agentFields({ spacesIds: '[]' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'SHOULD_SELECT_AT_LEAST_ONE_SPACE', field: 'spacesIds' });
  });

  it('refuses a photo that is not an image, whatever its name says', async () => {
    const before = await userCount();
    const res = await send('post', '/user', admin, agentFields(), {
      content: Buffer.from('%PDF-1.4 hola'),
      name: 'foto.png',
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('file');
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail that any user of the product already has (USER_WITH_SAME_EMAIL)', async () => {
    for (const taken of ['agente@demo.local', 'ADMIN@otra.local']) {
      const res = await send('post', '/user', admin, agentFields({ email: taken }));
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'USER_WITH_SAME_EMAIL', field: 'email' });
    }
  });

  it('refuses an agent without writeUsers', async () => {
    expect((await send('post', '/user', agente, agentFields())).status).toBe(403);
    expect((await t.http.post('/api/user').field('name', 'x')).status).toBe(401);
    const list = await gql(t, agente, '{ teamUsers { id } }');
    expect(list.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });

  it('only a superadmin gives the superadmin role', async () => {
    const [role] = await ds.query(`SELECT id FROM roles WHERE "companyId" = $1 AND name = 'superadmin'`, [
      demoCompanyId,
    ]);
    const res = await send('post', '/user', admin, agentFields({ rolId: String(role.id) }));
    expect(res.status).toBe(403);
  });
});

describe('plan limits', () => {
  async function limitedCompany(usersLimit: number, adminsLimit: number) {
    const owner = await registerCompany(t, 'equipo');
    const [row] = await ds.query(
      `SELECT u."companyId", s.id AS "spaceId" FROM users u
         JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault" WHERE u.email = $1`,
      [owner.email],
    );
    await ds.query(`UPDATE companies SET "usersLimit" = $2, "adminsLimit" = $3 WHERE id = $1`, [
      row.companyId,
      usersLimit,
      adminsLimit,
    ]);
    const roles: Array<{ id: number; name: string }> = await ds.query(
      `SELECT id, name FROM roles WHERE "companyId" = $1`,
      [row.companyId],
    );
    const roleId = (name: string) => String(roles.find((r) => r.name === name)?.id);
    const fields = (role: string) => ({
      name: 'Persona Equipo',
      email: email(role),
      rolId: roleId(role),
      password: 'Segura123',
      spacesIds: JSON.stringify([row.spaceId]),
    });
    return { token: owner.token, companyId: row.companyId as number, fields };
  }

  it('counts users and admins and refuses the seat beyond each limit', async () => {
    const c = await limitedCompany(2, 1);
    const limits = await gql<{ teamLimits: Record<string, number | null> }>(
      t,
      c.token,
      '{ teamLimits { users admins usersLimit adminsLimit } }',
    );
    expect(limits.data?.teamLimits).toEqual({ users: 1, admins: 1, usersLimit: 2, adminsLimit: 1 });

    const admin2 = await send('post', '/user', c.token, c.fields('admin'));
    expect(admin2.status).toBe(400);
    expect(admin2.body.code).toBe('REACH_ADMINS_LIMIT_ERROR');

    const agent = await send('post', '/user', c.token, c.fields('agente'));
    expect(agent.status).toBe(201);
    const third = await send('post', '/user', c.token, c.fields('agente'));
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({
      code: 'REACH_USERS_LIMIT_ERROR',
      userMessage: 'Alcanzaste el límite de usuarios de tu plan.',
    });

    // An edit that keeps the seat kind fits; one that makes the agent an admin does not.
    const rename = await send('put', '/user', c.token, { id: String(agent.body.id), name: 'Otro Nombre' });
    expect(rename.status).toBe(200);
    const promote = await send('put', '/user', c.token, {
      id: String(agent.body.id),
      rolId: c.fields('admin').rolId,
    });
    expect(promote.status).toBe(400);
    expect(promote.body.code).toBe('REACH_ADMINS_LIMIT_ERROR');
  });

  it('gives the last seat to exactly one of several creations at the same moment', async () => {
    const c = await limitedCompany(3, 1);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => send('post', '/user', c.token, c.fields('agente'))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.body.code === 'REACH_USERS_LIMIT_ERROR')).toHaveLength(4);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM users WHERE "companyId" = $1`, [
      c.companyId,
    ]);
    expect(n).toBe(3);
  });
});

describe('PUT /api/user', () => {
  async function createAgent(extra: Record<string, string> = {}): Promise<{ id: number; email: string }> {
    const fields = agentFields(extra);
    const res = await send('post', '/user', admin, fields);
    expect(res.status).toBe(201);
    return { id: res.body.id, email: fields.email };
  }

  it('changes fields, keeps the password when it is left empty, and ends sessions when it is set', async () => {
    const agent = await createAgent();
    const before = await login(t, agent.email, 'Segura123');
    const kept = await send('put', '/user', admin, {
      id: String(agent.id),
      name: 'Nombre Nuevo',
      password: '',
      phone: '',
      userWorkingHours: JSON.stringify({ timezone: 'America/Santiago', isActive: false, days: WEEK() }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({
      name: 'Nombre Nuevo',
      phone: null,
      workingHours: { timezone: 'America/Santiago' },
    });
    expect((await gql(t, before, '{ me { id } }')).data).not.toBeNull();
    await login(t, agent.email, 'Segura123');

    const changed = await send('put', '/user', admin, { id: String(agent.id), password: 'NuevaClave9' });
    expect(changed.status).toBe(200);
    expect((await gql(t, before, '{ me { id } }')).errors?.[0].extensions.code).toBe('INVALID_TOKEN');
    await login(t, agent.email, 'NuevaClave9');
    // The admin's own session is untouched.
    expect((await gql(t, admin, '{ me { id } }')).data).not.toBeNull();
  });

  it('moves the selected space when the user leaves it, and sets whom a group admin administers', async () => {
    const agent = await createAgent();
    const [space] = await ds.query(
      `INSERT INTO spaces ("companyId", name, "isDefault") VALUES ($1, $2, false) RETURNING id`,
      [demoCompanyId, `Equipo ${Date.now()}-${seq}`],
    );
    const moved = await send('put', '/user', admin, {
      id: String(agent.id),
      spacesIds: JSON.stringify([space.id]),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.spaces.map((s: { id: number }) => s.id)).toEqual([space.id]);
    const [row] = await ds.query(`SELECT "selectedSpaceId" FROM users WHERE id = $1`, [agent.id]);
    expect(row.selectedSpaceId).toBe(space.id);

    const supervisor = await createAgent({ isAdminOfIds: JSON.stringify([agent.id]) });
    const [sup] = await ds.query(`SELECT "isAdminOfIds" FROM users WHERE id = $1`, [supervisor.id]);
    expect(sup.isAdminOfIds).toEqual([agent.id]);
    const self = await send('put', '/user', admin, {
      id: String(supervisor.id),
      isAdminOfIds: JSON.stringify([supervisor.id]),
    });
    expect(self.status).toBe(400);
    expect(self.body.field).toBe('isAdminOfIds');
    await ds.query(`DELETE FROM spaces WHERE id = $1`, [space.id]);
  });

  it('refuses a taken e-mail, the superadmin from an admin, and a user of another company', async () => {
    const agent = await createAgent();
    const taken = await send('put', '/user', admin, { id: String(agent.id), email: 'groupadmin@demo.local' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('USER_WITH_SAME_EMAIL');
    const [superadmin] = await ds.query(`SELECT id FROM users WHERE email = 'superadmin@demo.local'`);
    expect((await send('put', '/user', admin, { id: String(superadmin.id), name: 'Otro' })).status).toBe(403);
    // Another company's user reads exactly as one that does not exist.
    const foreign = await send('put', '/user', otra, { id: String(agent.id), name: 'Otro' });
    const missing = await send('put', '/user', admin, { id: '99999999', name: 'Otro' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.any(String),
      userMessage: 'El usuario no existe',
      field: 'id',
      fields: { id: 'El usuario no existe' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toEqual(missing.body);
    const [row] = await ds.query(`SELECT name FROM users WHERE id = $1`, [agent.id]);
    expect(row.name).toBe('Laura Ventas');
    const badId = await send('put', '/user', admin, { id: 'abc' });
    expect(badId.status).toBe(400);
    expect(badId.body.field).toBe('id');
  });

  it('a superadmin keeps the superadmin role', async () => {
    const superadmin = await login(t, 'superadmin@demo.local');
    const [me] = await ds.query(`SELECT id FROM users WHERE email = 'superadmin@demo.local'`);
    const res = await send('put', '/user', superadmin, { id: String(me.id), rolId: String(adminRoleId) });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('rolId');
  });
});

describe('PUT /api/deleteUser', () => {
  it('deletes an agent: their conversations return to the pool, nobody administers them, their session ends', async () => {
    const fields = agentFields();
    const created = await send('post', '/user', admin, fields);
    const id = created.body.id as number;
    const token = await login(t, fields.email, 'Segura123');
    const [client] = await ds.query(`SELECT id FROM clients WHERE "companyId" = $1 ORDER BY id LIMIT 1`, [
      demoCompanyId,
    ]);
    const [previous] = await ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [client.id]);
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [client.id, id]);
    await ds.query(
      `UPDATE users SET "isAdminOfIds" = array_append("isAdminOfIds", $1) WHERE email = 'groupadmin@demo.local'`,
      [id],
    );
    const [groupadmin] = await ds.query(`SELECT id FROM users WHERE email = 'groupadmin@demo.local'`);

    const res = await t.http.put('/api/deleteUser').set('Authorization', `Bearer ${admin}`).send({ id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, deleted: true });
    expect(await ds.query(`SELECT 1 FROM users WHERE id = $1`, [id])).toHaveLength(0);
    const [after] = await ds.query(`SELECT "agentId" FROM clients WHERE id = $1`, [client.id]);
    expect(after.agentId).toBeNull();
    const [ga] = await ds.query(`SELECT "isAdminOfIds" FROM users WHERE id = $1`, [groupadmin.id]);
    expect(ga.isAdminOfIds).not.toContain(id);
    expect((await gql(t, token, '{ me { id } }')).errors?.[0].extensions.code).toBe('INVALID_TOKEN');
    const relogin = await t.http.post('/api/loginDash').send({ email: fields.email, password: 'Segura123' });
    expect(relogin.status).not.toBe(200);
    await ds.query(`UPDATE clients SET "agentId" = $2 WHERE id = $1`, [client.id, previous.agentId]);
    // The e-mail is free again.
    expect((await send('post', '/user', admin, { ...fields, email: fields.email })).status).toBe(201);
  });

  it('never deletes the superadmin, oneself, or a user of another company', async () => {
    const [superadmin] = await ds.query(`SELECT id FROM users WHERE email = 'superadmin@demo.local'`);
    const res = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: superadmin.id });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'SUPERADMIN_CANNOT_BE_DELETED',
      userMessage: 'El superadministrador no se puede eliminar.',
    });
    const [me] = await ds.query(`SELECT id FROM users WHERE email = 'admin@demo.local'`);
    expect(
      (await t.http.put('/api/deleteUser').set('Authorization', `Bearer ${admin}`).send({ id: me.id }))
        .status,
    ).toBe(400);
    const [other] = await ds.query(`SELECT id FROM users WHERE email = 'admin@otra.local'`);
    const foreign = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: other.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'id',
      userMessage: 'El usuario no existe',
    });
    expect(await ds.query(`SELECT 1 FROM users WHERE id = $1`, [other.id])).toHaveLength(1);
    expect(
      (await t.http.put('/api/deleteUser').set('Authorization', `Bearer ${agente}`).send({ id: 1 })).status,
    ).toBe(403);
    const bad = await t.http.put('/api/deleteUser').set('Authorization', `Bearer ${admin}`).send({ id: 'x' });
    expect(bad.status).toBe(400);
    expect(await ds.query(`SELECT 1 FROM users WHERE id = $1`, [superadmin.id])).toHaveLength(1);
  });
});

describe('availability and form options', () => {
  it('an admin switches an agent unavailable; the form lists roles, spaces and the company time zone', async () => {
    const [agent] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
    const off = await gql<{ updateUserAvailability: { isAvailable: boolean } }>(
      t,
      admin,
      'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: false) { isAvailable } }',
      { id: agent.id },
    );
    expect(off.data?.updateUserAvailability.isAvailable).toBe(false);
    await gql(t, admin, 'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: true) { id } }', {
      id: agent.id,
    });
    const denied = await gql(
      t,
      agente,
      'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: false) { id } }',
      { id: agent.id },
    );
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    const [other] = await ds.query(`SELECT id FROM users WHERE email = 'admin@otra.local'`);
    const cross = await gql(
      t,
      admin,
      'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: false) { id } }',
      {
        id: other.id,
      },
    );
    expect(cross.errors?.[0].extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    const [stillAvailable] = await ds.query(`SELECT "isAvailable" FROM users WHERE id = $1`, [other.id]);
    expect(stillAvailable.isAvailable).toBe(true);

    const options = await gql<{
      teamFormOptions: { roles: Array<{ name: string }>; spaces: Array<{ id: number }>; timezone: string };
    }>(t, admin, '{ teamFormOptions { roles { id name } spaces { id name } timezone } }');
    expect(options.data?.teamFormOptions.roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['admin', 'agente', 'groupadmin']),
    );
    // Only a superadmin is offered the superadmin role.
    expect(options.data?.teamFormOptions.roles.map((r) => r.name)).not.toContain('superadmin');
    const bySuperadmin = await gql<{ teamFormOptions: { roles: Array<{ name: string }> } }>(
      t,
      await login(t, 'superadmin@demo.local'),
      '{ teamFormOptions { roles { name } } }',
    );
    expect(bySuperadmin.data?.teamFormOptions.roles.map((r) => r.name)).toContain('superadmin');
    expect(options.data?.teamFormOptions.spaces.map((s) => s.id)).toContain(demoSpaceId);
    expect(options.data?.teamFormOptions.timezone).toBe('America/Mexico_City');
  });
});

describe('JSON bodies and odd values', () => {
  it('takes a JSON body with real arrays and objects as well as the multipart form', async () => {
    const res = await t.http
      .post('/api/user')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Pedro Json',
        email: email('json'),
        rolId: agenteRoleId,
        password: 'Segura123',
        spacesIds: [demoSpaceId],
        isAdminOfIds: [],
        userWorkingHours: { timezone: 'America/Lima', isActive: true, days: WEEK('08:00', '17:30') },
      });
    expect(res.status).toBe(201);
    expect(res.body.workingHours).toMatchObject({
      userId: res.body.id,
      timezone: 'America/Lima',
      isActive: true,
    });
    // 02 §3 User: updatedAt and company {id, name, utcOffsetLabel} besides the fields the form sent.
    const [company] = await ds.query(
      `SELECT c.id, c.name, c.timezone FROM companies c JOIN users u ON u."companyId" = c.id WHERE u.id = $1`,
      [res.body.id],
    );
    expect(res.body.company).toEqual({
      id: company.id,
      name: company.name,
      utcOffsetLabel: timeZoneOffset(company.timezone),
    });
    expect(res.body.company.utcOffsetLabel).toMatch(/^GMT/);
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it.each([
    [{ name: 42 }, 'name'],
    [{ email: ['a@b.co'] }, 'email'],
    [{ rolId: 'abc' }, 'rolId'],
    [{ spacesIds: { id: 1 } }, 'spacesIds'],
    [{ spacesIds: ['x'] }, 'spacesIds'],
    [{ userWorkingHours: 'no-json' }, 'userWorkingHours'],
    [
      { userWorkingHours: { timezone: 'America/Lima', isActive: true, days: [{ day: 'funday' }] } },
      'userWorkingHours',
    ],
  ])('answers %j with a 400 on %s and creates nothing', async (override, field) => {
    const before = await userCount();
    const res = await t.http
      .post('/api/user')
      .set('Authorization', `Bearer ${admin}`)
      .send({
        name: 'Pedro Json',
        email: email('json'),
        rolId: agenteRoleId,
        password: 'Segura123',
        spacesIds: [demoSpaceId],
        ...override,
      });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(typeof res.body.userMessage).toBe('string');
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with a 400', async () => {
    const res = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .set('Content-Type', 'application/json')
      .send('{"id": ');
    expect(res.status).toBe(400);
  });
});

/** Every file stored in the public uploads area of this run. */
function storedUploads(): string[] {
  const root = join(t.app.get<AppConfig>(APP_CONFIG).dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function createdAgent(extra: Record<string, string> = {}): Promise<{ id: number; email: string }> {
  const fields = agentFields(extra);
  const res = await send('post', '/user', admin, fields);
  expect(res.status).toBe(201);
  return { id: res.body.id, email: fields.email };
}

describe('escalation rule: a role or a user with permissions the caller lacks', () => {
  let lead: string;
  let leadId: number;
  let leadRoleId: number;
  let adminUserId: number;
  let adminHash: string;

  beforeAll(async () => {
    // A team lead: writeUsers and everything an agent has, but none of the admin's configuration permissions.
    const role = await gql<{ createRole: { id: number } }>(
      t,
      admin,
      'mutation($input: RoleInput!) { createRole(input: $input) { id } }',
      {
        input: {
          name: `coordinador ${process.pid}`,
          permissions: [
            'agent',
            'readChat',
            'readUsers',
            'writeUsers',
            'readMultimedia',
            'readQuickAnswers',
            'tagConversations',
            'coldBot',
            'followUp',
          ],
        },
      },
    );
    leadRoleId = role.data?.createRole.id as number;
    expect(leadRoleId).toBeGreaterThan(0);
    const lead_ = await createdAgent({ rolId: String(leadRoleId) });
    leadId = lead_.id;
    lead = await login(t, lead_.email, 'Segura123');
    const [row] = await ds.query(`SELECT id, "passwordHash" FROM users WHERE email = 'admin@demo.local'`);
    adminUserId = row.id;
    adminHash = row.passwordHash;
  });

  it('refuses to give the admin role, on create and on edit, and changes nothing', async () => {
    const before = await userCount();
    const created = await send('post', '/user', lead, agentFields({ rolId: String(adminRoleId) }));
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({
      code: 'FORBIDDEN',
      field: 'rolId',
      userMessage: 'No puedes asignar un rol con permisos que tú no tienes.',
    });
    expect(await userCount()).toBe(before);

    const agent = await createdAgent();
    const promoted = await send('put', '/user', lead, { id: String(agent.id), rolId: String(adminRoleId) });
    expect(promoted.status).toBe(403);
    expect(promoted.body.field).toBe('rolId');
    const self = await send('put', '/user', lead, { id: String(leadId), rolId: String(adminRoleId) });
    expect(self.status).toBe(403);
    const roles = await ds.query(`SELECT id, "roleId" FROM users WHERE id = ANY($1) ORDER BY id`, [
      [agent.id, leadId],
    ]);
    expect(roles).toEqual(
      [
        { id: agent.id, roleId: agenteRoleId },
        { id: leadId, roleId: leadRoleId },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it('still gives the roles within its own permissions and edits the users who hold them', async () => {
    const created = await send('post', '/user', lead, agentFields({ rolId: String(leadRoleId) }));
    expect(created.status).toBe(201);
    const edited = await send('put', '/user', lead, {
      id: String(created.body.id),
      rolId: String(agenteRoleId),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.rol.name).toBe('agente');
  });

  it('refuses to edit, reset the password of, switch or delete an admin, and to delete oneself', async () => {
    const edit = await send('put', '/user', lead, { id: String(adminUserId), password: 'Tomada123' });
    expect(edit.status).toBe(403);
    expect(edit.body).toMatchObject({
      code: 'FORBIDDEN',
      userMessage: 'No puedes modificar a un usuario con permisos que tú no tienes.',
    });
    const [after] = await ds.query(`SELECT "passwordHash" FROM users WHERE id = $1`, [adminUserId]);
    expect(after.passwordHash).toBe(adminHash);
    expect((await gql(t, admin, '{ me { id } }')).data).not.toBeNull();

    const removed = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${lead}`)
      .send({ id: adminUserId });
    expect(removed.status).toBe(403);
    expect(removed.body.code).toBe('FORBIDDEN');
    expect(await ds.query(`SELECT 1 FROM users WHERE id = $1`, [adminUserId])).toHaveLength(1);

    const switched = await gql(
      t,
      lead,
      'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: false) { id } }',
      { id: adminUserId },
    );
    expect(switched.errors?.[0].extensions.code).toBe('FORBIDDEN');

    const self = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${lead}`)
      .send({ id: leadId });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ field: 'id', userMessage: 'No puedes eliminar tu propio usuario' });
    expect(await ds.query(`SELECT 1 FROM users WHERE id = $1`, [leadId])).toHaveLength(1);
  });

  it('refuses to make a user it manages the administrator of an admin (it would show them the admin conversations)', async () => {
    const agent = await createdAgent();
    const res = await send('put', '/user', lead, {
      id: String(agent.id),
      isAdminOfIds: JSON.stringify([adminUserId]),
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', field: 'isAdminOfIds' });
    const created = await send(
      'post',
      '/user',
      lead,
      agentFields({ isAdminOfIds: JSON.stringify([adminUserId]) }),
    );
    expect(created.status).toBe(403);
    const [row] = await ds.query(`SELECT "isAdminOfIds" FROM users WHERE id = $1`, [agent.id]);
    expect(row.isAdminOfIds ?? []).toEqual([]);
    // Users it may manage are fine.
    const other = await createdAgent();
    const ok = await send('put', '/user', lead, {
      id: String(agent.id),
      isAdminOfIds: JSON.stringify([other.id]),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.isAdminOfIds).toEqual([other.id]);
  });

  it('is offered only the roles it may give, and sees whom it may manage', async () => {
    const options = await gql<{ teamFormOptions: { roles: Array<{ id: number; name: string }> } }>(
      t,
      lead,
      '{ teamFormOptions { roles { id name } } }',
    );
    const names = options.data?.teamFormOptions.roles.map((r) => r.name) ?? [];
    expect(names).toContain('agente');
    expect(options.data?.teamFormOptions.roles.map((r) => r.id)).toContain(leadRoleId);
    expect(names).not.toContain('admin');
    expect(names).not.toContain('groupadmin');
    expect(names).not.toContain('superadmin');

    const list = await gql<{ teamUsers: Array<{ email: string; canManage: boolean }> }>(
      t,
      lead,
      '{ teamUsers { email canManage } }',
    );
    const manage = (mail: string) => list.data?.teamUsers.find((u) => u.email === mail)?.canManage;
    expect(manage('admin@demo.local')).toBe(false);
    expect(manage('superadmin@demo.local')).toBe(false);
    expect(manage('agente@demo.local')).toBe(true);
    const byAdmin = await gql<{ teamUsers: Array<{ email: string; canManage: boolean }> }>(
      t,
      admin,
      '{ teamUsers { email canManage } }',
    );
    expect(byAdmin.data?.teamUsers.find((u) => u.email === 'agente@demo.local')?.canManage).toBe(true);
    expect(byAdmin.data?.teamUsers.find((u) => u.email === 'superadmin@demo.local')?.canManage).toBe(false);
  });

  it('refuses a readUsers-only group admin on every write, while it still reads the team', async () => {
    const groupadmin = await login(t, 'groupadmin@demo.local');
    const agent = await createdAgent();
    const before = await userCount();
    expect((await send('post', '/user', groupadmin, agentFields())).status).toBe(403);
    const edit = await send('put', '/user', groupadmin, { id: String(agent.id), name: 'Otro Nombre' });
    expect(edit.status).toBe(403);
    const removed = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${groupadmin}`)
      .send({ id: agent.id });
    expect(removed.status).toBe(403);
    expect(await userCount()).toBe(before);
    const [row] = await ds.query(`SELECT name FROM users WHERE id = $1`, [agent.id]);
    expect(row.name).toBe('Laura Ventas');
    const list = await gql<{ teamUsers: Array<{ id: number }> }>(t, groupadmin, '{ teamUsers { id } }');
    expect(list.data?.teamUsers.map((u) => u.id)).toContain(agent.id);
    const options = await gql(t, groupadmin, '{ teamFormOptions { timezone } }');
    expect(options.errors?.[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe("another company's ids read as unknown ones", () => {
  let otraLocationId: number;
  let otraCategoryId: number;
  let otraUserId: number;

  beforeAll(async () => {
    const [otraCompany] = await ds.query(`SELECT "companyId" FROM users WHERE email = 'admin@otra.local'`);
    const [location] = await ds.query(
      `INSERT INTO locations ("companyId", name) VALUES ($1, $2) RETURNING id`,
      [otraCompany.companyId, `Sucursal ajena ${process.pid}`],
    );
    const [category] = await ds.query(
      `INSERT INTO categories ("companyId", name) VALUES ($1, $2) RETURNING id`,
      [otraCompany.companyId, `Categoría ajena ${process.pid}`],
    );
    const [user] = await ds.query(`SELECT id FROM users WHERE email = 'admin@otra.local'`);
    otraLocationId = location.id;
    otraCategoryId = category.id;
    otraUserId = user.id;
  });

  const cases = (): Array<[string, Record<string, string>, Record<string, string>, string]> => [
    ['rolId', { rolId: String(otraRoleId) }, { rolId: '999999' }, 'El rol no existe'],
    [
      'spacesIds',
      { spacesIds: JSON.stringify([otraSpaceId]) },
      { spacesIds: '[999999]' },
      'El espacio no existe',
    ],
    [
      'isAdminOfIds',
      { isAdminOfIds: JSON.stringify([otraUserId]) },
      { isAdminOfIds: '[999999]' },
      'El usuario no existe',
    ],
    [
      'locationId',
      { locationId: String(otraLocationId) },
      { locationId: '999999' },
      'La ubicación no existe',
    ],
    [
      'categoriesIds',
      { categoriesIds: JSON.stringify([otraCategoryId]) },
      { categoriesIds: '[999999]' },
      'La categoría no existe',
    ],
  ];

  it('answers each on create with the same 400 as a nonexistent id, naming the field, and creates nothing', async () => {
    for (const [field, foreign, unknown, message] of cases()) {
      const before = await userCount();
      const fields = agentFields();
      const a = await send('post', '/user', admin, { ...fields, ...foreign });
      const b = await send('post', '/user', admin, { ...fields, ...unknown });
      expect(a.status, field).toBe(400);
      expect(a.body, field).toMatchObject({ code: 'VALIDATION_ERROR', field, userMessage: message });
      expect(a.body, field).toEqual(b.body);
      expect(await userCount()).toBe(before);
    }
  });

  it('answers each on edit with a 400 naming the field, and changes nothing', async () => {
    const agent = await createdAgent();
    const snapshot = async () =>
      ds.query(
        `SELECT u."roleId", u."locationId", u."isAdminOfIds", u.name,
                ARRAY(SELECT "spaceId" FROM user_spaces WHERE "userId" = u.id) AS spaces,
                ARRAY(SELECT "categoryId" FROM user_categories WHERE "userId" = u.id) AS categories
           FROM users u WHERE u.id = $1`,
        [agent.id],
      );
    const before = await snapshot();
    for (const [field, foreign, unknown, message] of cases()) {
      const a = await send('put', '/user', admin, { id: String(agent.id), name: 'Cambio', ...foreign });
      const b = await send('put', '/user', admin, { id: String(agent.id), name: 'Cambio', ...unknown });
      expect(a.status, field).toBe(400);
      expect(a.body, field).toMatchObject({ code: 'VALIDATION_ERROR', field, userMessage: message });
      expect(a.body, field).toEqual(b.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers another company user by id as a missing one on every call', async () => {
    const read = await gql(t, admin, 'query($id: Int!) { teamUser(id: $id) { id } }', { id: otraUserId });
    const missing = await gql(t, admin, 'query($id: Int!) { teamUser(id: $id) { id } }', { id: 99999999 });
    expect(read.errors?.[0].extensions).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'id',
      userMessage: 'El usuario no existe',
    });
    expect(missing.errors?.[0].extensions).toMatchObject(read.errors?.[0].extensions ?? {});
    const removed = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: 99999999 });
    expect(removed.status).toBe(400);
    expect(removed.body.userMessage).toBe('El usuario no existe');
  });
});

describe('location and categories (02 §3 User, §5 User create)', () => {
  it('saves them, returns them in the team list and the user, and replaces or clears them on edit', async () => {
    const [first] = await ds.query(
      `INSERT INTO locations ("companyId", name) VALUES ($1, $2) RETURNING id, name`,
      [demoCompanyId, `Sede Norte ${process.pid}`],
    );
    const [second] = await ds.query(
      `INSERT INTO locations ("companyId", name) VALUES ($1, $2) RETURNING id, name`,
      [demoCompanyId, `Sede Sur ${process.pid}`],
    );
    const cats: Array<{ id: number; name: string }> = await ds.query(
      `INSERT INTO categories ("companyId", name) VALUES ($1, $2), ($1, $3) RETURNING id, name`,
      [demoCompanyId, `Autos ${process.pid}`, `Bienes ${process.pid}`],
    );
    const created = await send(
      'post',
      '/user',
      admin,
      agentFields({ locationId: String(first.id), categoriesIds: JSON.stringify(cats.map((c) => c.id)) }),
    );
    expect(created.status).toBe(201);
    expect(created.body.location).toEqual(first);
    expect(created.body.categories).toEqual(cats);

    const one = await gql<{
      teamUser: { location: { id: number; name: string } | null; categories: unknown[] };
    }>(t, admin, `query($id: Int!) { teamUser(id: $id) { ${TEAM_FIELDS} } }`, { id: created.body.id });
    expect(one.data?.teamUser.location).toEqual(first);
    expect(one.data?.teamUser.categories).toEqual(cats);
    const list = await gql<{ teamUsers: Array<{ id: number; location: unknown; categories: unknown[] }> }>(
      t,
      admin,
      `{ teamUsers { ${TEAM_FIELDS} } }`,
    );
    expect(list.data?.teamUsers.find((u) => u.id === created.body.id)).toMatchObject({
      location: first,
      categories: cats,
    });

    const options = await gql<{
      teamFormOptions: { locations: Array<{ id: number }>; categories: Array<{ id: number }> };
    }>(t, admin, '{ teamFormOptions { locations { id name } categories { id name } } }');
    expect(options.data?.teamFormOptions.locations.map((l) => l.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    expect(options.data?.teamFormOptions.categories.map((c) => c.id)).toEqual(
      expect.arrayContaining(cats.map((c) => c.id)),
    );

    const moved = await send('put', '/user', admin, {
      id: String(created.body.id),
      locationId: String(second.id),
      categoriesIds: JSON.stringify([cats[1].id]),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.location).toEqual(second);
    expect(moved.body.categories).toEqual([cats[1]]);
    // Absent fields keep their values.
    const renamed = await send('put', '/user', admin, { id: String(created.body.id), name: 'Otro Nombre' });
    expect(renamed.body).toMatchObject({ location: second, categories: [cats[1]] });
    const cleared = await send('put', '/user', admin, {
      id: String(created.body.id),
      locationId: '',
      categoriesIds: '[]',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ location: null, categories: [] });
  });
});

describe('the photo of a refused user is not kept', () => {
  it('stores nothing when the e-mail is taken, the plan is full, or an edit is refused', async () => {
    const before = storedUploads();
    const taken = await send('post', '/user', admin, agentFields({ email: 'agente@demo.local' }), {
      content: PNG,
      name: 'foto.png',
    });
    expect(taken.status).toBe(409);

    const owner = await registerCompany(t, 'fotos');
    const [row] = await ds.query(
      `SELECT u."companyId", s.id AS "spaceId" FROM users u
         JOIN spaces s ON s."companyId" = u."companyId" AND s."isDefault" WHERE u.email = $1`,
      [owner.email],
    );
    await ds.query(`UPDATE companies SET "usersLimit" = 1, "adminsLimit" = 1 WHERE id = $1`, [row.companyId]);
    const [ownerRole] = await ds.query(`SELECT id FROM roles WHERE "companyId" = $1 AND name = 'agente'`, [
      row.companyId,
    ]);
    const full = await send(
      'post',
      '/user',
      owner.token,
      {
        name: 'Persona Foto',
        email: email('foto'),
        rolId: String(ownerRole.id),
        password: 'Segura123',
        spacesIds: JSON.stringify([row.spaceId]),
      },
      { content: PNG, name: 'foto.png' },
    );
    expect(full.status).toBe(400);
    expect(full.body.code).toBe('REACH_USERS_LIMIT_ERROR');

    const [ownerUser] = await ds.query(
      `SELECT u.id, r.id AS "adminRoleId" FROM users u JOIN roles r ON r."companyId" = u."companyId" AND r.name = 'admin'
        WHERE u.email = $1`,
      [owner.email],
    );
    await ds.query(`UPDATE companies SET "usersLimit" = 5, "adminsLimit" = 1 WHERE id = $1`, [row.companyId]);
    const agent = await send('post', '/user', owner.token, {
      name: 'Persona Foto',
      email: email('foto'),
      rolId: String(ownerRole.id),
      password: 'Segura123',
      spacesIds: JSON.stringify([row.spaceId]),
    });
    expect(agent.status).toBe(201);
    const promote = await send(
      'put',
      '/user',
      owner.token,
      { id: String(agent.body.id), rolId: String(ownerUser.adminRoleId) },
      { content: PNG, name: 'foto.png' },
    );
    expect(promote.status).toBe(400);
    expect(promote.body.code).toBe('REACH_ADMINS_LIMIT_ERROR');
    const [unchanged] = await ds.query(`SELECT "imageUrl" FROM users WHERE id = $1`, [agent.body.id]);
    expect(unchanged.imageUrl).toBeNull();

    expect(storedUploads()).toEqual(before);
    // A successful one still stores it.
    const ok = await send('post', '/user', admin, agentFields(), { content: PNG, name: 'foto.png' });
    expect(ok.status).toBe(201);
    expect(storedUploads()).toHaveLength(before.length + 1);
  });
});

describe('a photo that nothing uses any more is removed', () => {
  it('when it is replaced, when it is removed, and when its user is deleted', async () => {
    const before = storedUploads();
    const created = await send('post', '/user', admin, agentFields(), { content: PNG, name: 'foto.png' });
    expect(created.status).toBe(201);
    expect(storedUploads()).toHaveLength(before.length + 1);
    const first = storedUploads().filter((path) => !before.includes(path));

    const replaced = await send(
      'put',
      '/user',
      admin,
      { id: String(created.body.id) },
      { content: PNG, name: 'otra.png' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.imageUrl).not.toBe(created.body.imageUrl);
    const second = storedUploads().filter((path) => !before.includes(path));
    expect(second).toHaveLength(1);
    expect(second).not.toEqual(first);
    // The URL it answers serves the new file.
    const served = await t.http.get(new URL(replaced.body.imageUrl).pathname);
    expect(served.status).toBe(200);

    const removed = await send('put', '/user', admin, { id: String(created.body.id), removeImage: 'true' });
    expect(removed.body.imageUrl).toBeNull();
    expect(storedUploads()).toEqual(before);

    const again = await send(
      'put',
      '/user',
      admin,
      { id: String(created.body.id) },
      { content: PNG, name: 'f.png' },
    );
    expect(again.status).toBe(200);
    expect(storedUploads()).toHaveLength(before.length + 1);
    const deleted = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: created.body.id });
    expect(deleted.status).toBe(200);
    expect(storedUploads()).toEqual(before);
  });
});

describe('live sockets follow the user changes', () => {
  const opened: Socket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
  });

  function closed(socket: Socket): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the socket stayed open')), 5000);
      socket.once('disconnect', (reason) => {
        clearTimeout(timer);
        resolve(reason);
      });
    });
  }

  it("closes a deleted user's open socket at once, and it cannot come back", async () => {
    const agent = await createdAgent();
    const socket = await openSocket(t.baseUrl, await login(t, agent.email, 'Segura123'), opened);
    const gone = closed(socket);
    const res = await t.http
      .put('/api/deleteUser')
      .set('Authorization', `Bearer ${admin}`)
      .send({ id: agent.id });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    const refused = new Promise<string>((resolve) => socket.once('connect_error', (e) => resolve(e.message)));
    socket.connect();
    expect(await refused).toBe('UNAUTHORIZED');
  });

  it("closes the sockets of a user whose password an admin sets, but not the admin's own", async () => {
    const agent = await createdAgent();
    const socket = await openSocket(t.baseUrl, await login(t, agent.email, 'Segura123'), opened);
    const adminSocket = await openSocket(t.baseUrl, admin, opened);
    const gone = closed(socket);
    const res = await send('put', '/user', admin, { id: String(agent.id), password: 'NuevaClave9' });
    expect(res.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(adminSocket.connected).toBe(true);
  });

  it('moves the sockets of a user whose role changes into the rooms of the new role', async () => {
    const [other] = await ds.query(`SELECT id FROM users WHERE email = 'agente@demo.local'`);
    const toggle = () =>
      gql(t, admin, 'mutation($id: Int!) { updateUserAvailability(id: $id, isAvailable: true) { id } }', {
        id: other.id,
      });
    const aboutOther = (payload: { userId: number }) => payload.userId === other.id;
    const [groupadminRole] = await ds.query(
      `SELECT id FROM roles WHERE "companyId" = $1 AND name = 'groupadmin'`,
      [demoCompanyId],
    );

    // Promoted: an agent becomes a group admin and, once connected again, hears company-wide events.
    const agent = await createdAgent();
    const socket = await openSocket(t.baseUrl, await login(t, agent.email, 'Segura123'), opened);
    let gone = closed(socket);
    const promoted = await send('put', '/user', admin, {
      id: String(agent.id),
      rolId: String(groupadminRole.id),
    });
    expect(promoted.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    // What the web client does on a server-side disconnect (lib/socket.ts).
    let back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await back;
    let heard = nextEvent(socket, 'updateUserData', 3000, aboutOther);
    await toggle();
    await expect(heard).resolves.toMatchObject({ userId: other.id });

    // Demoted: back to agent, the socket no longer hears them.
    gone = closed(socket);
    const demoted = await send('put', '/user', admin, { id: String(agent.id), rolId: String(agenteRoleId) });
    expect(demoted.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await back;
    heard = nextEvent(socket, 'updateUserData', 800, aboutOther);
    await toggle();
    await expect(heard).rejects.toThrow(/no updateUserData/);
  });
});
