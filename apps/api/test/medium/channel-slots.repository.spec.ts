import { describe, expect, it } from 'vitest';
import { ChannelSlotsRepository } from '../../src/modules/sandbox/channel-slots.repository';
import { createTestCompany, testDatabase } from './database';
import { createChannel } from './fixtures';

const db = testDatabase();
const slots = new ChannelSlotsRepository(db);

const sandboxChannel = (companyId: number) =>
  createChannel(db, companyId, { name: 'Línea', platform: 'sandbox' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ChannelSlotsRepository', () => {
  it('finds a pending pairing by its code hash within the company only, while the slot is logging', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    const channelId = await sandboxChannel(company);
    await slots.insert(db, { channelId, companyId: company, name: 'Línea', status: 'LOGGING' });
    const expiresAt = new Date(Date.now() + 40_000);
    await slots.setPairing(channelId, 'hash-a', expiresAt);

    expect(await slots.findPairing(company, 'hash-a')).toEqual({ channelId, pairingExpiresAt: expiresAt });
    expect(await slots.findPairing(other, 'hash-a')).toBeUndefined();
    expect(await slots.findPairing(company, 'hash-b')).toBeUndefined();

    await slots.markLinked(db, channelId);
    expect(await slots.findPairing(company, 'hash-a')).toBeUndefined();
    const linked = await slots.find(channelId);
    expect(linked).toMatchObject({ status: 'AUTHENTICATED', pairingCodeHash: null, pairingExpiresAt: null });
    expect(linked?.linkedAt).toBeInstanceOf(Date);

    // A code set on a linked slot is not a pending pairing.
    await slots.setPairing(channelId, 'hash-c', expiresAt);
    expect(await slots.findPairing(company, 'hash-c')).toBeUndefined();

    await slots.setChatHistoryTime(channelId, 'month');
    await slots.markLoggedOut(db, channelId);
    expect(await slots.find(channelId)).toMatchObject({
      status: 'LOGGING',
      linkedAt: null,
      pairingCodeHash: null,
      chatHistoryTime: 'month',
    });
    expect(await slots.find(-1)).toBeUndefined();
  });

  it('counts the company’s slots only, and rolls a failed creation back', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    await slots.insert(db, { channelId: await sandboxChannel(company), companyId: company, name: 'a' });
    await slots.insert(db, { channelId: await sandboxChannel(other), companyId: other, name: 'b' });
    expect(await slots.transaction((trx) => slots.lockAndCount(trx, company))).toBe(1);

    const channelId = await sandboxChannel(company);
    await expect(
      slots.transaction(async (trx) => {
        await slots.insert(trx, { channelId, companyId: company, name: 'c' });
        throw new Error('limit');
      }),
    ).rejects.toThrow('limit');
    expect(await slots.find(channelId)).toBeUndefined();
  });

  it('serialises slot creation per company: a second count waits for the first transaction', async () => {
    const company = await createTestCompany(db);
    const other = await createTestCompany(db);
    let releaseFirst: () => void = () => undefined;
    const firstHolds = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstLocked: () => void = () => undefined;
    const locked = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    const channelId = await sandboxChannel(company);

    const first = slots.transaction(async (trx) => {
      const n = await slots.lockAndCount(trx, company);
      firstLocked();
      await firstHolds;
      await slots.insert(trx, { channelId, companyId: company, name: 'first' });
      return n;
    });
    await locked;
    let secondDone = false;
    const second = slots
      .transaction((trx) => slots.lockAndCount(trx, company))
      .then((n) => {
        secondDone = true;
        return n;
      });
    // Another company is not held up.
    expect(await slots.transaction((trx) => slots.lockAndCount(trx, other))).toBe(0);
    await sleep(200);
    expect(secondDone).toBe(false);
    releaseFirst();
    expect(await first).toBe(0);
    // It sees the slot the first transaction created.
    expect(await second).toBe(1);
  });
});
