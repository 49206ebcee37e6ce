import type { RoleName } from '@crm/shared';
import { type ReactNode, useState } from 'react';
import { vi } from 'vitest';
import { makeMe } from '../../../test/fixtures';
import type { Reply } from '../../../test/stubServer';
import type { Me } from '../../session/api/me.graphql';
import { SessionContext } from '../../session/SessionContext';
import type { BillingCustomer, BillingInvoice, BillingSubscription } from '../api/billing';

export function ok(body: unknown): Reply {
  return { status: 200, body };
}

export function refused(code: string, userMessage: string, status = 400): Reply {
  return { status, body: { code, message: code, userMessage } };
}

export const SANDBOX_CONFIG = ok({ mode: 'sandbox', publishableKey: null });

export function price(plan: string, agents: number, messages: number, pricing: number): Reply {
  return ok({ plan, agents, messages, pricing, mxn: Math.ceil(pricing * 17) });
}

export const PAYMENT: BillingSubscription = {
  id: 'sub_1',
  plan: 'BASIC',
  agents: 1,
  messages: 100,
  pricing: 109.8,
  status: 'active',
  trialEnd: null,
  currentPeriodEnd: '2026-12-26T18:00:00.000Z',
  cancelAtPeriodEnd: false,
};

export const CUSTOMER: BillingCustomer = {
  id: 'cus_1',
  email: 'ana@demo.local',
  name: 'Demo',
  defaultCardId: 'pm_1',
  cards: [
    { id: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true },
    { id: 'pm_2', brand: 'mastercard', last4: '4444', expMonth: 1, expYear: 2031, isDefault: false },
  ],
};

export const INVOICES: BillingInvoice[] = [
  {
    id: 'in_2',
    number: 'SBX-0002',
    amountUsd: 119.8,
    currency: 'usd',
    status: 'open',
    periodStart: '2026-12-26T18:00:00.000Z',
    periodEnd: '2027-01-26T18:00:00.000Z',
    createdAt: '2026-12-26T18:00:00.000Z',
    url: null,
  },
  {
    id: 'in_1',
    number: 'SBX-0001',
    amountUsd: 109.8,
    currency: 'usd',
    status: 'paid',
    periodStart: '2026-11-26T18:00:00.000Z',
    periodEnd: '2026-12-26T18:00:00.000Z',
    createdAt: '2026-11-26T18:00:00.000Z',
    url: 'https://billing.example.test/in_1',
  },
];

export function paymentState(
  payment: BillingSubscription | null,
  customer: BillingCustomer | null = CUSTOMER,
  companyStatus = 'ACTIVE',
): Reply {
  return ok({ mode: 'sandbox', customer, payment, companyStatus });
}

/**
 * A session whose refetchMe loads `next` (the user data after a change, e.g. the company's new status), as the
 * real provider does by asking the API again.
 */
export function TestSession({ me, next, children }: { me: Me; next?: Me; children: ReactNode }) {
  const [current, setCurrent] = useState(me);
  const refetchMe = async () => {
    refetchSpy();
    if (next) setCurrent(next);
  };
  return <SessionContext.Provider value={{ me: current, refetchMe }}>{children}</SessionContext.Provider>;
}

export const refetchSpy = vi.fn();

export function meOf(
  company: Partial<Me['company']> = {},
  permissions?: Record<string, boolean>,
  role: RoleName = 'admin',
): Me {
  return makeMe(role, permissions ? { permissions } : {}, company);
}
