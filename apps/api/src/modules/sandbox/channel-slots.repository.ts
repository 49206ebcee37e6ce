import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { ChannelSlots } from '../../database/schema';

export type ChannelSlotRow = Selectable<ChannelSlots>;
export type NewChannelSlot = Insertable<ChannelSlots>;

/**
 * The channel_slots table: the linked-device slot of a sandbox channel (02 §3 Channel status), one row per channel.
 * The QR's one-time code is kept only as its hash.
 */
@Injectable()
export class ChannelSlotsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  find(channelId: number): Promise<ChannelSlotRow | undefined> {
    return this.db
      .selectFrom('channel_slots')
      .selectAll()
      .where('channelId', '=', channelId)
      .executeTakeFirst();
  }

  /**
   * Serialises slot creation per company until the transaction ends (01 §9 slots limit), and then counts the
   * company's slots: two transactions cannot both see room for the last one.
   */
  async lockAndCount(trx: Executor, companyId: number): Promise<number> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('channel_slots'), ${companyId})`.execute(trx);
    const row = await trx
      .selectFrom('channel_slots')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('companyId', '=', companyId)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  async insert(db: Executor, slot: NewChannelSlot): Promise<void> {
    await db.insertInto('channel_slots').values(slot).execute();
  }

  /** A fresh QR code (its hash) and when it stops being accepted. */
  async setPairing(channelId: number, codeHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('channel_slots')
      .set({ pairingCodeHash: codeHash, pairingExpiresAt: expiresAt, updatedAt: sql`now()` })
      .where('channelId', '=', channelId)
      .execute();
  }

  /** The company's slot waiting for this code (its hash), whether or not the code has expired. */
  findPairing(
    companyId: number,
    codeHash: string,
  ): Promise<{ channelId: number; pairingExpiresAt: Date | null } | undefined> {
    return this.db
      .selectFrom('channel_slots')
      .select(['channelId', 'pairingExpiresAt'])
      .where('companyId', '=', companyId)
      .where('pairingCodeHash', '=', codeHash)
      .where('status', '=', 'LOGGING')
      .executeTakeFirst();
  }

  /** The device presented the code: the slot is linked and the code spent. */
  async markLinked(db: Executor, channelId: number): Promise<void> {
    await db
      .updateTable('channel_slots')
      .set({
        status: 'AUTHENTICATED',
        linkedAt: sql`now()`,
        pairingCodeHash: null,
        pairingExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where('channelId', '=', channelId)
      .execute();
  }

  /** The device logged out: the slot waits for a new QR. */
  async markLoggedOut(db: Executor, channelId: number): Promise<void> {
    await db
      .updateTable('channel_slots')
      .set({
        status: 'LOGGING',
        linkedAt: null,
        pairingCodeHash: null,
        pairingExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where('channelId', '=', channelId)
      .execute();
  }

  async setChatHistoryTime(channelId: number, range: string): Promise<void> {
    await this.db
      .updateTable('channel_slots')
      .set({ chatHistoryTime: range, updatedAt: sql`now()` })
      .where('channelId', '=', channelId)
      .execute();
  }
}
