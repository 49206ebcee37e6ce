import { Injectable } from '@nestjs/common';
import type { Insertable, Selectable } from 'kysely';
import { type Database, type Executor, InjectDatabase } from '../../../database/kysely';
import type {
  SandboxPaymentCustomers,
  SandboxPaymentInvoices,
  SandboxPaymentMethods,
  SandboxPaymentSubscriptions,
} from '../../../database/schema';

export type SandboxCustomerRow = Selectable<SandboxPaymentCustomers>;
export type SandboxMethodRow = Selectable<SandboxPaymentMethods>;
export type SandboxSubscriptionRow = Selectable<SandboxPaymentSubscriptions>;
export type SandboxInvoiceRow = Selectable<SandboxPaymentInvoices>;

/** The sandbox payments provider's own records: what Stripe would keep, kept in our database instead. */
@Injectable()
export class SandboxPaymentsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async insertCustomer(customer: Insertable<SandboxPaymentCustomers>): Promise<void> {
    await this.db.insertInto('sandbox_payment_customers').values(customer).execute();
  }

  findCustomer(id: string): Promise<SandboxCustomerRow | undefined> {
    return this.db
      .selectFrom('sandbox_payment_customers')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setDefaultMethod(customerId: string, methodId: string | null): Promise<void> {
    await this.db
      .updateTable('sandbox_payment_customers')
      .set({ defaultPaymentMethodId: methodId })
      .where('id', '=', customerId)
      .execute();
  }

  async insertMethod(method: Insertable<SandboxPaymentMethods>): Promise<void> {
    await this.db.insertInto('sandbox_payment_methods').values(method).execute();
  }

  methodsOf(customerId: string): Promise<SandboxMethodRow[]> {
    return this.db
      .selectFrom('sandbox_payment_methods')
      .selectAll()
      .where('customerId', '=', customerId)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
  }

  /** Detaches the card; false when it is not the customer's. */
  async detachMethod(customerId: string, methodId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('sandbox_payment_methods')
      .set({ customerId: null })
      .where('id', '=', methodId)
      .where('customerId', '=', customerId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async insertSubscription(
    db: Executor,
    subscription: Insertable<SandboxPaymentSubscriptions>,
  ): Promise<void> {
    await db.insertInto('sandbox_payment_subscriptions').values(subscription).execute();
  }

  findSubscription(id: string): Promise<SandboxSubscriptionRow | undefined> {
    return this.db
      .selectFrom('sandbox_payment_subscriptions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async updateSubscription(
    id: string,
    patch: Partial<
      Pick<
        SandboxSubscriptionRow,
        | 'amountCents'
        | 'description'
        | 'status'
        | 'currentPeriodStart'
        | 'currentPeriodEnd'
        | 'cancelAtPeriodEnd'
      >
    >,
    db: Executor = this.db,
  ): Promise<void> {
    await db.updateTable('sandbox_payment_subscriptions').set(patch).where('id', '=', id).execute();
  }

  async insertInvoice(db: Executor, invoice: Insertable<SandboxPaymentInvoices>): Promise<void> {
    await db.insertInto('sandbox_payment_invoices').values(invoice).execute();
  }

  invoicesOf(customerId: string): Promise<SandboxInvoiceRow[]> {
    return this.db
      .selectFrom('sandbox_payment_invoices')
      .selectAll()
      .where('customerId', '=', customerId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(24)
      .execute();
  }

  /** Marks the customer's open invoices paid; returns them. */
  markOpenInvoicesPaid(customerId: string): Promise<SandboxInvoiceRow[]> {
    return this.db
      .updateTable('sandbox_payment_invoices')
      .set({ status: 'paid' })
      .where('customerId', '=', customerId)
      .where('status', '=', 'open')
      .returningAll()
      .execute();
  }
}
