import { type CompanySettings, CompanyStatus } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import { CompaniesRepository } from '../../src/modules/companies/companies.repository';
import { createTestCompany, testDatabase } from './database';

const db = testDatabase();
const companies = new CompaniesRepository(db);

const unique = (name: string) => `${name} ${process.pid}-${Date.now()}-${Math.random()}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('CompaniesRepository', () => {
  it('finds a taken name whatever its case, except the company’s own', async () => {
    const name = unique('Acme');
    const company = await companies.insert(db, { name, status: CompanyStatus.TRIAL, isBoardsActive: true });
    expect(company).toMatchObject({ name, isBoardsActive: true, settings: {} });
    expect(await companies.nameTaken(name.toUpperCase())).toBe(true);
    expect(await companies.nameTaken(name.toUpperCase(), company.id)).toBe(false);
    expect(await companies.nameTaken(unique('Nadie'))).toBe(false);
    expect(await companies.findById(company.id)).toEqual(company);
  });

  it('refuses a profile name another company has, and changes nothing', async () => {
    const a = await createTestCompany(db);
    const b = await createTestCompany(db);
    const taken = (await companies.findById(b))?.name as string;
    expect(await companies.updateProfile(a, { name: taken })).toBe(false);
    expect(await companies.updateProfile(a, { name: unique('Nueva'), timezone: 'America/Bogota' })).toBe(
      true,
    );
    expect(await companies.findById(a)).toMatchObject({ timezone: 'America/Bogota' });
    expect((await companies.findById(b))?.name).toBe(taken);
  });

  it('keeps both of two settings changes made at once: the row stays locked until the first commits', async () => {
    const company = await createTestCompany(db);
    let read: () => void = () => undefined;
    const firstHasRead = new Promise<void>((resolve) => {
      read = resolve;
    });
    const change = (key: keyof CompanySettings, delay: number) =>
      companies.transaction(async (trx) => {
        const stored = await companies.lockSettings(trx, company);
        read();
        await pause(delay);
        await companies.writeSettings(trx, company, { ...stored, [key]: true });
      });
    const first = change('isBotAutoAssignActive', 200);
    await firstHasRead;
    await Promise.all([first, change('isShowActiveAgents', 0)]);
    expect((await companies.findById(company))?.settings).toEqual({
      isBotAutoAssignActive: true,
      isShowActiveAgents: true,
    });
    expect(await companies.transaction((trx) => companies.lockSettings(trx, -1))).toBeUndefined();
  });

  it('adds the default tag once, sets the team limits, counts and lists the members', async () => {
    const company = await createTestCompany(db);
    const tag = { companyId: company, name: 'Reasignada', color: '#000000', key: `${company}:reasignada` };
    await companies.insertDefaultTag(db, tag);
    await companies.insertDefaultTag(db, tag);
    const tags = await db
      .selectFrom('tags')
      .select(['name', 'isDefault'])
      .where('companyId', '=', company)
      .execute();
    expect(tags).toEqual([{ name: 'Reasignada', isDefault: true }]);

    await companies.setTeamLimits(db, company, { usersLimit: 25, adminsLimit: 5 });
    expect(await companies.findById(company)).toMatchObject({ usersLimit: 25, adminsLimit: 5 });
    expect(await companies.count()).toBeGreaterThanOrEqual(1);

    const role = await db
      .insertInto('roles')
      .values({ companyId: company, name: 'r', key: `${company}:r` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await db
      .insertInto('users')
      .values({
        companyId: company,
        roleId: role.id,
        name: 'U',
        email: `c-${company}@test.local`,
        passwordHash: 'x',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await companies.memberIds(company)).toEqual([user.id]);
  });

  it('sets the two-factor policy', async () => {
    const company = await createTestCompany(db);
    await companies.setTwoFactorPolicy(company, true);
    expect(await companies.findById(company)).toMatchObject({ hasUsed2FA: true });
  });
});
