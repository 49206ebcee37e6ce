import type { CompanyStatus, PaymentMethod, Plan } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../database/kysely';
import type { BillingCustomers, BillingSubscriptions } from '../../database/schema';

export type BillingCustomerRow = Selectable<BillingCustomers>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptions>;
export type NewBillingSubscription = Omit<Insertable<BillingSubscriptions>, 'id' | 'createdAt' | 'updatedAt'>;
export type SubscriptionPatch = Partial<
  Pick<BillingSubscriptionRow, 'status' | 'trialEnd' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>
> &
  Partial<Pick<BillingSubscriptionRow, 'plan' | 'agents' | 'conversations' | 'priceCents'>>;

export interface CompanyBillingRow {
  id: number;
  name: string;
  status: CompanyStatus;
  plan: Plan;
  paymentIntents: number;
  expirationDate: Date | null;
  usersLimit: number | null;
  conversationsLimit: number | null;
  whatsappLinkedAt: Date | null;
}

/** Billing tables: the company's provider customer and subscription, the provider events applied. */
@Injectable()
export class BillingRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Serialises a company's first payment: without a trial it is charged at once, so two submitted together (a
   * double click, two tabs, two API instances) must not both reach the provider. Held across the provider calls.
   */
  async lockFirstPayment(trx: Executor, companyId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtext('first_payment'), ${companyId}::int)`.execute(trx);
  }

  company(
    companyId: number,
    db: Executor = this.db,
    forUpdate = false,
  ): Promise<CompanyBillingRow | undefined> {
    let query = db
      .selectFrom('companies')
      .select([
        'id',
        'name',
        'status',
        'plan',
        'paymentIntents',
        'expirationDate',
        'usersLimit',
        'conversationsLimit',
        'whatsappLinkedAt',
      ])
      .where('id', '=', companyId);
    if (forUpdate) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async userEmail(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email ?? null;
  }

  async setCompanyBilling(
    db: Executor,
    companyId: number,
    billing: {
      status?: CompanyStatus;
      paymentIntents?: number;
      expirationDate?: Date | null;
      paymentMethod?: PaymentMethod;
    },
  ): Promise<void> {
    await db
      .updateTable('companies')
      .set({ ...billing, updatedAt: sql`now()` })
      .where('id', '=', companyId)
      .execute();
  }

  customerOfCompany(
    companyId: number,
    db: Executor = this.db,
    forUpdate = false,
  ): Promise<BillingCustomerRow | undefined> {
    let query = db.selectFrom('billing_customers').selectAll().where('companyId', '=', companyId);
    if (forUpdate) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  customerByProviderId(db: Executor, providerCustomerId: string): Promise<BillingCustomerRow | undefined> {
    return db
      .selectFrom('billing_customers')
      .selectAll()
      .where('providerCustomerId', '=', providerCustomerId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** The company's customer; an existing one wins a race between two first payments. */
  async insertCustomer(
    companyId: number,
    provider: string,
    providerCustomerId: string,
  ): Promise<BillingCustomerRow> {
    await this.db
      .insertInto('billing_customers')
      .values({ companyId, provider, providerCustomerId })
      .onConflict((oc) => oc.column('companyId').doNothing())
      .execute();
    return (await this.customerOfCompany(companyId)) as BillingCustomerRow;
  }

  async setCustomerLastEventAt(db: Executor, id: number, at: Date): Promise<void> {
    await db.updateTable('billing_customers').set({ lastEventAt: at }).where('id', '=', id).execute();
  }

  /**
   * 01 §4: a trial that ended without a subscription leaves the company awaiting its first payment (the web then
   * forces /payment). A company whose trial is covered by a live subscription is charged by the provider instead.
   */
  async expireTrials(now: Date): Promise<number[]> {
    const rows = await this.db
      .updateTable('companies')
      .set({ status: 'AWAITING_FIRST_PAYMENT' as CompanyStatus, updatedAt: sql`now()` })
      .where('status', '=', 'TRIAL' as CompanyStatus)
      .where('expirationDate', '<', now)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('billing_subscriptions')
              .select('billing_subscriptions.id')
              .whereRef('billing_subscriptions.companyId', '=', 'companies.id')
              .where('billing_subscriptions.status', '!=', 'canceled'),
          ),
        ),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  subscriptionOfCompany(
    companyId: number,
    db: Executor = this.db,
  ): Promise<BillingSubscriptionRow | undefined> {
    return db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('companyId', '=', companyId)
      .executeTakeFirst();
  }

  subscriptionByProviderId(
    db: Executor,
    providerSubscriptionId: string,
  ): Promise<BillingSubscriptionRow | undefined> {
    return db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('providerSubscriptionId', '=', providerSubscriptionId)
      .executeTakeFirst();
  }

  /** The company's current subscription: a new one replaces an ended one. */
  async saveSubscription(db: Executor, subscription: NewBillingSubscription): Promise<void> {
    await db
      .insertInto('billing_subscriptions')
      .values(subscription)
      .onConflict((oc) =>
        oc.column('companyId').doUpdateSet((eb) => ({
          provider: eb.ref('excluded.provider'),
          providerSubscriptionId: eb.ref('excluded.providerSubscriptionId'),
          plan: eb.ref('excluded.plan'),
          agents: eb.ref('excluded.agents'),
          conversations: eb.ref('excluded.conversations'),
          priceCents: eb.ref('excluded.priceCents'),
          status: eb.ref('excluded.status'),
          trialEnd: eb.ref('excluded.trialEnd'),
          currentPeriodEnd: eb.ref('excluded.currentPeriodEnd'),
          cancelAtPeriodEnd: eb.ref('excluded.cancelAtPeriodEnd'),
          updatedAt: sql`now()`,
        })),
      )
      .execute();
  }

  async updateSubscription(id: number, patch: SubscriptionPatch, db: Executor = this.db): Promise<void> {
    await db
      .updateTable('billing_subscriptions')
      .set({ ...patch, updatedAt: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Claims a provider event id in the caller's transaction; false when it was claimed before (a replay), so its
   * effect is never applied twice. A concurrent duplicate waits on the key until the first commits.
   */
  async claimEvent(db: Executor, event: { id: string; type: string; created: Date }): Promise<boolean> {
    const result = await db
      .insertInto('billing_events')
      .values({ eventId: event.id, type: event.type, eventCreatedAt: event.created, applied: false })
      .onConflict((oc) => oc.column('eventId').doNothing())
      .executeTakeFirst();
    return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async markEventApplied(db: Executor, eventId: string): Promise<void> {
    await db.updateTable('billing_events').set({ applied: true }).where('eventId', '=', eventId).execute();
  }
}
