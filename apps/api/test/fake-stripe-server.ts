import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Stripe-speaking server on 127.0.0.1 for the parts of https://docs.stripe.com/api the payments adapter uses:
 * form-encoded bodies with bracket notation, JSON answers, Stripe's error shape
 * `{error: {type, code, decline_code, message, param}}` with 402 for card errors and 404 for missing objects.
 */

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are open JSON; each test states what it reads.
type Json = Record<string, any>;

export interface FakeStripe {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The env that points the API at this server. */
  env: Record<string, string>;
  customers: Map<string, Json>;
  paymentMethods: Map<string, Json>;
  products: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  requests: Array<{ method: string; path: string; body: Json }>;
  close(): Promise<void>;
}

/** https://docs.stripe.com/testing#cards: the test payment methods and how they fail when attached. */
const TEST_METHODS: Record<string, { brand: string; last4: string; code?: string; decline?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', code: 'card_declined', decline: 'generic_decline' },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    code: 'card_declined',
    decline: 'insufficient_funds',
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', code: 'expired_card' },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', code: 'incorrect_cvc' },
  pm_card_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', code: 'processing_error' },
};

/** `a[b][0][c]=1` → {a: {b: {0: {c: '1'}}}} (Stripe's encoding; lists stay objects keyed by index). */
export function parseStripeForm(text: string): Json {
  const out: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part];
    }
    node[parts[parts.length - 1]] = value;
  }
  return out;
}

function listOf(node: Json | undefined): Json[] {
  return node
    ? Object.keys(node)
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => node[k])
    : [];
}

const DAY = 86_400;

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fakestripe123';
  const state = {
    customers: new Map<string, Json>(),
    paymentMethods: new Map<string, Json>(),
    products: new Map<string, Json>(),
    subscriptions: new Map<string, Json>(),
    invoices: new Map<string, Json>(),
  };
  const requests: FakeStripe['requests'] = [];
  let counter = 0;
  const nextId = (prefix: string) => {
    counter += 1;
    return `${prefix}_fake${counter}`;
  };
  const now = () => Math.floor(Date.now() / 1000);

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
    res.end(JSON.stringify(body));
  };
  const fail = (res: ServerResponse, status: number, error: Json) => send(res, status, { error });
  const missing = (res: ServerResponse, what: string, id: string) =>
    fail(res, 404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${what}: '${id}'`,
      param: 'id',
    });
  const list = (url: string, data: Json[]) => ({ object: 'list', data, has_more: false, url });

  const invoiceFor = (subscription: Json, amount: number, status: string): Json => {
    const item = subscription.items.data[0];
    const invoice = {
      id: nextId('in'),
      object: 'invoice',
      customer: subscription.customer,
      number: `FAKE-${counter}`,
      amount_due: amount,
      amount_paid: status === 'paid' ? amount : 0,
      currency: 'usd',
      status,
      created: now(),
      period_start: now(),
      period_end: now(),
      hosted_invoice_url: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      lines: {
        object: 'list',
        data: [{ period: { start: item.current_period_start, end: item.current_period_end } }],
        has_more: false,
      },
    };
    state.invoices.set(invoice.id, invoice);
    return invoice;
  };

  const priceOf = (data: Json) => {
    if (!state.products.has(data.product)) return null;
    return {
      id: nextId('price'),
      object: 'price',
      currency: data.currency,
      product: data.product,
      unit_amount: Number(data.unit_amount),
      recurring: { interval: data.recurring?.interval },
    };
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    const body =
      method === 'GET' || method === 'DELETE' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(raw);
    requests.push({ method, path: url.pathname, body });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return fail(res, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    }
    const seg = url.pathname.split('/').filter(Boolean);
    if (seg[0] !== 'v1')
      return fail(res, 404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
    const [, resource, id, action] = seg;

    if (resource === 'customers') {
      if (!id && method === 'POST') {
        const customer = {
          id: nextId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null },
        };
        state.customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      const customer = id ? state.customers.get(id) : undefined;
      if (!customer) return missing(res, 'customer', id ?? '');
      if (method === 'POST') {
        const pm = body.invoice_settings?.default_payment_method;
        if (pm !== undefined) {
          if (state.paymentMethods.get(pm)?.customer !== customer.id)
            return missing(res, 'payment_method', pm);
          customer.invoice_settings.default_payment_method = pm;
        }
      }
      return send(res, 200, customer);
    }

    if (resource === 'payment_methods') {
      if (!id && method === 'GET') {
        const data = [...state.paymentMethods.values()].filter((pm) => pm.customer === body.customer);
        return send(res, 200, list('/v1/payment_methods', data));
      }
      if (id && action === 'attach' && method === 'POST') {
        const customer = state.customers.get(body.customer);
        if (!customer) return missing(res, 'customer', body.customer);
        const test = TEST_METHODS[id];
        if (!test) return missing(res, 'payment_method', id);
        if (test.code) {
          return fail(res, 402, {
            type: 'card_error',
            code: test.code,
            ...(test.decline ? { decline_code: test.decline } : {}),
            message: 'Your card was declined.',
            param: '',
          });
        }
        // Stripe's test ids stand for a fresh payment method each time they are attached.
        const pm = {
          id: nextId('pm'),
          object: 'payment_method',
          type: 'card',
          customer: customer.id,
          card: {
            brand: test.brand,
            last4: test.last4,
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 3,
          },
        };
        state.paymentMethods.set(pm.id, pm);
        return send(res, 200, pm);
      }
      const pm = id ? state.paymentMethods.get(id) : undefined;
      if (!pm) return missing(res, 'payment_method', id ?? '');
      if (action === 'detach' && method === 'POST') {
        pm.customer = null;
        for (const customer of state.customers.values()) {
          if (customer.invoice_settings.default_payment_method === pm.id) {
            customer.invoice_settings.default_payment_method = null;
          }
        }
      }
      return send(res, 200, pm);
    }

    if (resource === 'products') {
      if (!id && method === 'POST') {
        if (state.products.has(body.id)) {
          return fail(res, 400, {
            type: 'invalid_request_error',
            code: 'resource_already_exists',
            message: 'exists',
          });
        }
        const product = { id: body.id ?? nextId('prod'), object: 'product', name: body.name };
        state.products.set(product.id, product);
        return send(res, 200, product);
      }
      const product = id ? state.products.get(id) : undefined;
      return product ? send(res, 200, product) : missing(res, 'product', id ?? '');
    }

    if (resource === 'subscriptions') {
      if (!id && method === 'POST') {
        const customer = state.customers.get(body.customer);
        if (!customer) return missing(res, 'customer', body.customer);
        if (!customer.invoice_settings.default_payment_method) {
          return fail(res, 400, {
            type: 'invalid_request_error',
            message: 'This customer has no attached payment source or default payment method.',
          });
        }
        const [itemInput] = listOf(body.items);
        const price = itemInput ? priceOf(itemInput.price_data ?? {}) : null;
        if (!price) return missing(res, 'product', itemInput?.price_data?.product ?? '');
        const trialDays = Number(body.trial_period_days ?? 0);
        const start = now();
        const end = trialDays > 0 ? start + trialDays * DAY : start + 30 * DAY;
        const subscription = {
          id: nextId('sub'),
          object: 'subscription',
          customer: customer.id,
          status: trialDays > 0 ? 'trialing' : 'active',
          trial_end: trialDays > 0 ? end : null,
          cancel_at_period_end: false,
          metadata: body.metadata ?? {},
          payment_behavior: body.payment_behavior,
          items: {
            object: 'list',
            data: [
              {
                id: nextId('si'),
                object: 'subscription_item',
                price,
                quantity: Number(itemInput.quantity ?? 1),
                current_period_start: start,
                current_period_end: end,
              },
            ],
          },
        };
        state.subscriptions.set(subscription.id, subscription);
        invoiceFor(subscription, trialDays > 0 ? 0 : price.unit_amount, 'paid');
        return send(res, 200, subscription);
      }
      const subscription = id ? state.subscriptions.get(id) : undefined;
      if (!subscription) return missing(res, 'subscription', id ?? '');
      if (method === 'DELETE') subscription.status = 'canceled';
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        }
        const [itemInput] = listOf(body.items);
        if (itemInput?.price_data) {
          const price = priceOf(itemInput.price_data);
          if (!price) return missing(res, 'product', itemInput.price_data.product);
          subscription.items.data[0].price = price;
          subscription.proration_behavior = body.proration_behavior;
        }
        if (body.metadata) subscription.metadata = body.metadata;
      }
      return send(res, 200, subscription);
    }

    if (resource === 'invoices') {
      if (!id && method === 'GET') {
        const data = [...state.invoices.values()]
          .filter((inv) => inv.customer === body.customer && (!body.status || inv.status === body.status))
          .reverse();
        return send(res, 200, list('/v1/invoices', data));
      }
      const invoice = id ? state.invoices.get(id) : undefined;
      if (!invoice) return missing(res, 'invoice', id ?? '');
      if (action === 'pay' && method === 'POST') {
        invoice.status = 'paid';
        invoice.amount_paid = invoice.amount_due;
      }
      return send(res, 200, invoice);
    }

    return fail(res, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method})` });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        fail(res, 500, { type: 'api_error', message: String(error) });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const publishableKey = 'pk_test_fakestripe123';
  const webhookSecret = 'whsec_fakestripe123';
  return {
    url,
    secretKey,
    publishableKey,
    webhookSecret,
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: url,
    },
    ...state,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
