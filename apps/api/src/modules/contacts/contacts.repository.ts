import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import { isUniqueViolation } from '../../database/unique-name';
import type { ClientRow } from '../clients/conversations.repository';

/** A contact created by hand (02 §8 createClient). */
export type NewContact = Pick<
  ClientRow,
  'companyId' | 'channelId' | 'key' | 'senderId' | 'name' | 'cleanedName' | 'agentId'
>;

/** A contact of an import batch; its key is the channel's prefix and the phone. */
export interface ImportedContact {
  phone: string;
  firstName: string | null;
  lastName: string | null;
  cleanedName: string;
  agentId: number;
  categoryId: number | null;
}

/**
 * Contacts (issue 5): conversations created by hand or imported in bulk into a phone channel, and what an import
 * resolves names against (the company's agents by e-mail, its tags by key). A batch's writes go through
 * `transaction()` so a failure loses the batch, never half a contact.
 */
@Injectable()
export class ContactsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Source MANUAL, answered, not archived. The new id, or undefined when the channel already has the phone. */
  async create(contact: NewContact): Promise<number | undefined> {
    const row = await this.db
      .insertInto('clients')
      .values({
        ...contact,
        answered: true,
        isArchived: false,
        source: 'MANUAL',
        lastUpdate: sql`now()`,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * A contact's new phone (and so key and search name); false, with nothing changed, when another contact has
   * the key — checked in the statement, and by the unique index when another request takes it meanwhile.
   */
  async changePhone(
    clientId: number,
    contact: Pick<ClientRow, 'senderId' | 'key' | 'cleanedName'>,
  ): Promise<boolean> {
    const row = await this.db
      .updateTable('clients')
      .set({ ...contact, updatedAt: sql`now()` })
      .where('id', '=', clientId)
      .where(({ not, exists, selectFrom, lit }) =>
        not(exists(selectFrom('clients as o').select(lit(1).as('one')).where('o.key', '=', contact.key))),
      )
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    return row !== undefined;
  }

  /** The company's users by lower-case e-mail: an import row's agent column names one. */
  agentsByEmail(companyId: number): Promise<Array<{ id: number; email: string }>> {
    return this.db
      .selectFrom('users')
      .select((eb) => ['id', eb.fn<string>('lower', ['email']).as('email')])
      .where('companyId', '=', companyId)
      .execute();
  }

  async isCompanyUser(companyId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('companyId', '=', companyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The company's categories, oldest first. 02 §5 gives imported contacts "a fixed default category"; there is no
   * flag for it, so the company's default is its first category (the oldest), which no later one displaces.
   */
  categories(companyId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('companyId', '=', companyId)
      .orderBy('id')
      .execute();
  }

  tagKeys(companyId: number): Promise<Array<{ id: number; key: string }>> {
    return this.db.selectFrom('tags').select(['id', 'key']).where('companyId', '=', companyId).execute();
  }

  /** Creates the tags (a key another request just created keeps its name); the ids of all of them by key. */
  async insertTags(
    db: Executor,
    companyId: number,
    tags: Array<{ name: string; color: string; key: string }>,
  ): Promise<Array<{ id: number; key: string }>> {
    if (tags.length === 0) return [];
    const { rows } = await sql<{ id: number; key: string }>`
      INSERT INTO tags ("companyId", name, color, key)
      SELECT ${companyId}, n, c, k
      FROM unnest(${tags.map((t) => t.name)}::text[], ${tags.map((t) => t.color)}::text[], ${tags.map((t) => t.key)}::text[])
        AS t(n, c, k)
      ON CONFLICT (key) DO UPDATE SET name = tags.name RETURNING id, key`.execute(db);
    return rows;
  }

  /**
   * The batch's contacts, source IMPORT, answered, not archived; a phone the channel already has is left alone.
   * The ones created, with their phone.
   */
  async insertContacts(
    db: Executor,
    companyId: number,
    channelId: number,
    contacts: ImportedContact[],
  ): Promise<Array<{ id: number; senderId: string }>> {
    const { rows } = await sql<{ id: number; senderId: string }>`
      INSERT INTO clients ("companyId", "channelId", key, "senderId", name, "lastName", "cleanedName", answered,
        "isArchived", source, "agentId", "categoryId", "lastUpdate")
      SELECT ${companyId}, ${channelId}, ${`${channelId}-`} || p, p, n, l, cn, true, false, 'IMPORT', a, k, now()
      FROM unnest(${contacts.map((c) => c.phone)}::text[], ${contacts.map((c) => c.firstName)}::text[],
        ${contacts.map((c) => c.lastName)}::text[], ${contacts.map((c) => c.cleanedName)}::text[],
        ${contacts.map((c) => c.agentId)}::int[], ${contacts.map((c) => c.categoryId)}::int[]) AS r(p, n, l, cn, a, k)
      ON CONFLICT (key) DO NOTHING RETURNING id, "senderId"`.execute(db);
    return rows;
  }

  async tagContacts(db: Executor, pairs: Array<{ clientId: number; tagId: number }>): Promise<void> {
    if (pairs.length === 0) return;
    await sql`
      INSERT INTO client_tags ("clientId", "tagId")
      SELECT * FROM unnest(${pairs.map((p) => p.clientId)}::int[], ${pairs.map((p) => p.tagId)}::int[])
      ON CONFLICT DO NOTHING`.execute(db);
  }

  /** Data-sheet values; a value the contact already has for the field is replaced. */
  async saveInfos(
    db: Executor,
    infos: Array<{ clientId: number; fieldId: number; value: string }>,
  ): Promise<void> {
    if (infos.length === 0) return;
    await sql`
      INSERT INTO client_infos ("clientId", "fieldId", value)
      SELECT * FROM unnest(${infos.map((i) => i.clientId)}::int[], ${infos.map((i) => i.fieldId)}::int[],
        ${infos.map((i) => i.value)}::text[])
      ON CONFLICT ("clientId", "fieldId") DO UPDATE SET value = EXCLUDED.value`.execute(db);
  }
}
