import { CompanyStatus } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { WhatsappBusinessProfiles, WhatsappLinkingBookings } from '../../database/schema';

export type BusinessProfileRow = Selectable<WhatsappBusinessProfiles>;
export type LinkingBookingRow = Selectable<WhatsappLinkingBookings>;

/** How a channel was linked: the provider's own id of the number (360dialog channel id, Cloud API number id). */
export interface LinkRow {
  companyId: number;
  channelId: number;
}

export interface NewLink {
  companyId: number;
  channelId: number;
  provider: string;
  externalId: string;
  clientId?: string | null;
  wabaId?: string | null;
  /** Sealed. */
  pin?: string | null;
}

export interface BookingFields {
  eventStartTime: Date | null;
  inviteeEmail: string | null;
  inviteeName: string | null;
  eventUri: string | null;
}

/** Issue 19 linking tables, and the company status step a linked number completes. */
@Injectable()
export class WhatsappLinkingRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  findLink(provider: string, externalId: string, db: Executor = this.db): Promise<LinkRow | undefined> {
    return db
      .selectFrom('whatsapp_links')
      .select(['companyId', 'channelId'])
      .where('provider', '=', provider)
      .where('externalId', '=', externalId)
      .executeTakeFirst();
  }

  async insertLink(db: Executor, link: NewLink): Promise<void> {
    await db
      .insertInto('whatsapp_links')
      .values(link)
      .onConflict((oc) => oc.column('channelId').doNothing())
      .execute();
  }

  /** A channel linked again (360dialog's new key revokes the old one): its sealed token is replaced. */
  async replaceToken(db: Executor, channelId: number, accessToken: string | null): Promise<void> {
    await db
      .updateTable('channels')
      .set({ accessToken, isActive: true, updatedAt: new Date() })
      .where('id', '=', channelId)
      .execute();
  }

  async setChannelPhone(db: Executor, channelId: number, phone: string): Promise<void> {
    await db
      .updateTable('channels')
      .set({ phone, updatedAt: new Date() })
      .where('id', '=', channelId)
      .execute();
  }

  /**
   * The company's status and whether its subscription is still in its trial (no subscription: not in a trial),
   * the row locked so two linkings at once step the status once.
   */
  async companyForStatus(
    db: Executor,
    companyId: number,
  ): Promise<{ status: string; inTrial: boolean } | undefined> {
    const company = await db
      .selectFrom('companies')
      .select('status')
      .where('id', '=', companyId)
      .forUpdate()
      .executeTakeFirst();
    if (!company) return undefined;
    const subscription = await db
      .selectFrom('billing_subscriptions')
      .select(['status', 'trialEnd'])
      .where('companyId', '=', companyId)
      .executeTakeFirst();
    const inTrial =
      subscription !== undefined &&
      (subscription.status === 'trialing' ||
        (subscription.trialEnd !== null && new Date(subscription.trialEnd).getTime() > Date.now()));
    return { status: company.status, inTrial };
  }

  /** Moves a company still awaiting its number to `next`; false when it was not awaiting it. */
  /** The company has a WhatsApp number from now on (the first linking's time is kept). */
  async markLinked(db: Executor, companyId: number): Promise<void> {
    await db
      .updateTable('companies')
      .set({ whatsappLinkedAt: sql`coalesce("whatsappLinkedAt", now())` })
      .where('id', '=', companyId)
      .execute();
  }

  async stepStatus(db: Executor, companyId: number, next: CompanyStatus): Promise<boolean> {
    const result = await db
      .updateTable('companies')
      .set({ status: next })
      .where('id', '=', companyId)
      .where('status', '=', CompanyStatus.AWAITING_WA_VINCULATION)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  profile(channelId: number): Promise<BusinessProfileRow | undefined> {
    return this.db
      .selectFrom('whatsapp_business_profiles')
      .selectAll()
      .where('channelId', '=', channelId)
      .executeTakeFirst();
  }

  async saveProfile(
    row: Omit<BusinessProfileRow, 'updatedAt' | 'photoUrl'> & { photoUrl?: string | null },
  ): Promise<void> {
    const { channelId, companyId, ...fields } = row;
    const update = { ...fields, updatedAt: new Date() };
    await this.db
      .insertInto('whatsapp_business_profiles')
      .values({ channelId, companyId, ...fields })
      .onConflict((oc) => oc.column('channelId').doUpdateSet(update))
      .execute();
  }

  companyName(companyId: number): Promise<{ name: string } | undefined> {
    return this.db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  }

  onboardingIdOf(companyId: number): Promise<{ id: string } | undefined> {
    return this.db
      .selectFrom('onboarding_in_process')
      .select('id')
      .where('companyId', '=', companyId)
      .executeTakeFirst();
  }

  /** The company's booking, created or updated with the latest scheduling return. */
  async saveBooking(
    companyId: number,
    onboardingId: string | null,
    fields: BookingFields,
  ): Promise<LinkingBookingRow> {
    return (
      this.db
        .insertInto('whatsapp_linking_bookings')
        .values({ companyId, onboardingId, ...fields })
        // A later return without a field (the web's own date form sends only the date) keeps what was recorded.
        .onConflict((oc) =>
          oc.column('companyId').doUpdateSet((eb) => ({
            onboardingId,
            eventStartTime: eb.fn.coalesce(
              'excluded.eventStartTime',
              'whatsapp_linking_bookings.eventStartTime',
            ),
            inviteeEmail: eb.fn.coalesce('excluded.inviteeEmail', 'whatsapp_linking_bookings.inviteeEmail'),
            inviteeName: eb.fn.coalesce('excluded.inviteeName', 'whatsapp_linking_bookings.inviteeName'),
            eventUri: eb.fn.coalesce('excluded.eventUri', 'whatsapp_linking_bookings.eventUri'),
            updatedAt: new Date(),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow()
    );
  }

  /** Claims the one mail to support; false when it was claimed already. */
  async claimMail(companyId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('whatsapp_linking_bookings')
      .set({ mailedAt: new Date() })
      .where('companyId', '=', companyId)
      .where('mailedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async releaseMail(companyId: number): Promise<void> {
    await this.db
      .updateTable('whatsapp_linking_bookings')
      .set({ mailedAt: null })
      .where('companyId', '=', companyId)
      .execute();
  }
}
