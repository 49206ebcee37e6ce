import { describe, expect, it } from 'vitest';
import { PasswordResetsRepository } from '../../src/modules/auth/password-resets.repository';
import { createTestCompany, testDatabase } from './database';
import { createRole, createUser } from './people';

const db = testDatabase();
const resets = new PasswordResetsRepository(db);

let counter = 0;
const uniqueHash = () => `hash-${process.pid}-${Date.now()}-${++counter}`;

async function someUser(): Promise<number> {
  const companyId = await createTestCompany(db);
  return (await createUser(db, companyId, await createRole(db, companyId, 'agente'))).id;
}

describe('PasswordResetsRepository', () => {
  it('consumes a link once and answers its user', async () => {
    const userId = await someUser();
    const hash = uniqueHash();
    await resets.create(userId, hash, new Date(Date.now() + 60_000));
    expect(await resets.consume(db, hash)).toBe(userId);
    expect(await resets.consume(db, hash)).toBeUndefined();
    const row = await db
      .selectFrom('password_reset_tokens')
      .select('usedAt')
      .where('tokenHash', '=', hash)
      .executeTakeFirst();
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it('refuses an expired or unknown link', async () => {
    const userId = await someUser();
    const hash = uniqueHash();
    await resets.create(userId, hash, new Date(Date.now() - 1000));
    expect(await resets.consume(db, hash)).toBeUndefined();
    expect(await resets.consume(db, uniqueHash())).toBeUndefined();
  });

  it('lets exactly one of parallel uses of a link through', async () => {
    const userId = await someUser();
    const hash = uniqueHash();
    await resets.create(userId, hash, new Date(Date.now() + 60_000));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => db.transaction().execute((trx) => resets.consume(trx, hash))),
    );
    expect(results.filter((r) => r === userId)).toHaveLength(1);
  });
});
