import type { Insertable } from 'kysely';
import type { Database } from '../../src/database/kysely';
import type { Channels, Clients } from '../../src/database/schema';
import { createTestCompany } from './database';

/**
 * Fixtures for the repository tests that need channels and conversations (people and spaces are in people.ts).
 * Provider ids and customer numbers carry a counter of the run and the company id, so tests sharing the database
 * never collide on their unique indexes.
 */

let seq = 0;

export interface ChannelFields {
  name?: string;
  platform?: Channels['platform'];
  /** The spaces the channel belongs to. */
  spaceIds?: number[];
}

export async function createChannel(
  db: Database,
  companyId: number,
  { name = 'Canal', platform = 'whatsapp_cloud', spaceIds = [] }: ChannelFields = {},
): Promise<number> {
  seq += 1;
  const { id } = await db
    .insertInto('channels')
    .values({ companyId, name, platform, providerId: `medium-${process.pid}-${companyId}-${seq}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const spaceId of spaceIds)
    await db.insertInto('space_channels').values({ channelId: id, spaceId }).execute();
  return id;
}

/** Any column of the conversation but its company and channel. */
export type ConversationFields = Omit<Partial<Insertable<Clients>>, 'companyId' | 'channelId'>;

/**
 * A conversation of the channel: a customer number of its own unless `senderId` is given, keyed
 * `<channelId>-<senderId>` as the webhooks key it unless `key` is given.
 */
export async function createConversation(
  db: Database,
  companyId: number,
  channelId: number,
  fields: ConversationFields = {},
): Promise<number> {
  seq += 1;
  const senderId = fields.senderId ?? `52155${String(seq).padStart(8, '0')}`;
  const { id } = await db
    .insertInto('clients')
    .values({ key: `${channelId}-${senderId}`, ...fields, companyId, channelId, senderId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface CompanyConversation {
  companyId: number;
  channelId: number;
  clientId: number;
}

/** A fresh company with one channel and one conversation on it. */
export async function createCompanyConversation(
  db: Database,
  fields: { companyName?: string; platform?: Channels['platform']; senderId?: string } = {},
): Promise<CompanyConversation> {
  const companyId = await createTestCompany(db, fields.companyName);
  const channelId = await createChannel(db, companyId, { platform: fields.platform });
  const clientId = await createConversation(db, companyId, channelId, { senderId: fields.senderId });
  return { companyId, channelId, clientId };
}
