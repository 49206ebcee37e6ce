import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 19, plans and billing: the company's purchased conversations; its payments-provider customer and current
 * subscription; the provider events already applied (webhooks are at-least-once: the event id is claimed in the
 * same transaction as its effect); and the sandbox provider's own customers, cards, subscriptions and invoices
 * (the default on a machine without Stripe keys, never a real charge).
 */
export class Billing1766000000100 implements MigrationInterface {
  name = 'Billing1766000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "companies" ADD "conversationsLimit" integer`);
    // "lastEventAt": the provider time of the last event applied to the company's billing; older ones are stale.
    await queryRunner.query(
      `CREATE TABLE "billing_customers" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "provider" character varying(10) NOT NULL, "providerCustomerId" character varying(255) NOT NULL, "lastEventAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_billing_customers" PRIMARY KEY ("id"), CONSTRAINT "UQ_billing_customers_company" UNIQUE ("companyId"), CONSTRAINT "UQ_billing_customers_provider_id" UNIQUE ("providerCustomerId"), CONSTRAINT "FK_billing_customers_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    // One current subscription per company; a new one (after an INACTIVE period) replaces the row.
    await queryRunner.query(
      `CREATE TABLE "billing_subscriptions" ("id" SERIAL NOT NULL, "companyId" integer NOT NULL, "provider" character varying(10) NOT NULL, "providerSubscriptionId" character varying(255) NOT NULL, "plan" character varying(10) NOT NULL, "agents" integer NOT NULL, "conversations" integer NOT NULL, "priceCents" integer NOT NULL, "status" character varying(30) NOT NULL, "trialEnd" TIMESTAMP WITH TIME ZONE, "currentPeriodEnd" TIMESTAMP WITH TIME ZONE, "cancelAtPeriodEnd" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_billing_subscriptions" PRIMARY KEY ("id"), CONSTRAINT "UQ_billing_subscriptions_company" UNIQUE ("companyId"), CONSTRAINT "UQ_billing_subscriptions_provider_id" UNIQUE ("providerSubscriptionId"), CONSTRAINT "FK_billing_subscriptions_company" FOREIGN KEY ("companyId") REFERENCES "companies"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "billing_events" ("eventId" character varying(255) NOT NULL, "type" character varying(100) NOT NULL, "eventCreatedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "applied" boolean NOT NULL, "processedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_billing_events" PRIMARY KEY ("eventId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sandbox_payment_customers" ("id" character varying(40) NOT NULL, "email" character varying(254), "name" character varying(200), "defaultPaymentMethodId" character varying(40), "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sandbox_payment_customers" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sandbox_payment_methods" ("id" character varying(40) NOT NULL, "customerId" character varying(40), "brand" character varying(20) NOT NULL, "last4" character varying(4) NOT NULL, "expMonth" integer NOT NULL, "expYear" integer NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sandbox_payment_methods" PRIMARY KEY ("id"), CONSTRAINT "FK_sandbox_payment_methods_customer" FOREIGN KEY ("customerId") REFERENCES "sandbox_payment_customers"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_sandbox_payment_methods_customer" ON "sandbox_payment_methods" ("customerId")`,
    );
    await queryRunner.query(
      `CREATE TABLE "sandbox_payment_subscriptions" ("id" character varying(40) NOT NULL, "customerId" character varying(40) NOT NULL, "amountCents" integer NOT NULL, "description" character varying(200) NOT NULL, "status" character varying(30) NOT NULL, "trialEnd" TIMESTAMP WITH TIME ZONE, "currentPeriodStart" TIMESTAMP WITH TIME ZONE NOT NULL, "currentPeriodEnd" TIMESTAMP WITH TIME ZONE NOT NULL, "cancelAtPeriodEnd" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sandbox_payment_subscriptions" PRIMARY KEY ("id"), CONSTRAINT "FK_sandbox_payment_subscriptions_customer" FOREIGN KEY ("customerId") REFERENCES "sandbox_payment_customers"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE TABLE "sandbox_payment_invoices" ("id" character varying(40) NOT NULL, "customerId" character varying(40) NOT NULL, "subscriptionId" character varying(40), "amountCents" integer NOT NULL, "currency" character varying(3) NOT NULL DEFAULT 'usd', "status" character varying(20) NOT NULL, "periodStart" TIMESTAMP WITH TIME ZONE NOT NULL, "periodEnd" TIMESTAMP WITH TIME ZONE NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_sandbox_payment_invoices" PRIMARY KEY ("id"), CONSTRAINT "FK_sandbox_payment_invoices_customer" FOREIGN KEY ("customerId") REFERENCES "sandbox_payment_customers"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_sandbox_payment_invoices_customer" ON "sandbox_payment_invoices" ("customerId", "createdAt")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sandbox_payment_invoices"`);
    await queryRunner.query(`DROP TABLE "sandbox_payment_subscriptions"`);
    await queryRunner.query(`DROP TABLE "sandbox_payment_methods"`);
    await queryRunner.query(`DROP TABLE "sandbox_payment_customers"`);
    await queryRunner.query(`DROP TABLE "billing_events"`);
    await queryRunner.query(`DROP TABLE "billing_subscriptions"`);
    await queryRunner.query(`DROP TABLE "billing_customers"`);
    await queryRunner.query(`ALTER TABLE "companies" DROP COLUMN "conversationsLimit"`);
  }
}
