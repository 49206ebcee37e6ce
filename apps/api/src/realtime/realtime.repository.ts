import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Client as PgClient } from 'pg';
import { DATABASE_URL, type Database, InjectDatabase } from '../database/kysely';

/** A dedicated connection listening on one channel; `close()` ends it. */
export interface BusListener {
  close(): Promise<void>;
}

export interface BusHandlers {
  notification(payload: string): void;
  /** The connection failed or ended (not called after `close()` is asked for). */
  lost(reason: string): void;
}

/**
 * The real-time bus's database side (ARCHITECTURE rule 9): PostgreSQL NOTIFY between API instances, a LISTEN
 * connection per instance, and the realtime_attachments table for events too big for a notification.
 */
@Injectable()
export class RealtimeRepository {
  constructor(
    @InjectDatabase() private readonly db: Database,
    @Inject(DATABASE_URL) private readonly url: string,
  ) {}

  /** LISTEN on a connection of its own (a pooled one would be handed to other queries). */
  async listen(channel: string, handlers: BusHandlers): Promise<BusListener> {
    const listener = new PgClient({ connectionString: this.url });
    let closing = false;
    listener.on('error', (error: Error) => {
      if (!closing) handlers.lost(error.message);
    });
    listener.on('end', () => {
      if (!closing) handlers.lost('connection ended');
    });
    listener.on('notification', (msg) => {
      if (msg.payload) handlers.notification(msg.payload);
    });
    const close = async () => {
      closing = true;
      await listener.end().catch(() => undefined);
    };
    try {
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
    } catch (error) {
      await close();
      throw error;
    }
    return { close };
  }

  /** Several notifications in one round trip, delivered in order. */
  async notify(channel: string, payloads: string[]): Promise<void> {
    if (payloads.length === 0) return;
    await sql`SELECT ${sql.join(payloads.map((payload) => sql`pg_notify(${channel}, ${payload})`))}`.execute(
      this.db,
    );
  }

  /** Keeps an event too big for a notification; the notification names it by the returned id. */
  async attach(payload: string): Promise<string> {
    const row = await this.db
      .insertInto('realtime_attachments')
      .values({ payload })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** Issue 19: the company's channels that have a phone, for the QR page's phone_{phone} rooms. */
  channelPhones(companyId: number): Promise<Array<{ platform: string; phone: string | null }>> {
    return this.db
      .selectFrom('channels')
      .select(['platform', 'phone'])
      .where('companyId', '=', companyId)
      .where('phone', 'is not', null)
      .execute();
  }

  async attachment(id: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('realtime_attachments')
      .select('payload')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.payload;
  }
}
