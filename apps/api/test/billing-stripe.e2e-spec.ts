import {
  BILLING_MESSAGES,
  CompanyStatus,
  destinationAfterLogin,
  ERROR_CATALOGUE,
  planPrice,
} from '@crm/shared';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingCompany, billingKit } from './billing-kit';
import { type FakeStripe, startFakeStripe } from './fake-stripe-server';
import { gql, login, startTestApp, type TestApp } from './helpers';
import { testSql } from './sql';

// Issue 19: the Stripe adapter through the official SDK against a Stripe-speaking server on 127.0.0.1
// (STRIPE_API_URL), and Stripe's webhooks signed with the SDK's generateTestHeaderString.

const db = testSql();
let fake: FakeStripe;
let t: TestApp;
const { post, get, newCompany, companyRow } = billingKit(() => t, db, 'stripe');
const sdk = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp(fake.env);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function paidCompany(
  paymentMethodId = 'pm_card_visa',
): Promise<BillingCompany & { customerId: string }> {
  const company = await newCompany();
  const res = await post('/api/payment/first', company.token, {
    plan: 'BASIC',
    agents: 2,
    messages: 400,
    paymentMethodId,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...company, customerId: res.body.customer.id as string };
}

async function subscriptionOf(companyId: number) {
  const [row] = await db.query(`SELECT * FROM billing_subscriptions WHERE "companyId" = $1`, [companyId]);
  return row;
}

describe('configuration', () => {
  it('answers stripe mode with the publishable key', async () => {
    const { token } = await newCompany();
    const res = await get('/api/billing/config', token);
    expect(res.body).toEqual({ mode: 'stripe', publishableKey: fake.publishableKey });
  });

  it('lets the pages load Stripe Elements (script, card frames, API) and nothing else of Stripe', async () => {
    const csp = (await t.http.get('/login')).headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com;/);
    expect(csp).toMatch(
      /frame-src 'self' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com https:\/\/hooks\.stripe\.com;/,
    );
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com;/);
  });
});

describe('first payment through Stripe', () => {
  it('creates the customer, attaches the card and subscribes with the trial at our planPrice', async () => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'PRO',
      agents: 3,
      messages: 1200,
      paymentMethodId: 'pm_card_visa',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.mode).toBe('stripe');
    expect(res.body.customer.cards).toHaveLength(1);
    expect(res.body.customer.cards[0]).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    expect(res.body.payment).toMatchObject({ plan: 'PRO', agents: 3, messages: 1200, status: 'trialing' });

    const stripeSub = fake.subscriptions.get(res.body.payment.id);
    expect(stripeSub?.customer).toBe(res.body.customer.id);
    const item = stripeSub?.items.data[0];
    expect(item.price).toMatchObject({
      currency: 'usd',
      unit_amount: Math.round(planPrice('PRO', 3, 1200) * 100),
      recurring: { interval: 'month' },
      product: 'crm_plan_pro',
    });
    expect(stripeSub?.payment_behavior).toBe('error_if_incomplete');
    const created = fake.requests.find((r) => r.path === '/v1/subscriptions' && r.method === 'POST');
    expect(created?.body.trial_period_days).toBe('14');

    const row = await companyRow(company.companyId);
    expect(row.status).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
    expect(row.plan).toBe(5);
    expect(row.usersLimit).toBe(3);
    expect(row.conversationsLimit).toBe(1200);
    expect(row.paymentMethod).toBe('CARD');
    expect(new Date(row.expirationDate).getTime()).toBe(stripeSub?.trial_end * 1000);
  });

  it('creates each plan’s product once', async () => {
    await paidCompany();
    await paidCompany();
    const creations = fake.requests.filter((r) => r.path === '/v1/products' && r.method === 'POST');
    expect(creations.map((r) => r.body.id).filter((id) => id === 'crm_plan_basic')).toHaveLength(1);
  });

  it.each([
    ['pm_card_chargeDeclined', 'CARD_DECLINED', ERROR_CATALOGUE.CARD_DECLINED.userMessage],
    ['pm_card_chargeDeclinedInsufficientFunds', 'CARD_DECLINED', BILLING_MESSAGES.insufficientFunds],
    ['pm_card_chargeDeclinedExpiredCard', 'EXPIRED_CARD', ERROR_CATALOGUE.EXPIRED_CARD.userMessage],
    ['pm_card_chargeDeclinedIncorrectCvc', 'INCORRECT_CVC', ERROR_CATALOGUE.INCORRECT_CVC.userMessage],
    [
      'pm_card_chargeDeclinedProcessingError',
      'PROCESSING_ERROR',
      ERROR_CATALOGUE.PROCESSING_ERROR.userMessage,
    ],
  ])('refuses %s with %s in Spanish and changes nothing', async (paymentMethodId, code, userMessage) => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      paymentMethodId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, userMessage });
    const row = await companyRow(company.companyId);
    expect(row.status).toBe(CompanyStatus.AWAITING_FIRST_PAYMENT);
    expect(row.usersLimit).toBeNull();
    expect(await subscriptionOf(company.companyId)).toBeUndefined();
  });

  it('keeps one live subscription when the first payment is submitted twice at once', async () => {
    const company = await newCompany();
    const body = { plan: 'BASIC', agents: 1, messages: 100, paymentMethodId: 'pm_card_visa' };
    const answers = await Promise.all([
      post('/api/payment/first', company.token, body),
      post('/api/payment/first', company.token, body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused?.body.userMessage).toBe(BILLING_MESSAGES.alreadySubscribed);
    const [{ providerCustomerId }] = await db.query(
      `SELECT "providerCustomerId" FROM billing_customers WHERE "companyId" = $1`,
      [company.companyId],
    );
    const live = [...fake.subscriptions.values()].filter(
      (s) => s.customer === providerCustomerId && s.status !== 'canceled',
    );
    expect(live.map((s) => s.id)).toEqual([(await subscriptionOf(company.companyId)).providerSubscriptionId]);
  });

  it('refuses card digits: with real Stripe they are entered in Elements, never sent to us', async () => {
    const company = await newCompany();
    const res = await post('/api/payment/first', company.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 100,
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(res.status).toBe(400);
    expect(res.body.userMessage).toBe(BILLING_MESSAGES.cardRequired);
  });

  it('refuses an option not offered with INCORRECT_PLAN_KEY before anything reaches Stripe', async () => {
    const company = await newCompany();
    const before = fake.requests.length;
    const res = await post('/api/payment/first', company.token, {
      plan: 'BASIC',
      agents: 1,
      messages: 1600,
      paymentMethodId: 'pm_card_visa',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INCORRECT_PLAN_KEY');
    expect(fake.requests.length).toBe(before);
  });
});

describe('cards through Stripe', () => {
  it('adds a card as default, deletes the old one, and refuses deleting the default', async () => {
    const company = await paidCompany();
    const first = (await get('/api/stripe/getCustomer', company.token)).body.customer.cards[0].id as string;
    const added = await post('/api/customer/new-card', company.token, {
      cardId: 'pm_card_mastercard',
      customerId: company.customerId,
      setDefault: true,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const master = added.body.cards.find((c: { last4: string }) => c.last4 === '4444');
    expect(master.isDefault).toBe(true);
    expect(fake.customers.get(company.customerId)?.invoice_settings.default_payment_method).toBe(master.id);

    const refused = await t.http
      .delete(`/api/customer/${company.customerId}/card/${master.id}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(refused.status).toBe(400);
    expect(refused.body.userMessage).toBe(BILLING_MESSAGES.cannotDeleteDefaultCard);

    const back = await post('/api/customer/card/default', company.token, {
      providerCustomerId: company.customerId,
      providerMethodId: first,
    });
    expect(back.status).toBe(200);
    expect(back.body.defaultCardId).toBe(first);

    const deleted = await t.http
      .delete(`/api/customer/${company.customerId}/card/${master.id}`)
      .set('Authorization', `Bearer ${company.token}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.cards.map((c: { id: string }) => c.id)).toEqual([first]);
    expect(fake.paymentMethods.get(master.id)?.customer).toBeNull();
  });

  it('refuses a declined card added later with its Spanish text', async () => {
    const company = await paidCompany();
    const res = await post('/api/customer/new-card', company.token, {
      cardId: 'pm_card_chargeDeclinedInsufficientFunds',
      customerId: company.customerId,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'CARD_DECLINED',
      userMessage: BILLING_MESSAGES.insufficientFunds,
    });
  });

  it("refuses another company's customer and card ids and changes nothing", async () => {
    const owner = await paidCompany();
    const other = await paidCompany();
    const ownerCard = (await get(`/api/customer/${owner.customerId}`, owner.token)).body.cards[0]
      .id as string;
    const otherCard = (await get(`/api/customer/${other.customerId}`, other.token)).body.cards[0]
      .id as string;

    expect((await get(`/api/customer/${owner.customerId}`, other.token)).status).toBe(404);
    const del = await t.http
      .delete(`/api/customer/${owner.customerId}/card/${ownerCard}`)
      .set('Authorization', `Bearer ${other.token}`);
    expect(del.status).toBe(404);
    // Its own customer with the other company's card: still not found.
    const delMixed = await t.http
      .delete(`/api/customer/${other.customerId}/card/${ownerCard}`)
      .set('Authorization', `Bearer ${other.token}`);
    expect(delMixed.status).toBe(404);
    const setDefault = await post('/api/customer/card/default', other.token, {
      providerCustomerId: other.customerId,
      providerMethodId: ownerCard,
    });
    expect(setDefault.status).toBe(404);
    const addToOwner = await post('/api/customer/new-card', other.token, {
      cardId: 'pm_card_visa',
      customerId: owner.customerId,
    });
    expect(addToOwner.status).toBe(404);

    expect(fake.paymentMethods.get(ownerCard)?.customer).toBe(owner.customerId);
    expect(fake.customers.get(other.customerId)?.invoice_settings.default_payment_method).toBe(otherCard);
    expect((await get(`/api/customer/${owner.customerId}`, owner.token)).body.cards).toHaveLength(1);
  });

  it('keeps billing reads from users without readPayments', async () => {
    const agent = await login(t, 'agente@demo.local');
    expect((await get('/api/stripe/getCustomer', agent)).status).toBe(403);
    expect((await get('/api/billing/invoices', agent)).status).toBe(403);
    expect((await post('/api/cancel', agent)).status).toBe(403);
  });
});

describe('subscription changes through Stripe', () => {
  it('cancels at the end of the period', async () => {
    const company = await paidCompany();
    const res = await post('/api/stripe/cancelSubscription', company.token);
    expect(res.status).toBe(200);
    expect(res.body.cancelAtPeriodEnd).toBe(true);
    expect(fake.subscriptions.get(res.body.id)?.cancel_at_period_end).toBe(true);
    const state = await get('/api/stripe/getCustomer', company.token);
    expect(state.body.payment.cancelAtPeriodEnd).toBe(true);
    // The company keeps its service until the period ends.
    expect((await companyRow(company.companyId)).status).toBe(CompanyStatus.AWAITING_WA_VINCULATION);
  });

  it('changes the plan at the new price and the new limits', async () => {
    const company = await paidCompany();
    const res = await post('/api/billing/change-plan', company.token, {
      plan: 'PRO',
      agents: 5,
      messages: 1600,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fake.subscriptions.get(res.body.id)?.items.data[0].price.unit_amount).toBe(
      Math.round(planPrice('PRO', 5, 1600) * 100),
    );
    const row = await companyRow(company.companyId);
    expect([row.plan, row.usersLimit, row.conversationsLimit]).toEqual([5, 5, 1600]);
  });

  it('lists the invoices from Stripe and pays the open balance', async () => {
    const company = await paidCompany();
    const sub = await subscriptionOf(company.companyId);
    const invoices = await get('/api/billing/invoices', company.token);
    expect(invoices.status).toBe(200);
    expect(invoices.body).toHaveLength(1);
    expect(invoices.body[0]).toMatchObject({ amountUsd: 0, status: 'paid', currency: 'usd' });
    // A renewal Stripe could not charge, left open:
    const open = [...fake.invoices.values()].find(
      (i) => i.parent.subscription_details.subscription === sub.providerSubscriptionId,
    );
    fake.invoices.set('in_open_1', {
      ...open,
      id: 'in_open_1',
      status: 'open',
      amount_due: 2996,
      amount_paid: 0,
    });
    const paid = await post('/api/cancel-balance', company.token);
    expect(paid.body).toEqual({ paidInvoices: 1 });
    expect(fake.invoices.get('in_open_1')?.status).toBe('paid');
  });
});

// ---- webhooks ------------------------------------------------------------------------------------------------

let eventCounter = 0;

function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  sub: { customerId: string; subscriptionId: string },
  created: number,
  periodEnd: number,
  id = `evt_test_${process.pid}_${++eventCounter}`,
) {
  return {
    id,
    object: 'event',
    type,
    created,
    api_version: '2025-09-30.clover',
    data: {
      object: {
        id: `in_evt_${eventCounter}`,
        object: 'invoice',
        customer: sub.customerId,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.subscriptionId } },
        lines: { object: 'list', data: [{ period: { start: created, end: periodEnd } }] },
        period_end: created,
      },
    },
  };
}

function subscriptionEvent(
  type:
    | 'customer.subscription.deleted'
    | 'customer.subscription.trial_will_end'
    | 'customer.subscription.updated',
  sub: { customerId: string; subscriptionId: string },
  created: number,
  trialEnd: number | null = null,
) {
  return {
    id: `evt_test_${process.pid}_${++eventCounter}`,
    object: 'event',
    type,
    created,
    data: {
      object: {
        id: sub.subscriptionId,
        object: 'subscription',
        customer: sub.customerId,
        trial_end: trialEnd,
      } as Record<string, unknown>,
    },
  };
}

function sendWebhook(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = sdk.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? fake.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return t.http
    .post('/webhooks/stripe')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header)
    .send(payload);
}

async function subscribed() {
  const company = await paidCompany();
  const sub = await subscriptionOf(company.companyId);
  return {
    ...company,
    sub: { customerId: company.customerId, subscriptionId: sub.providerSubscriptionId as string },
  };
}

/** Where the web sends the user after sign-in: the status `me` answers, through the shared routing rule. */
async function destinationOf(token: string): Promise<string> {
  const res = await gql<{ me: { company: { status: string } } }>(t, token, '{ me { company { status } } }');
  expect(res.errors).toBeUndefined();
  return destinationAfterLogin(res.data?.me.company.status);
}

describe('Stripe webhooks', () => {
  const now = Math.floor(Date.now() / 1000);

  it('walks every status transition: failed payments, paid, trial ending, deleted', async () => {
    const c = await subscribed();
    expect(await destinationOf(c.token)).toBe('/link-whatsapp');
    await db.query(`UPDATE companies SET status = 'ACTIVE' WHERE id = $1`, [c.companyId]);

    expect((await sendWebhook(invoiceEvent('invoice.payment_failed', c.sub, now - 50, now))).status).toBe(
      200,
    );
    let row = await companyRow(c.companyId);
    expect([row.status, row.paymentIntents]).toEqual([CompanyStatus.AWAITING_SUSCRIPTION_PAYMENT, 1]);
    expect((await subscriptionOf(c.companyId)).status).toBe('past_due');

    await sendWebhook(invoiceEvent('invoice.payment_failed', c.sub, now - 40, now));
    expect((await companyRow(c.companyId)).paymentIntents).toBe(2);

    const periodEnd = now + 30 * 86400;
    await sendWebhook(invoiceEvent('invoice.paid', c.sub, now - 30, periodEnd));
    row = await companyRow(c.companyId);
    expect([row.status, row.paymentIntents]).toEqual([CompanyStatus.ACTIVE, 0]);
    expect(new Date(row.expirationDate).getTime()).toBe(periodEnd * 1000);

    const trialEnd = now + 86400;
    await sendWebhook(subscriptionEvent('customer.subscription.trial_will_end', c.sub, now - 20, trialEnd));
    expect(new Date((await companyRow(c.companyId)).expirationDate).getTime()).toBe(trialEnd * 1000);
    expect(new Date((await subscriptionOf(c.companyId)).trialEnd).getTime()).toBe(trialEnd * 1000);

    expect(await destinationOf(c.token)).toBe('/chat');

    await sendWebhook(subscriptionEvent('customer.subscription.deleted', c.sub, now - 10));
    expect((await companyRow(c.companyId)).status).toBe(CompanyStatus.INACTIVE);
    expect(await destinationOf(c.token)).toBe('/account');
    expect((await subscriptionOf(c.companyId)).status).toBe('canceled');
  });

  it('mirrors customer.subscription.updated (a cancel or a period set at Stripe) onto our copy only', async () => {
    const c = await subscribed();
    await db.query(`UPDATE companies SET status = 'ACTIVE' WHERE id = $1`, [c.companyId]);
    const periodEnd = now + 20 * 86400;
    const event = subscriptionEvent('customer.subscription.updated', c.sub, now - 3);
    Object.assign(event.data.object, {
      status: 'active',
      cancel_at_period_end: true,
      items: { object: 'list', data: [{ current_period_end: periodEnd }] },
    });
    expect((await sendWebhook(event)).status).toBe(200);
    const sub = await subscriptionOf(c.companyId);
    expect([sub.status, sub.cancelAtPeriodEnd]).toEqual(['active', true]);
    expect(new Date(sub.currentPeriodEnd).getTime()).toBe(periodEnd * 1000);
    expect((await companyRow(c.companyId)).status).toBe(CompanyStatus.ACTIVE);
    const state = await get('/api/stripe/getCustomer', c.token);
    expect(state.body.payment.cancelAtPeriodEnd).toBe(true);
  });

  it('applies a replayed event once', async () => {
    const c = await subscribed();
    const event = invoiceEvent('invoice.payment_failed', c.sub, now - 5, now);
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await companyRow(c.companyId)).paymentIntents).toBe(1);
    const rows = await db.query(`SELECT applied FROM billing_events WHERE "eventId" = $1`, [event.id]);
    expect(rows).toEqual([{ applied: true }]);
  });

  it('ignores an event older than the last applied one (out of order)', async () => {
    const c = await subscribed();
    await db.query(
      `UPDATE companies SET status = 'AWAITING_SUSCRIPTION_PAYMENT', "paymentIntents" = 1 WHERE id = $1`,
      [c.companyId],
    );
    await sendWebhook(invoiceEvent('invoice.paid', c.sub, now - 10, now + 30 * 86400));
    const before = await companyRow(c.companyId);
    expect(before.status).toBe(CompanyStatus.ACTIVE);
    // The failure of an earlier attempt arrives after the payment that settled it.
    const late = invoiceEvent('invoice.payment_failed', c.sub, now - 100, now);
    expect((await sendWebhook(late)).status).toBe(200);
    expect(await companyRow(c.companyId)).toEqual(before);
    const [event] = await db.query(`SELECT applied FROM billing_events WHERE "eventId" = $1`, [late.id]);
    expect(event.applied).toBe(false);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const c = await subscribed();
    const before = await companyRow(c.companyId);
    const event = invoiceEvent('invoice.payment_failed', c.sub, now, now);
    const wrongSecret = await sendWebhook(event, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.code).toBe('VALIDATION_ERROR');
    // Signed correctly but ten minutes ago: past the 300 s tolerance.
    const stale = await sendWebhook(event, { timestamp: now - 600 });
    expect(stale.status).toBe(400);
    const unsigned = await t.http
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(event));
    expect(unsigned.status).toBe(400);
    // Signed body, altered afterwards.
    const payload = JSON.stringify(event);
    const header = sdk.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    const tampered = await t.http
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload.replace('invoice.payment_failed', 'invoice.paid'));
    expect(tampered.status).toBe(400);
    expect(await companyRow(c.companyId)).toEqual(before);
    expect(await db.query(`SELECT 1 FROM billing_events WHERE "eventId" = $1`, [event.id])).toEqual([]);
  });

  it('acknowledges a signed event whose body is not the documented shape (no 5xx), changing nothing', async () => {
    const c = await subscribed();
    const before = await companyRow(c.companyId);
    const shapes = [
      { id: 'evt_no_data', object: 'event', type: 'invoice.paid', created: now },
      {
        id: 'evt_null_object',
        object: 'event',
        type: 'invoice.payment_failed',
        created: now,
        data: { object: null },
      },
      { id: 'evt_no_created', object: 'event', type: 'customer.subscription.deleted', data: { object: {} } },
      {
        id: 'evt_odd_lines',
        object: 'event',
        type: 'invoice.paid',
        created: now,
        data: { object: { lines: 7 } },
      },
    ];
    for (const event of shapes) {
      const res = await sendWebhook(event);
      expect(res.status, event.id).toBe(200);
    }
    expect(await companyRow(c.companyId)).toEqual(before);
  });

  it('acknowledges events of customers and types we do not know, changing nothing', async () => {
    const unknown = invoiceEvent(
      'invoice.paid',
      { customerId: 'cus_unknown', subscriptionId: 'sub_unknown' },
      now,
      now,
    );
    expect((await sendWebhook(unknown)).status).toBe(200);
    const other = {
      id: `evt_other_${process.pid}`,
      object: 'event',
      type: 'charge.succeeded',
      created: now,
      data: { object: {} },
    };
    expect((await sendWebhook(other)).status).toBe(200);
  });
});
