import { describe, expect, it } from 'vitest';
import { EmailVerificationsRepository } from '../../src/modules/auth/email-verifications.repository';
import { testDatabase } from './database';

const db = testDatabase();
const verifications = new EmailVerificationsRepository(db);

let counter = 0;
const uniqueEmail = () => `v${++counter}-${process.pid}-${Date.now()}@medium.test`;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('EmailVerificationsRepository', () => {
  it('replaces the code of an e-mail: new hash, unverified, no failed attempts', async () => {
    const email = uniqueEmail();
    await verifications.replace(
      { email, codeHash: 'h1', plan: 'basic', expiresAt: inMinutes(30) },
      new Date(),
    );
    const first = await verifications.countAttempt(email, 5);
    expect(first?.codeHash).toBe('h1');
    await verifications.markVerified(first?.id ?? -1);
    await verifications.countAttempt(email, 5);
    const sentAt = new Date(Date.now() - 5000);
    await verifications.replace({ email, codeHash: 'h2', plan: null, expiresAt: inMinutes(30) }, sentAt);
    const row = await verifications.find(email);
    expect(row).toMatchObject({
      id: first?.id,
      codeHash: 'h2',
      plan: null,
      verifiedAt: null,
      failedAttempts: 0,
    });
    expect(row?.lastSentAt.getTime()).toBe(sentAt.getTime());
  });

  it('counts attempts up to the cap, even for a parallel burst', async () => {
    const email = uniqueEmail();
    await verifications.replace({ email, codeHash: 'h', plan: null, expiresAt: inMinutes(30) }, new Date());
    const results = await Promise.all(Array.from({ length: 20 }, () => verifications.countAttempt(email, 5)));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect((await verifications.find(email))?.failedAttempts).toBe(5);
    expect(await verifications.countAttempt(email, 5)).toBeUndefined();
  });

  it('counts nothing on an expired code or an unknown e-mail', async () => {
    const email = uniqueEmail();
    await verifications.replace({ email, codeHash: 'h', plan: null, expiresAt: inMinutes(-1) }, new Date());
    expect(await verifications.countAttempt(email, 5)).toBeUndefined();
    expect((await verifications.find(email))?.failedAttempts).toBe(0);
    expect(await verifications.countAttempt(uniqueEmail(), 5)).toBeUndefined();
  });

  it('gives the right guess its attempt back and marks the e-mail verified; deletes in a transaction', async () => {
    const email = uniqueEmail();
    await verifications.replace({ email, codeHash: 'h', plan: null, expiresAt: inMinutes(30) }, new Date());
    await verifications.countAttempt(email, 5);
    const record = await verifications.countAttempt(email, 5);
    await verifications.markVerified(record?.id ?? -1);
    const row = await verifications.find(email);
    expect(row?.failedAttempts).toBe(1);
    expect(row?.verifiedAt).toBeInstanceOf(Date);
    await db.transaction().execute((trx) => verifications.delete(trx, email));
    expect(await verifications.find(email)).toBeUndefined();
  });
});
