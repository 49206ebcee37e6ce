import { describe, expect, it } from 'vitest';
import { DevOutboxRepository } from '../../src/providers/mail/dev-outbox.repository';
import { testDatabase } from './database';

const db = testDatabase();
const outbox = new DevOutboxRepository(db);

describe('DevOutboxRepository', () => {
  it('keeps mail and reads the newest first, up to the limit', async () => {
    const marker = `${process.pid}-${Date.now()}`;
    for (const n of [1, 2, 3]) {
      await outbox.insert({
        to: `dev-${marker}-${n}@example.com`,
        subject: `S${n}`,
        text: `t${n}`,
        html: `<p>${n}</p>`,
      });
    }
    const latest = await outbox.latest(2);
    expect(latest).toHaveLength(2);
    expect(latest.map((m) => m.to)).toEqual([`dev-${marker}-3@example.com`, `dev-${marker}-2@example.com`]);
    expect(latest[0]).toMatchObject({ subject: 'S3', text: 't3', html: '<p>3</p>' });
    expect(latest[0].createdAt).toBeInstanceOf(Date);
  });
});
