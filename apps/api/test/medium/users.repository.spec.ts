import { describe, expect, it } from 'vitest';
import { UsersRepository } from '../../src/modules/users/users.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel, createConversation } from './fixtures';
import { createRole, createSpace, createUser } from './people';

const db = testDatabase();
const users = new UsersRepository(db);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function company() {
  const companyId = await createTestCompany(db);
  const admin = await createRole(db, companyId, 'admin', ['writeUsers', 'readUsers']);
  const agent = await createRole(db, companyId, 'agente', ['readChat']);
  return { companyId, admin, agent };
}

describe('UsersRepository: the team', () => {
  it("lists only the company's users, by name case aside, then id", async () => {
    const { companyId, agent } = await company();
    const other = await company();
    const b = await createUser(db, companyId, agent, { name: 'beto' });
    const a2 = await createUser(db, companyId, agent, { name: 'Ana' });
    const a1 = await createUser(db, companyId, agent, { name: 'ana' });
    await createUser(db, other.companyId, other.agent, { name: 'Aaron' });
    const list = await users.listTeam(companyId);
    expect(list.map((u) => u.id)).toEqual([Math.min(a1.id, a2.id), Math.max(a1.id, a2.id), b.id]);
  });

  it('reads a team user whole: role with sorted permissions, spaces, categories, location, working hours', async () => {
    const { companyId, admin } = await company();
    const other = await createTestCompany(db);
    const general = await createSpace(db, companyId, 'General', true);
    const zeta = await createSpace(db, companyId, 'Zeta');
    const alfa = await createSpace(db, companyId, 'Alfa');
    const [ventas, atencion] = await Promise.all(
      ['Ventas', 'Atención'].map(
        async (name) =>
          (
            await db
              .insertInto('categories')
              .values({ companyId, name })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
      ),
    );
    const location = await db
      .insertInto('locations')
      .values({ companyId, name: 'CDMX' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const foreignLocation = await db
      .insertInto('locations')
      .values({ companyId: other, name: 'Fuera' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(db, companyId, admin, { name: 'Rosa' });
    await db.updateTable('users').set({ locationId: location.id }).where('id', '=', user.id).execute();
    await users.addSpaces(db, user.id, [zeta, general, alfa]);
    await users.addCategories(db, user.id, [ventas, atencion]);
    const days = [{ day: 'monday' as const, isActive: true, start: '09:00', end: '18:00' }];
    await users.setWorkingHours(db, user.id, { timezone: 'America/Mexico_City', isActive: true, days });

    const row = await users.teamUser(companyId, user.id);
    expect(row).toMatchObject({
      id: user.id,
      name: 'Rosa',
      roleName: 'admin',
      rolePermissions: ['readUsers', 'writeUsers'],
      location: { id: location.id, name: 'CDMX' },
      categories: [
        { id: atencion, name: 'Atención' },
        { id: ventas, name: 'Ventas' },
      ],
      workingHours: { timezone: 'America/Mexico_City', isActive: true, days },
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.spaces.map((s) => s.id)).toEqual([general, alfa, zeta]);
    expect(row?.spaces[0]).toEqual({
      id: general,
      name: 'General',
      isDefault: true,
      isGroup: false,
      imageUrl: null,
    });
    expect(await users.teamUser(other, user.id)).toBeUndefined();

    // A location of another company is not shown; no hours, no categories read as null and [].
    const bare = await createUser(db, companyId, admin);
    await db.updateTable('users').set({ locationId: foreignLocation.id }).where('id', '=', bare.id).execute();
    expect(await users.teamUser(companyId, bare.id)).toMatchObject({
      location: null,
      categories: [],
      spaces: [],
      workingHours: null,
    });
    // The planted cross-company reference goes: tenancy-schema.e2e-spec.ts finds any left in the run's database.
    await db.updateTable('users').set({ locationId: null }).where('id', '=', bare.id).execute();
  });

  it('reads an edit target with its space ids in order, only in its company', async () => {
    const { companyId, agent } = await company();
    const s2 = await createSpace(db, companyId, 'B');
    const s1 = await createSpace(db, companyId, 'A');
    const user = await createUser(db, companyId, agent, { isAdminOfIds: [7] });
    await users.addSpaces(db, user.id, [s1, s2]);
    expect(await users.teamTarget(companyId, user.id)).toMatchObject({
      id: user.id,
      companyId,
      roleId: agent,
      roleName: 'agente',
      rolePermissions: ['readChat'],
      isAdminOfIds: [7],
      spaceIds: [Math.min(s1, s2), Math.max(s1, s2)],
    });
    expect(await users.teamTarget((await company()).companyId, user.id)).toBeUndefined();
  });

  it("counts only the company's own ids, and reads roles of the company only", async () => {
    const { companyId, admin, agent } = await company();
    const other = await company();
    const space = await createSpace(db, companyId, 'Mía');
    const foreign = await createSpace(db, other.companyId, 'Ajena');
    expect(await users.countOwned('spaces', companyId, [space])).toBe(1);
    expect(await users.countOwned('spaces', companyId, [space, foreign])).toBe(1);
    expect(await users.countOwned('spaces', companyId, [space, space])).toBe(1);
    const mine = await createUser(db, companyId, agent);
    const theirs = await createUser(db, other.companyId, other.agent);
    expect(await users.countOwned('users', companyId, [mine.id, theirs.id])).toBe(1);
    expect(await users.rolesOfUsers(companyId, [mine.id, theirs.id])).toEqual([
      { roleName: 'agente', rolePermissions: ['readChat'] },
    ]);
    expect(await users.role(companyId, admin)).toEqual({
      id: admin,
      name: 'admin',
      permissions: ['readUsers', 'writeUsers'],
    });
    expect(await users.role(other.companyId, admin)).toBeUndefined();
  });

  it('offers the form its choices in order, of the company only', async () => {
    const { companyId } = await company();
    const other = await company();
    const general = await createSpace(db, companyId, 'General', true);
    const beta = await createSpace(db, companyId, 'Beta');
    await createSpace(db, other.companyId, 'Ajena');
    await db
      .insertInto('locations')
      .values([
        { companyId, name: 'Sur' },
        { companyId, name: 'Norte' },
      ])
      .execute();
    await db
      .updateTable('companies')
      .set({ timezone: 'America/Bogota' })
      .where('id', '=', companyId)
      .execute();
    const choices = await users.formChoices(companyId);
    expect(choices.roles.map((r) => r.name)).toEqual(['admin', 'agente']);
    expect(choices.roles[0].permissions).toEqual(['readUsers', 'writeUsers']);
    expect(choices.spaces.map((s) => s.id)).toEqual([general, beta]);
    expect(choices.locations.map((l) => l.name)).toEqual(['Norte', 'Sur']);
    expect(choices.categories).toEqual([]);
    expect(choices.timezone).toBe('America/Bogota');
  });

  it('counts seats (admins and superadmins apart) and the limits of the company', async () => {
    const { companyId, admin, agent } = await company();
    const superadmin = await createRole(db, companyId, 'superadmin');
    await createUser(db, companyId, admin);
    await createUser(db, companyId, superadmin);
    await createUser(db, companyId, agent);
    await db.updateTable('companies').set({ usersLimit: 9 }).where('id', '=', companyId).execute();
    expect(await users.seats(companyId)).toMatchObject({
      users: 3,
      admins: 2,
      usersLimit: 9,
      adminsLimit: null,
    });
    expect(await users.seats(-1)).toBeUndefined();
  });

  it('counts seats under a lock on the company: a second counter waits for the first to commit', async () => {
    const { companyId, agent } = await company();
    await createUser(db, companyId, agent);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const first = db.transaction().execute(async (trx) => {
      const seats = await users.lockedSeats(trx, companyId);
      locked();
      await held;
      await users.insert(trx, {
        companyId,
        roleId: agent,
        name: 'Nuevo',
        email: `lock-${companyId}@medium.test`,
        passwordHash: 'x',
      });
      return seats?.users;
    });
    await lockTaken;
    const second = db.transaction().execute((trx) => users.lockedSeats(trx, companyId));
    await sleep(300);
    release();
    expect(await first).toBe(1);
    // Had it not waited for the lock, it would have counted before the first transaction's insert.
    expect((await second)?.users).toBe(2);
  });
});

describe('UsersRepository: writes', () => {
  it("replaces a user's spaces and categories, an empty list clearing categories", async () => {
    const { companyId, agent } = await company();
    const [a, b, c] = [
      await createSpace(db, companyId, 'a'),
      await createSpace(db, companyId, 'b'),
      await createSpace(db, companyId, 'c'),
    ];
    const user = await createUser(db, companyId, agent);
    await users.addSpaces(db, user.id, [a, b, b]);
    await users.setSpaces(db, user.id, [b, c]);
    expect((await users.teamTarget(companyId, user.id))?.spaceIds).toEqual([b, c]);
    const cat = await db
      .insertInto('categories')
      .values({ companyId, name: 'X' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await users.setCategories(db, user.id, [cat.id]);
    expect((await users.teamUser(companyId, user.id))?.categories).toEqual([{ id: cat.id, name: 'X' }]);
    await users.setCategories(db, user.id, []);
    expect((await users.teamUser(companyId, user.id))?.categories).toEqual([]);
  });

  it('replaces working hours whole', async () => {
    const { companyId, agent } = await company();
    const user = await createUser(db, companyId, agent);
    await users.setWorkingHours(db, user.id, { timezone: 'UTC', isActive: false, days: [] });
    const days = [{ day: 'friday' as const, isActive: true, start: '10:00', end: '14:00' }];
    await users.setWorkingHours(db, user.id, { timezone: 'America/Lima', isActive: true, days });
    expect((await users.teamUser(companyId, user.id))?.workingHours).toEqual({
      userId: user.id,
      timezone: 'America/Lima',
      isActive: true,
      days,
    });
  });

  it('updates only the fields given and refuses a taken e-mail through the unique index', async () => {
    const { companyId, agent, admin } = await company();
    const user = await createUser(db, companyId, agent);
    const other = await createUser(db, companyId, agent);
    await users.update(db, user.id, { name: 'Cambiado', roleId: admin, isAdminOfIds: [other.id] });
    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Cambiado',
      roleId: admin,
      isAdminOfIds: [other.id],
      passwordHash: 'x',
    });
    await expect(users.update(db, user.id, { email: other.email })).rejects.toMatchObject({ code: '23505' });
    expect(await users.emailTaken(other.email)).toBe(true);
    expect(await users.emailTaken(other.email, other.id)).toBe(false);
    expect(await users.emailTaken(`nadie-${companyId}@medium.test`)).toBe(false);
  });

  it('on deletion releases conversations and administration in the company, in one transaction', async () => {
    const { companyId, agent, admin } = await company();
    const other = await company();
    const leaving = await createUser(db, companyId, agent);
    const boss = await createUser(db, companyId, admin, { isAdminOfIds: [leaving.id, 99] });
    const outsider = await createUser(db, other.companyId, other.admin, { isAdminOfIds: [leaving.id] });
    const client = await createConversation(db, companyId, await createChannel(db, companyId), {
      agentId: leaving.id,
      groupAdminId: leaving.id,
    });

    const changed = await users.transaction(async (trx) => {
      await users.releaseConversations(trx, companyId, leaving.id);
      const ids = await users.removeAdministered(trx, companyId, leaving.id);
      await users.delete(trx, leaving.id);
      return ids;
    });
    expect(changed).toEqual([boss.id]);
    const after = await db
      .selectFrom('clients')
      .select(['agentId', 'groupAdminId'])
      .where('id', '=', client)
      .executeTakeFirst();
    expect(after).toEqual({ agentId: null, groupAdminId: null });
    const admins = await db
      .selectFrom('users')
      .select(['id', 'isAdminOfIds'])
      .where('id', 'in', [boss.id, outsider.id])
      .orderBy('id')
      .execute();
    expect(admins).toEqual([
      { id: boss.id, isAdminOfIds: [99] },
      { id: outsider.id, isAdminOfIds: [leaving.id] },
    ]);
    expect(await users.teamTarget(companyId, leaving.id)).toBeUndefined();
  });
});

describe('UsersRepository: sign-in and profile', () => {
  it('reads a user for sign-in with the company 2FA policy', async () => {
    const { companyId, agent } = await company();
    const user = await createUser(db, companyId, agent);
    await db.updateTable('companies').set({ hasUsed2FA: true }).where('id', '=', companyId).execute();
    expect(await users.findForSignIn(user.email)).toMatchObject({
      id: user.id,
      companyId,
      hasUsed2FA: true,
      twoFactorStatus: 'none',
      totpLastTimeStep: null,
    });
    expect(await users.findForSignIn(`nadie-${companyId}@medium.test`)).toBeUndefined();
    expect(await users.emailOf(user.id)).toBe(user.email);
  });

  it('accepts each TOTP time step once, never an older one, and one of racing uses', async () => {
    const { companyId, agent } = await company();
    const user = await createUser(db, companyId, agent);
    await users.setTwoFactorSecret(user.id, 'sealed');
    expect(await users.findForSignIn(user.email)).toMatchObject({
      twoFactorSecret: 'sealed',
      twoFactorStatus: 'unverified',
    });
    expect(await users.useTotpStep(user.id, 1000)).toBe(true);
    expect(await users.findForSignIn(user.email)).toMatchObject({
      twoFactorStatus: 'verified',
      totpLastTimeStep: '1000',
    });
    expect(await users.useTotpStep(user.id, 1000)).toBe(false);
    expect(await users.useTotpStep(user.id, 999)).toBe(false);
    const racing = await Promise.all(Array.from({ length: 6 }, () => users.useTotpStep(user.id, 1001)));
    expect(racing.filter(Boolean)).toHaveLength(1);
  });

  it("reads the user's own profile with role and company, and a summary", async () => {
    const { companyId, agent } = await company();
    const user = await createUser(db, companyId, agent, { name: 'Perfil' });
    const space = await createSpace(db, companyId, 'S');
    await users.setSelectedSpace(user.id, space);
    await users.setAvailability(user.id, false);
    const profile = await users.profile(user.id);
    expect(profile?.user).toMatchObject({
      id: user.id,
      companyId,
      name: 'Perfil',
      selectedSpaceId: space,
      isAvailable: false,
    });
    expect(profile?.role).toEqual({ id: agent, name: 'agente' });
    expect(profile?.company).toMatchObject({ id: companyId, hasUsed2FA: false });
    expect(profile?.company).not.toHaveProperty('userId');
    expect(await users.summary(user.id)).toMatchObject({
      id: user.id,
      companyId,
      roleName: 'agente',
      isAvailable: false,
    });
    expect(await users.profile(-1)).toBeUndefined();
  });

  it('lists the channels of spaces once each, in id order', async () => {
    const { companyId } = await company();
    const [s1, s2] = [await createSpace(db, companyId, 'uno'), await createSpace(db, companyId, 'dos')];
    const [c1, c2] = [await createChannel(db, companyId), await createChannel(db, companyId)];
    await db
      .insertInto('space_channels')
      .values([
        { spaceId: s1, channelId: c2 },
        { spaceId: s2, channelId: c2 },
        { spaceId: s2, channelId: c1 },
      ])
      .execute();
    expect(await users.channelIdsOfSpaces([s1, s2])).toEqual([c1, c2].sort((a, b) => a - b));
    expect(await users.channelIdsOfSpaces([s1])).toEqual([c2]);
    expect(await users.channelIdsOfSpaces([])).toEqual([]);
  });
});
