import { Injectable } from '@nestjs/common';
import type { Insertable, Selectable } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';
import type { DevOutboxMails } from '../../database/schema';

export type DevOutboxMailRow = Selectable<DevOutboxMails>;
export type NewDevOutboxMail = Pick<Insertable<DevOutboxMails>, 'to' | 'subject' | 'text' | 'html'>;

/** The dev_outbox_mails table: mail kept instead of sent when no SMTP_URL is set (development only). */
@Injectable()
export class DevOutboxRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(mail: NewDevOutboxMail): Promise<void> {
    const { to, subject, text, html } = mail;
    await this.db.insertInto('dev_outbox_mails').values({ to, subject, text, html }).execute();
  }

  /** The newest mails first. */
  latest(limit: number): Promise<DevOutboxMailRow[]> {
    return this.db.selectFrom('dev_outbox_mails').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
