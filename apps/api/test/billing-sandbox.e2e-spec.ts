import {
  BILLING_MESSAGES,
  CompanyStatus,
  ERROR_CATALOGUE,
  mxnFromUsd,
  PLAN_OFFERS,
  planPrice,
} from '@crm/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { TrialExpiryService } from '../src/modules/billing/trial-expiry.service';
import { billingKit } from './billing-kit';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { nextEvent, openSocket } from './socket-helpers';
import { testSql } from './sql';

// Issue 19: the sandbox payments provider (no Stripe keys, the default on a fresh machine): the same routes,
// Stripe's documented test card numbers, and the same event handler as Stripe's webhooks.

const db = testSql();
let t: TestApp;
const { post, get, newCompany, companyRow } = billingKit(() => t, db, 'sandbox');

beforeAll(async () => {
  t = await startTestApp();
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const VISA = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
};
const card = (number: string) => ({ ...VISA, number });

async function paidCompany(status: CompanyStatus = CompanyStatus.AWAITING_FIRST_PAYMENT) {
  const company = await newCompany(status);
  const res = await post('/api/payment/first', company.token, {
    plan: 'BASIC',
    agents: 2,
    messages: 200,
    card: VISA,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    ...company,
    customerId: res.body.customer.id as string,
    subscriptionId: res.body.payment.id as string,
  };
}

describe('configuration', () => {
  it('tells the web which companies pay on custom terms (no payment banner), false by default', async () => {
    const company = await newCompany(CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT);
    const query = '{ me { company { isCustomPayment } } }';
    type Answer = { me: { company: { isCustomPayment: boolean } } };
    expect((await gql<Answer>(t, company.token, query)).data?.me.company.isCustomPayment).toBe(false);
    await db.query(`UPDATE companies SET "isCustomPayment" = true WHERE id = $1`, [company.companyId]);
    expect((await gql<Answer>(t, company.token, query)).data?.me.company.isCustomPayment).toBe(true);
  });

  it('uses the sandbox without Stripe keys, labelled as test mode', async () => {
    const { token } = await newCompany();
    expect((await get('/api/billing/config', token)).body).toEqual({ mode: 'sandbox', publishableKey: null });
    // No Stripe script may load in the sandbox.
    const csp = (await t.http.get('/login')).headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('stripe');
  });

  it('validates the Stripe variables at boot', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/crm-billing-config' };
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };
    expect(loadConfig(base).stripe).toBeNull();
    expect(loadConfig({ ...base, ...stripe }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: null,
    });
    expect(loadConfig({ ...base, ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111/' }).stripe?.apiUrl).toBe(
      'http://127.0.0.1:12111',
    );
    const fails = (env: Record<string, string>, variable: string) => {
      try {
        loadConfig({ ...base, ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).variable).toBe(variable);
        return;
      }
      throw new Error(`no ConfigError for ${variable}`);
    };
    fails({ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, 'STRIPE_WEBHOOK_SECRET');
    fails({ ...stripe, STRIPE_PUBLISHABLE_KEY: '' }, 'STRIPE_PUBLISHABLE_KEY');
    fails({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' }, 'STRIPE_SECRET_KEY');
    fails({ ...stripe, STRIPE_API_URL: 'not a url' }, 'STRIPE_API_URL');
    fails({ ...stripe, STRIPE_API_URL: 'ftp://stripe.example' }, 'STRIPE_API_URL');
    fails({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }, 'STRIPE_SECRET_KEY');
  });

  it('has no Stripe webhook in sandbox mode', async () => {
    const res = await t.http.post('/webhooks/stripe').set('Stripe-Signature', 't=1,v1=x').send('{}');
    expect(res.status).toBe(404);
  });
});

describe('GET /pricing/:plan/:agents/:messages', () => {
  it('prices every offered option with planPrice, in USD and MXN, signed in or not', async () => {
    const { token } = await newCompany();
    for (const plan of ['BASIC', 'PRO'] as const) {
      for (const agents of PLAN_OFFERS[plan].agents) {
        for (const messages of PLAN_OFFERS[plan].conversations) {
          const res = await t.http.get(`/api/pricing/${plan}/${agents}/${messages}`);
          expect(res.status, `${plan}/${agents}/${messages}`).toBe(200);
          const pricing = planPrice(plan, agents, messages);
          expect(res.body).toEqual({ plan, agents, messages, pricing, mxn: mxnFromUsd(pricing) });
        }
      }
    }
    expect((await get('/api/pricing/PRO/5/1600', token)).body.pricing).toBe(planPrice('PRO', 5, 1600));
  });

  it.each([
    ['BASIC', '1', '1000'],
    ['PRO', '6', '100'],
    ['GOLD', '1', '100'],
    ['BASIC', 'x', '100'],
    ['BASIC', '1.5', '100'],
  ])('refuses %s/%s/%s, not offered, with INCORRECT_PLAN_KEY', async (plan, agents, messages) => {
    const res = await t.http.get(`/api/pricing/${plan}/${agents}/${messages}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'INCORRECT_PLAN_KEY',
      userMessage: ERROR_CATALOGUE.INCORRECT_PLAN_KEY.userMessage,
    });
  });
});

describe('POST /update-test-plan', () => {
  it("writes the plan as the company's seats and conversations", async () => {
    const company = await newCompany(CompanyStatus.TRIAL);
    const res = await post('/api/update-test-plan', company.token, {
      plan: 'PRO',
      agents: 4,
      messages: 1400,
    });
    expect(res.status).toBe(200);
    expect(res.body.pricing).toBe(planPrice('PRO', 4, 1400));
    const row = await companyRow(company.companyId);
    expect([row.plan, row.usersLimit, row.conversationsLimit]).toEqual([5, 4, 1400]);
  });

  it('refuses an option not offered and changes nothing', async () => {
    const company = await newCompany(CompanyStatus.TRIAL);
    const res = await post('/api/update-test-plan', company.token, {
      plan: 'BASIC',
      agents: 9,
      messages: 100,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INCORRECT_PLAN_KEY');
    expect((await companyRow(company.companyId)).usersLimit).toBeNull();
  });
});

describe('trial expiry', () => {
  it('moves a trial ended without a subscription to AWAITING_FIRST_PAYMENT, then charges its first month at once', async () => {
    const unpaid = await newCompany(CompanyStatus.TRIAL);
    const covered = await paidCompany(CompanyStatus.TRIAL);
    const running = await newCompany(CompanyStatus.TRIAL);
    const past = new Date(Date.now() - 60_000);
    await db.query(`UPDATE companies SET "expirationDate" = $1 WHERE id = ANY($2)`, [
      past,
      [unpaid.companyId, covered.companyId],
    ]);
    await db.query(`UPDATE companies SET status = 'TRIAL' WHERE id = $1`, [covered.companyId]);
    await db.query(`UPDATE companies SET "expirationDate" = now() + interval '3 days' WHERE id = $1`, [
      running.companyId,
    ]);
    const socket = await openSocket(t.baseUrl, unpaid.token, sockets);
    const reload = nextEvent<{ companyId: number }>(socket, 'updateUserData', 5000);
    const ended = await t.app.get(TrialExpiryService).expire();
    expect(ended).toContain(unpaid.companyId);
    expect(ended).not.toContain(covered.companyId);
    expect(ended).not.toContain(running.companyId);
    expect((await reload).companyId).toBe(unpaid.companyId);
    expect((await companyRow(unpaid.companyId)).status).toBe(CompanyStatus.AWAITING_FIRST_PAYMENT);
    expect((await companyRow(covered.companyId)).status).toBe(CompanyStatus.TRIAL);
    expect((await companyRow(running.companyId)).status).toBe(CompanyStatus.TRIAL);

    const res = await post('/api/payment/first', unpaid.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: VISA,
    });
    expect(res.status).toBe(200);
    expect(res.body.payment.trialEnd).toBeNull();
    const invoices = await get('/api/billing/invoices', unpaid.token);
    expect(invoices.body[0].amountUsd).toBe(planPrice('BASIC', 1, 100));
  });
});

describe('first payment in the sandbox', () => {
  it('subscribes with the trial and moves the company on to linking WhatsApp', async () => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'PRO',
      agents: 2,
      messages: 800,
      card: VISA,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mode).toBe('sandbox');
    // Where the web goes next: linking WhatsApp.
    expect(res.body.companyStatus).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
    expect(res.body.customer.cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true }),
    ]);
    expect(res.body.payment).toMatchObject({
      plan: 'PRO',
      agents: 2,
      messages: 800,
      pricing: planPrice('PRO', 2, 800),
      status: 'trialing',
      cancelAtPeriodEnd: false,
    });
    const row = await companyRow(company.companyId);
    expect(row.status).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
    expect([row.plan, row.usersLimit, row.conversationsLimit, row.paymentIntents]).toEqual([5, 2, 800, 0]);
    const trialEnd = new Date(res.body.payment.trialEnd).getTime();
    expect(trialEnd - Date.now()).toBeGreaterThan(13 * 86400_000);
    expect(new Date(row.expirationDate).getTime()).toBe(trialEnd);
    // The trial's invoice of 0, as Stripe issues it.
    const invoices = await get('/api/billing/invoices', company.token);
    expect(invoices.body).toEqual([
      expect.objectContaining({ amountUsd: 0, status: 'paid', currency: 'usd' }),
    ]);
  });

  it('sends a TRIAL company that pays before linking WhatsApp on to linking; one already linked keeps its trial', async () => {
    const fresh = await paidCompany(CompanyStatus.TRIAL);
    expect((await companyRow(fresh.companyId)).status).toBe(CompanyStatus.AWAITING_WA_VINCULATION);

    const linked = await newCompany(CompanyStatus.TRIAL);
    await db.query(`UPDATE companies SET "whatsappLinkedAt" = now() WHERE id = $1`, [linked.companyId]);
    const res = await post('/api/payment/first', linked.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: VISA,
    });
    expect(res.status).toBe(200);
    expect((await companyRow(linked.companyId)).status).toBe(CompanyStatus.TRIAL);
  });

  it('charges at once, without a trial, a company coming back from INACTIVE', async () => {
    const company = await paidCompany(CompanyStatus.INACTIVE);
    const state = await get('/api/stripe/getCustomer', company.token);
    expect(state.body.payment.status).toBe('active');
    expect((await companyRow(company.companyId)).status).toBe(CompanyStatus.ACTIVE);
    const invoices = await get('/api/billing/invoices', company.token);
    expect(invoices.body[0].amountUsd).toBe(planPrice('BASIC', 2, 200));
  });

  it('charges a company without a trial once when its first payment is submitted twice at once', async () => {
    const company = await newCompany(CompanyStatus.INACTIVE);
    const body = { plan: 'BASIC', agents: 1, messages: 100, card: VISA };
    const answers = await Promise.all([
      post('/api/payment/first', company.token, body),
      post('/api/payment/first', company.token, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const invoices = await get('/api/billing/invoices', company.token);
    expect(invoices.body.filter((i: { amountUsd: number }) => i.amountUsd > 0)).toHaveLength(1);
  });

  it('tells every user of the company at once when a billing event changes its status', async () => {
    const company = await paidCompany();
    const socket = await openSocket(t.baseUrl, company.token, sockets);
    const reload = nextEvent<{ companyId: number }>(socket, 'updateUserData', 5000);
    const res = await post('/api/billing/sandbox/events', company.token, { type: 'invoice.payment_failed' });
    expect(res.status).toBe(200);
    expect((await reload).companyId).toBe(company.companyId);
    expect((await companyRow(company.companyId)).status).toBe(CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT);
  });

  it.each([
    ['4000 0000 0000 0002', 'CARD_DECLINED', ERROR_CATALOGUE.CARD_DECLINED.userMessage],
    ['4000 0000 0000 9995', 'CARD_DECLINED', BILLING_MESSAGES.insufficientFunds],
    ['4000 0000 0000 0069', 'EXPIRED_CARD', ERROR_CATALOGUE.EXPIRED_CARD.userMessage],
    ['4000 0000 0000 0127', 'INCORRECT_CVC', ERROR_CATALOGUE.INCORRECT_CVC.userMessage],
    ['4000 0000 0000 0119', 'PROCESSING_ERROR', ERROR_CATALOGUE.PROCESSING_ERROR.userMessage],
    ['4242 4242 4242 4241', 'INVALID_NUMBER', ERROR_CATALOGUE.INVALID_NUMBER.userMessage],
    ['4111 1111 1111 1111', 'CARD_DECLINED', ERROR_CATALOGUE.CARD_DECLINED.userMessage],
  ])('refuses %s with %s in Spanish and changes nothing', async (number, code, userMessage) => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: card(number),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, userMessage });
    const row = await companyRow(company.companyId);
    expect([row.status, row.usersLimit]).toEqual([CompanyStatus.AWAITING_FIRST_PAYMENT, null]);
    expect(
      await db.query(`SELECT 1 FROM billing_subscriptions WHERE "companyId" = $1`, [company.companyId]),
    ).toEqual([]);
  });

  it('refuses a card that expired last year', async () => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: { ...VISA, expYear: new Date().getUTCFullYear() - 1 },
    });
    expect(res.body.code).toBe('EXPIRED_CARD');
  });

  it('refuses a payment without a card and a second subscription', async () => {
    const company = await newCompany();
    const none = await post('/api/payment/first', company.token, { plan: 'BASIC', agents: 1, messages: 100 });
    expect(none.status).toBe(400);
    expect(none.body.userMessage).toBe(BILLING_MESSAGES.cardRequired);
    const paid = await paidCompany();
    const again = await post('/api/payment/first', paid.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: VISA,
    });
    expect(again.status).toBe(400);
    expect(again.body.userMessage).toBe(BILLING_MESSAGES.alreadySubscribed);
  });
});

describe('cards in the sandbox', () => {
  it('adds, makes default and deletes cards', async () => {
    const company = await paidCompany();
    const first = (await get(`/api/customer/${company.customerId}`, company.token)).body.cards[0]
      .id as string;
    const added = await post('/api/customer/new-card', company.token, {
      customerId: company.customerId,
      card: card('5555 5555 5555 4444'),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const master = added.body.cards.find((c: { last4: string }) => c.last4 === '4444');
    expect(master).toMatchObject({ brand: 'mastercard', isDefault: false });

    const made = await post('/api/customer/card/default', company.token, {
      providerCustomerId: company.customerId,
      providerMethodId: master.id,
    });
    expect(made.body.defaultCardId).toBe(master.id);

    const refused = await t.http
      .delete(`/api/customer/${company.customerId}/card/${master.id}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(refused.status).toBe(400);
    expect(refused.body.userMessage).toBe(BILLING_MESSAGES.cannotDeleteDefaultCard);

    const deleted = await t.http
      .delete(`/api/customer/${company.customerId}/card/${first}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.cards.map((c: { id: string }) => c.id)).toEqual([master.id]);
  });

  it('refuses a declined card added later', async () => {
    const company = await paidCompany();
    const res = await post('/api/customer/new-card', company.token, {
      customerId: company.customerId,
      card: card('4000000000009995'),
    });
    expect(res.status).toBe(400);
    expect(res.body.userMessage).toBe(BILLING_MESSAGES.insufficientFunds);
  });

  it("refuses another company's customer and card ids and changes nothing", async () => {
    const owner = await paidCompany();
    const other = await paidCompany();
    const ownerCard = (await get(`/api/customer/${owner.customerId}`, owner.token)).body.cards[0]
      .id as string;
    expect((await get(`/api/customer/${owner.customerId}`, other.token)).status).toBe(404);
    const del = await t.http
      .delete(`/api/customer/${owner.customerId}/card/${ownerCard}`)
      .set('Authorization', `Bearer ${other.token}`);
    expect(del.status).toBe(404);
    const mixed = await post('/api/customer/card/default', other.token, {
      providerCustomerId: other.customerId,
      providerMethodId: ownerCard,
    });
    expect(mixed.status).toBe(404);
    const add = await post('/api/customer/new-card', other.token, {
      customerId: owner.customerId,
      card: VISA,
    });
    expect(add.status).toBe(404);
    const cards = (await get(`/api/customer/${owner.customerId}`, owner.token)).body.cards;
    expect(cards).toEqual([expect.objectContaining({ id: ownerCard, isDefault: true })]);
  });

  it('needs readPayments to read and writePayments to change', async () => {
    const agent = await login(t, 'agente@demo.local');
    expect((await get('/api/stripe/getCustomer', agent)).status).toBe(403);
    expect(
      (await post('/api/payment/first', agent, { plan: 'BASIC', agents: 1, messages: 100, card: VISA }))
        .status,
    ).toBe(403);
    expect(
      (await post('/api/update-test-plan', agent, { plan: 'BASIC', agents: 1, messages: 100 })).status,
    ).toBe(403);
  });
});

describe('subscription lifecycle in the sandbox (the webhook handler’s transitions)', () => {
  // 01 §7 Billing names both routes; 01 §4: cancelling takes effect at the end of the billing period.
  it.each(['/api/stripe/cancelSubscription', '/api/cancel'])(
    'cancels at the end of the period (%s)',
    async (path) => {
      const company = await paidCompany();
      const res = await post(path, company.token);
      expect(res.status).toBe(200);
      expect(res.body.cancelAtPeriodEnd).toBe(true);
      expect((await get('/api/stripe/getCustomer', company.token)).body.payment.cancelAtPeriodEnd).toBe(true);
    },
  );

  it('walks failed renewals, the balance paid, the trial ending and the end of the subscription', async () => {
    const company = await paidCompany();
    await db.query(`UPDATE companies SET status = 'ACTIVE' WHERE id = $1`, [company.companyId]);
    const simulate = (type: string) => post('/api/billing/sandbox/events', company.token, { type });

    expect((await simulate('invoice.payment_failed')).status).toBe(200);
    let row = await companyRow(company.companyId);
    expect([row.status, row.paymentIntents]).toEqual([CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT, 1]);
    await simulate('invoice.payment_failed');
    expect((await companyRow(company.companyId)).paymentIntents).toBe(2);

    // 01 §8 REQUIRES_PAYMENT_METHOD: with no card left to charge the balance stays owed ("try another card").
    await db.query(`UPDATE sandbox_payment_customers SET "defaultPaymentMethodId" = NULL WHERE id = $1`, [
      company.customerId,
    ]);
    const noCard = await post('/api/cancel-balance', company.token);
    expect(noCard.status).toBe(400);
    expect(noCard.body).toMatchObject({
      code: 'REQUIRES_PAYMENT_METHOD',
      userMessage: ERROR_CATALOGUE.REQUIRES_PAYMENT_METHOD.userMessage,
    });
    expect((await companyRow(company.companyId)).paymentIntents).toBe(2);
    await db.query(
      `UPDATE sandbox_payment_customers c SET "defaultPaymentMethodId" = m.id FROM sandbox_payment_methods m WHERE m."customerId" = c.id AND c.id = $1`,
      [company.customerId],
    );

    const paid = await post('/api/cancel-balance', company.token);
    expect(paid.body).toEqual({ paidInvoices: 2 });
    row = await companyRow(company.companyId);
    expect([row.status, row.paymentIntents]).toEqual([CompanyStatus.ACTIVE, 0]);

    const renewed = await simulate('invoice.paid');
    expect(renewed.body.payment.status).toBe('active');
    expect(new Date((await companyRow(company.companyId)).expirationDate).getTime()).toBe(
      new Date(renewed.body.payment.currentPeriodEnd).getTime(),
    );

    await db.query(`UPDATE companies SET status = 'TRIAL' WHERE id = $1`, [company.companyId]);
    const trialEnd = (await get('/api/stripe/getCustomer', company.token)).body.payment.trialEnd;
    await simulate('customer.subscription.trial_will_end');
    expect(new Date((await companyRow(company.companyId)).expirationDate).getTime()).toBe(
      new Date(trialEnd).getTime(),
    );

    const ended = await simulate('customer.subscription.deleted');
    expect(ended.body.payment.status).toBe('canceled');
    expect((await companyRow(company.companyId)).status).toBe(CompanyStatus.INACTIVE);

    // Each event was claimed once, through the same table as Stripe's webhooks.
    const [{ n }] = await db.query(
      `SELECT count(*)::int AS n FROM billing_events WHERE "eventId" LIKE 'evt_sbx_%' AND applied`,
    );
    expect(n).toBeGreaterThanOrEqual(7);
  });

  it('changes the plan and its limits', async () => {
    const company = await paidCompany();
    const res = await post('/api/billing/change-plan', company.token, {
      plan: 'PRO',
      agents: 5,
      messages: 1000,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      plan: 'PRO',
      agents: 5,
      messages: 1000,
      pricing: planPrice('PRO', 5, 1000),
    });
    const row = await companyRow(company.companyId);
    expect([row.plan, row.usersLimit, row.conversationsLimit]).toEqual([5, 5, 1000]);
  });

  it('answers 404 with a Spanish text for changes without a subscription', async () => {
    const company = await newCompany();
    const res = await post('/api/cancel', company.token);
    expect(res.status).toBe(404);
    expect(res.body.userMessage).toBe(BILLING_MESSAGES.noSubscription);
    expect((await get('/api/stripe/getCustomer', company.token)).body).toEqual({
      companyStatus: CompanyStatus.AWAITING_FIRST_PAYMENT,
      mode: 'sandbox',
      customer: null,
      payment: null,
    });
  });
});
