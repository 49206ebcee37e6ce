import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/database/kysely';
import { ChannelsRepository } from '../../src/modules/channels/channels.repository';
import { createTestCompany, testDatabase } from './database';

const db = testDatabase();
const channels = new ChannelsRepository(db);

let counter = 0;
const uniqueId = (prefix: string) => {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
};

async function space(
  database: Database,
  companyId: number,
  name: string,
  isDefault = false,
): Promise<number> {
  const row = await database
    .insertInto('spaces')
    .values({ companyId, name: `${name} ${uniqueId('s')}`, isDefault })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function channel(companyId: number, fields: Partial<Parameters<ChannelsRepository['create']>[1]> = {}) {
  return channels.create(db, {
    companyId,
    name: 'Canal',
    platform: 'sms',
    providerId: uniqueId('p'),
    ...fields,
  });
}

async function read(id: number) {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('ChannelsRepository', () => {
  it('finds a channel by provider id on its platform only, and by id within its company only', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const providerId = uniqueId('p');
    const id = await channel(company, { providerId, platform: 'dialog360' });
    expect((await channels.findByProviderId('dialog360', providerId))?.id).toBe(id);
    expect(await channels.findByProviderId('sms', providerId)).toBeUndefined();
    expect((await channels.findById(id))?.companyId).toBe(company);
    expect((await channels.findForCompany(company, id))?.id).toBe(id);
    expect(await channels.findForCompany(other, id)).toBeUndefined();
    const second = await channel(company);
    await channel(other);
    expect((await channels.listForCompany(company)).map((c) => c.id)).toEqual([id, second]);
  });

  it('refuses a provider id already taken on the platform, across companies', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const providerId = uniqueId('p');
    await channel(company, { providerId });
    await expect(channel(other, { providerId })).rejects.toMatchObject({ code: '23505' });
    await expect(channel(other, { providerId, platform: 'dialog360' })).resolves.toEqual(expect.any(Number));
  });

  it('creates a channel in the default space within one transaction, or not at all', async () => {
    const company = await createTestCompany(db);
    await space(db, company, 'Otro');
    const defaultSpace = await space(db, company, 'General', true);
    const id = await channels.transaction(async (trx) => {
      const created = await channels.create(trx, {
        companyId: company,
        name: 'N',
        platform: 'sms',
        providerId: uniqueId('p'),
      });
      await channels.addToDefaultSpace(trx, company, created);
      return created;
    });
    const links = await db
      .selectFrom('space_channels')
      .select('spaceId')
      .where('channelId', '=', id)
      .execute();
    expect(links).toEqual([{ spaceId: defaultSpace }]);
    // Defaults of the table: active, no chatbot, quality NA.
    expect(await read(id)).toMatchObject({ isActive: true, useChatbot: false, qualityRating: 'NA' });

    const providerId = uniqueId('p');
    await expect(
      channels.transaction(async (trx) => {
        const created = await channels.create(trx, {
          companyId: company,
          name: 'X',
          platform: 'sms',
          providerId,
        });
        await channels.addToDefaultSpace(trx, company, created);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await channels.findByProviderId('sms', providerId)).toBeUndefined();
  });

  it('leaves a channel of a company without a default space outside every space', async () => {
    const company = await createTestCompany(db);
    await space(db, company, 'No es default');
    const id = await channel(company);
    await channels.addToDefaultSpace(db, company, id);
    expect(
      await db.selectFrom('space_channels').select('spaceId').where('channelId', '=', id).execute(),
    ).toEqual([]);
  });

  it('lists the company’s channels with slot, sorted spaces and ISO timestamps, filtered by spaces', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const a = await space(db, company, 'A');
    const b = await space(db, company, 'B');
    const first = await channel(company, {
      platform: 'sandbox',
      expiresAt: new Date('2030-01-02T03:04:05.678Z'),
    });
    const second = await channel(company);
    const third = await channel(company);
    await channel(other);
    await db
      .insertInto('space_channels')
      .values([
        { channelId: first, spaceId: b },
        { channelId: first, spaceId: a },
        { channelId: second, spaceId: b },
      ])
      .execute();
    await db
      .insertInto('channel_slots')
      .values({ channelId: first, companyId: company, name: 'slot', status: 'AUTHENTICATED' })
      .execute();

    const all = await channels.listings(company, null);
    expect(all.map((c) => c.id)).toEqual([first, second, third]);
    expect(all[0]).toMatchObject({ slotStatus: 'AUTHENTICATED', spaceIds: [a, b], platform: 'sandbox' });
    expect(all[0].expiresAt).toMatch(/^2030-01-02T03:04:05\.678/);
    expect(new Date(all[0].expiresAt ?? '').toISOString()).toBe('2030-01-02T03:04:05.678Z');
    expect(all[0].createdAt).toEqual(expect.any(String));
    expect(all[0]).not.toHaveProperty('accessToken');
    expect(all[2]).toMatchObject({ slotStatus: null, spaceIds: [], expiresAt: null });

    expect((await channels.listings(company, [a])).map((c) => c.id)).toEqual([first]);
    expect((await channels.listings(company, [b])).map((c) => c.id)).toEqual([first, second]);
    expect(await channels.listings(company, [])).toEqual([]);
    expect((await channels.listingById(second))?.spaceIds).toEqual([b]);
    expect(await channels.listingById(-1)).toBeUndefined();
  });

  it('turns the chatbot off on activation only; renames and switches the chatbot within the company', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const id = await channel(company, { isActive: false, useChatbot: true });
    await channels.setActive(id, false);
    expect(await read(id)).toMatchObject({ isActive: false, useChatbot: true });
    await channels.setActive(id, true);
    expect(await read(id)).toMatchObject({ isActive: true, useChatbot: false });

    expect(await channels.setChatbot(other, id, true)).toBe(false);
    expect(await channels.rename(other, id, 'Ajeno')).toBe(false);
    expect(await read(id)).toMatchObject({ useChatbot: false, name: 'Canal' });
    expect(await channels.setChatbot(company, id, true)).toBe(true);
    expect(await channels.rename(company, id, 'Nuevo')).toBe(true);
    expect(await read(id)).toMatchObject({ useChatbot: true, name: 'Nuevo' });
  });

  it('reads and updates Messenger pages for the sync', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const mine = uniqueId('page');
    const theirs = uniqueId('page');
    const inactive = uniqueId('page');
    const active = await channel(company, {
      platform: 'messenger',
      providerId: mine,
      useChatbot: true,
      imageUrl: 'old.jpg',
    });
    const dormant = await channel(company, {
      platform: 'messenger',
      providerId: inactive,
      isActive: false,
      useChatbot: true,
    });
    await channel(company, { platform: 'sms' });
    await channel(other, { platform: 'messenger', providerId: theirs });

    expect(await channels.pagesOf(company, 'messenger')).toEqual([
      { channelId: active, pageId: mine, isActive: true },
      { channelId: dormant, pageId: inactive, isActive: false },
    ]);
    expect(await channels.pagesOfOthers(company, 'messenger', [mine, theirs, 'nope'])).toEqual([theirs]);
    expect(await channels.pagesOfOthers(company, 'sms', [mine, theirs])).toEqual([]);
    expect(await channels.pagesOfOthers(company, 'messenger', [])).toEqual([]);

    const expiresAt = new Date('2031-05-06T07:08:09.000Z');
    await channels.refreshMessengerPage(active, { accessToken: 'sealed-1', imageUrl: null, expiresAt });
    await channels.refreshMessengerPage(dormant, { accessToken: 'sealed-2', imageUrl: 'new.jpg', expiresAt });
    // An active page keeps its chatbot and, without a new picture, its old one; an inactive one is activated.
    expect(await read(active)).toMatchObject({
      accessToken: 'sealed-1',
      imageUrl: 'old.jpg',
      isActive: true,
      useChatbot: true,
      expiresAt,
    });
    expect(await read(dormant)).toMatchObject({
      accessToken: 'sealed-2',
      imageUrl: 'new.jpg',
      isActive: true,
      useChatbot: false,
    });

    const foreign = await channel(other, { platform: 'messenger' });
    await channels.deactivate(company, [active, foreign]);
    expect((await read(active)).isActive).toBe(false);
    expect((await read(foreign)).isActive).toBe(true);
    await channels.deactivate(company, []);

    await channels.setExpiresAt(dormant, null);
    expect((await read(dormant)).expiresAt).toBeNull();
  });
});
