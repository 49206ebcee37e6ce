import { PERMISSION_NAMES } from '@crm/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, login, registerCompany, startTestApp, type TestApp } from './helpers';
import { type TestSql, testSql } from './sql';

let t: TestApp;
let ds: TestSql;
let owner: { email: string; token: string };
let otra: string;
const sockets: Socket[] = [];
const run = String(Date.now()).slice(-6);

// Roles are checked in a company of their own: the demo company's roles are compared exactly elsewhere.
beforeAll(async () => {
  t = await startTestApp();
  ds = testSql();
  owner = await registerCompany(t, 'roles');
  otra = await login(t, 'admin@otra.local');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const ROLES = `{ roles { id name permissions userCount isSuperadmin isAdmin } }`;
const CREATE = `mutation($input: RoleInput!) { createRole(input: $input) { id name permissions userCount } }`;
const UPDATE = `mutation($id: Int!, $input: RoleInput!) { updateRole(id: $id, input: $input) { id name permissions } }`;
const DELETE = `mutation($id: Int!) { deleteRole(id: $id) }`;

interface Role {
  id: number;
  name: string;
  permissions: string[];
  userCount: number;
  isSuperadmin: boolean;
  isAdmin: boolean;
}

async function roles(): Promise<Role[]> {
  const res = await gql<{ roles: Role[] }>(t, owner.token, ROLES);
  return res.data?.roles ?? [];
}

async function createRole(name: string, permissions: string[]): Promise<Role> {
  const res = await gql<{ createRole: Role }>(t, owner.token, CREATE, { input: { name, permissions } });
  expect(res.errors).toBeUndefined();
  return res.data?.createRole as Role;
}

let userSeq = 0;
/** A user of the owner's company holding `roleId`, signed in (password Segura123, copied from the owner). */
async function signedInUserWith(roleId: number): Promise<string> {
  userSeq += 1;
  const email = `usuario${run}x${userSeq}@roles.test`;
  await ds.query(
    `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
     SELECT "companyId", $1, 'Usuario Rol', $2, "passwordHash", "selectedSpaceId" FROM users WHERE email = $3`,
    [roleId, email, owner.email],
  );
  return login(t, email, 'Segura123');
}

/** What the company's roles are, as stored: compared before and after a refusal. */
async function snapshot(): Promise<string> {
  return JSON.stringify((await roles()).map((r) => ({ id: r.id, name: r.name, permissions: r.permissions })));
}

describe('role administration (01 §6, 02 §5)', () => {
  it('creates a capitalised role with readChat added; refuses no permissions, same name, same set', async () => {
    const res = await gql<{ createRole: Role }>(t, owner.token, CREATE, {
      input: { name: `  vendedor ${run}`, permissions: ['tagConversations', 'followUp'] },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.createRole.name).toBe(`Vendedor ${run}`);
    expect(res.data?.createRole.permissions).toEqual(['followUp', 'readChat', 'tagConversations']);
    // 02 §3 Role: key (company id and role name) and the company.
    const keyed = await gql<{ roles: Array<{ id: number; key: string; companyId: number }> }>(
      t,
      owner.token,
      '{ roles { id key companyId } me { company { id } } }',
    );
    const companyId = (keyed.data as unknown as { me: { company: { id: number } } }).me.company.id;
    expect(keyed.data?.roles.find((r) => r.id === res.data?.createRole.id)).toEqual({
      id: res.data?.createRole.id,
      key: `${companyId}:Vendedor ${run}`,
      companyId,
    });
    // 02 §3 Permission {id, name}: the whole catalogue of 01 §6.
    const catalogue = await gql<{ permissions: Array<{ id: number; name: string }> }>(
      t,
      owner.token,
      '{ permissions { id name } }',
    );
    expect(catalogue.data?.permissions.map((p) => p.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect(catalogue.data?.permissions.every((p) => Number.isInteger(p.id))).toBe(true);
    const empty = await gql(t, owner.token, CREATE, { input: { name: 'Vacío', permissions: [] } });
    expect(empty.errors?.[0]?.extensions?.code).toBe('EMPTY_PERMISSSIONS_ERROR');
    const sameName = await gql(t, owner.token, CREATE, {
      input: { name: `VENDEDOR ${run}`, permissions: ['campaigns'] },
    });
    expect(sameName.errors?.[0]?.extensions?.code).toBe('ROLE_WITH_SAME_NAME_ERROR');
    const sameSet = await gql(t, owner.token, CREATE, {
      input: { name: `Otro ${run}`, permissions: ['followUp', 'tagConversations', 'readChat'] },
    });
    expect(sameSet.errors?.[0]?.extensions).toMatchObject({
      code: 'ROLE_ALREADY_EXISTS',
      field: 'permissions',
      userMessage: 'Ya existe un rol con los mismos permisos.',
    });
    const unknown = await gql(t, owner.token, CREATE, {
      input: { name: `Raro ${run}`, permissions: ['fly'] },
    });
    expect(unknown.errors?.[0]?.extensions?.field).toBe('permissions');
  });

  it('keeps superadmin fixed and admin roles undeletable; a role with users stays', async () => {
    const all = await roles();
    const superadmin = all.find((r) => r.isSuperadmin) as Role;
    const admin = all.find((r) => r.name === 'admin') as Role;
    const edit = await gql(t, owner.token, UPDATE, {
      id: superadmin.id,
      input: { name: 'x', permissions: ['agent'] },
    });
    expect(edit.errors?.[0]?.extensions?.code).toBe('SUPERADMIN_ROLE_CANNOT_BE_EDITED');
    for (const role of [superadmin, admin]) {
      const del = await gql(t, owner.token, DELETE, { id: role.id });
      expect(del.errors?.[0]?.extensions?.code).toBe('ADMIN_ROLES_CANNOT_BE_DELETED');
    }
    const created = await gql<{ createRole: Role }>(t, owner.token, CREATE, {
      input: { name: `Con gente ${run}`, permissions: ['readAnalytics'] },
    });
    const id = created.data?.createRole.id as number;
    const email = `rol${run}@roles.test`;
    await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Con Rol', $2, "passwordHash", "selectedSpaceId" FROM users WHERE email = $3`,
      [id, email, owner.email],
    );
    const withUsers = await gql(t, owner.token, DELETE, { id });
    expect(withUsers.errors?.[0]?.extensions?.code).toBe('ROLE_ASSIGNED_TO_USERS');
    await ds.query('DELETE FROM users WHERE email = $1', [email]);
    const ok = await gql<{ deleteRole: boolean }>(t, owner.token, DELETE, { id });
    expect(ok.data?.deleteRole).toBe(true);
  });

  it('changes what a user of the role may do on their next request, and tells their open client', async () => {
    const created = await gql<{ createRole: Role }>(t, owner.token, CREATE, {
      input: { name: `Analista ${run}`, permissions: ['readAnalytics'] },
    });
    const id = created.data?.createRole.id as number;
    const email = `analista${run}@roles.test`;
    await ds.query(
      `INSERT INTO users ("companyId", "roleId", name, email, "passwordHash", "selectedSpaceId")
       SELECT "companyId", $1, 'Analista', $2, "passwordHash", "selectedSpaceId" FROM users WHERE email = $3`,
      [id, email, owner.email],
    );
    const token = await login(t, email, 'Segura123');
    const before = await gql<{ me: { permissions: Record<string, boolean> } }>(
      t,
      token,
      '{ me { permissions } }',
    );
    expect(before.data?.me.permissions.readTags).toBe(false);
    const socket = io(t.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const told = new Promise((resolve) => socket.once('updateUserData', resolve));
    const updated = await gql(t, owner.token, UPDATE, {
      id,
      input: { name: `Analista ${run}`, permissions: ['readAnalytics', 'readTags'] },
    });
    expect(updated.errors).toBeUndefined();
    await expect(told).resolves.toMatchObject({ reason: 'role' });
    const after = await gql<{ me: { permissions: Record<string, boolean> } }>(
      t,
      token,
      '{ me { permissions } }',
    );
    expect(after.data?.me.permissions.readTags).toBe(true);
    // Another company cannot touch it.
    const foreign = await gql(t, otra, UPDATE, { id, input: { name: 'Robado', permissions: ['agent'] } });
    expect(foreign.errors?.[0]?.extensions?.field).toBe('id');
  });

  it('saves the admin role unchanged, and gives back a permission it lost (superadmin holds the same full set)', async () => {
    const admin = (await roles()).find((r) => r.name === 'admin') as Role;
    const superadmin = (await roles()).find((r) => r.isSuperadmin) as Role;
    expect([...admin.permissions].sort()).toEqual([...superadmin.permissions].sort());
    const unchanged = await gql<{ updateRole: Role }>(t, owner.token, UPDATE, {
      id: admin.id,
      input: { name: admin.name, permissions: admin.permissions },
    });
    expect(unchanged.errors).toBeUndefined();
    expect(unchanged.data?.updateRole.permissions).toEqual(admin.permissions);

    const without = admin.permissions.filter((p) => p !== 'whatsappTemplate');
    const removed = await gql<{ updateRole: Role }>(t, owner.token, UPDATE, {
      id: admin.id,
      input: { name: admin.name, permissions: without },
    });
    expect(removed.errors).toBeUndefined();
    expect(removed.data?.updateRole.permissions).not.toContain('whatsappTemplate');
    const back = await gql<{ updateRole: Role }>(t, owner.token, UPDATE, {
      id: admin.id,
      input: { name: admin.name, permissions: admin.permissions },
    });
    expect(back.errors).toBeUndefined();
    expect(back.data?.updateRole.permissions).toContain('whatsappTemplate');
    expect((await roles()).find((r) => r.id === admin.id)?.permissions).toEqual(admin.permissions);

    // Among the other roles a duplicate set is still refused: a new role may not copy admin's.
    const copy = await gql(t, owner.token, CREATE, {
      input: { name: `Copia admin ${run}`, permissions: admin.permissions },
    });
    expect(copy.errors?.[0]?.extensions?.code).toBe('ROLE_ALREADY_EXISTS');
  });

  it('refuses a rename to another role’s name (case aside) and changes nothing', async () => {
    await createRole(`Cobranza ${run}`, ['readAnalytics', 'coldBot']);
    const other = await createRole(`Soporte ${run}`, ['readAnalytics', 'followUp']);
    const before = await snapshot();
    const res = await gql(t, owner.token, UPDATE, {
      id: other.id,
      input: { name: `COBRANZA ${run}`, permissions: ['readAnalytics', 'deleteConversations'] },
    });
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'ROLE_WITH_SAME_NAME_ERROR',
      field: 'name',
      userMessage: 'Ya existe un rol con ese nombre.',
    });
    expect(await snapshot()).toBe(before);
  });

  it('lets only writeRols change roles and only role or team readers list them', async () => {
    const reader = await createRole(`Lector ${run}`, ['readRols', 'readAnalytics']);
    const target = await createRole(`Objetivo ${run}`, ['readAnalytics', 'campaigns']);
    const noRoles = await createRole(`Sin roles ${run}`, ['followUp', 'coldBot']);
    const readerToken = await signedInUserWith(reader.id);
    const outsiderToken = await signedInUserWith(noRoles.id);
    const before = await snapshot();

    const listed = await gql<{ roles: Role[] }>(t, readerToken, ROLES);
    expect(listed.errors).toBeUndefined();
    expect(listed.data?.roles.some((r) => r.id === target.id)).toBe(true);
    const created = await gql(t, readerToken, CREATE, {
      input: { name: `Nuevo ${run}`, permissions: ['readBot'] },
    });
    expect(created.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const updated = await gql(t, readerToken, UPDATE, {
      id: target.id,
      input: { name: `Cambiado ${run}`, permissions: ['readBot'] },
    });
    expect(updated.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const deleted = await gql(t, readerToken, DELETE, { id: target.id });
    expect(deleted.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const hidden = await gql<{ roles: Role[] }>(t, outsiderToken, ROLES);
    expect(hidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(hidden.data?.roles ?? null).toBeNull();
    expect(await snapshot()).toBe(before);
  });

  it('refuses deleting another company’s role and keeps it', async () => {
    const role = await createRole(`Ajeno ${run}`, ['readAnalytics', 'readBot']);
    const res = await gql(t, otra, DELETE, { id: role.id });
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_ERROR', field: 'id' });
    expect((await roles()).find((r) => r.id === role.id)).toMatchObject({
      name: `Ajeno ${run}`,
      permissions: ['readAnalytics', 'readBot', 'readChat'],
    });
  });
});
