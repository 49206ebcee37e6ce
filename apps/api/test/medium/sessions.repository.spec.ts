import { describe, expect, it } from 'vitest';
import { SessionsRepository } from '../../src/modules/sessions/sessions.repository';
import { createTestCompany, testDatabase } from './database';
import { createRole, createUser } from './people';

const db = testDatabase();
const sessions = new SessionsRepository(db);

const inAnHour = () => new Date(Date.now() + 3600_000);

async function member(permissions: string[] = []) {
  const companyId = await createTestCompany(db);
  const roleId = await createRole(db, companyId, 'agente', permissions);
  const user = await createUser(db, companyId, roleId, { isAdminOfIds: [] });
  return { companyId, roleId, userId: user.id };
}

function open(userId: number, companyId: number, expiresAt = inAnHour()) {
  return sessions.create({
    userId,
    companyId,
    expiresAt,
    ip: '10.0.0.1',
    userAgent: 'medium',
    firebaseToken: null,
  });
}

describe('SessionsRepository', () => {
  it("reads a live session's user with role and permissions", async () => {
    const { companyId, userId } = await member(['readUsers', 'writeUsers']);
    const id = await open(userId, companyId);
    const live = await sessions.findLive(id, userId);
    expect(live).toMatchObject({
      id: userId,
      companyId,
      role: 'agente',
      isAdminOfIds: [],
      selectedSpaceId: null,
    });
    expect([...(live?.permissions ?? [])].sort()).toEqual(['readUsers', 'writeUsers']);
  });

  it('answers an empty permission list for a role without permissions', async () => {
    const { companyId, userId } = await member();
    const id = await open(userId, companyId);
    expect((await sessions.findLive(id, userId))?.permissions).toEqual([]);
  });

  it('refuses an expired or revoked session, another user, or a user moved to another company', async () => {
    const { companyId, userId } = await member();
    const expired = await open(userId, companyId, new Date(Date.now() - 1000));
    expect(await sessions.findLive(expired, userId)).toBeUndefined();

    const revoked = await open(userId, companyId);
    await sessions.revoke(revoked);
    expect(await sessions.findLive(revoked, userId)).toBeUndefined();

    const live = await open(userId, companyId);
    expect(await sessions.findLive(live, userId + 1_000_000)).toBeUndefined();
    const other = await createTestCompany(db);
    await db.updateTable('users').set({ companyId: other }).where('id', '=', userId).execute();
    expect(await sessions.findLive(live, userId)).toBeUndefined();
  });

  it("revokes every open session of a user but one, answering only the ones it ended, in the caller's transaction", async () => {
    const { companyId, userId } = await member();
    const kept = await open(userId, companyId);
    const a = await open(userId, companyId);
    const b = await open(userId, companyId);
    const before = await open(userId, companyId);
    await sessions.revoke(before);
    const someoneElse = await member();
    const theirs = await open(someoneElse.userId, someoneElse.companyId);

    // Rolled back with the transaction: nothing ends.
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await sessions.revokeAllOf(trx, userId, kept)).toHaveLength(2);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await sessions.findLive(a, userId)).toBeDefined();

    const ended = await db.transaction().execute((trx) => sessions.revokeAllOf(trx, userId, kept));
    expect([...ended].sort()).toEqual([a, b].sort());
    expect(await sessions.findLive(kept, userId)).toBeDefined();
    expect(await sessions.findLive(a, userId)).toBeUndefined();
    expect(await sessions.findLive(theirs, someoneElse.userId)).toBeDefined();

    expect(await sessions.revokeAllOf(db, userId)).toEqual([kept]);
    expect(await sessions.findLive(kept, userId)).toBeUndefined();
  });
});
