import type { BillingConfigView } from '@crm/shared';
import { useCallback, useEffect, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import {
  type BillingInvoice,
  fetchBillingConfig,
  fetchInvoices,
  fetchPaymentState,
  type PaymentState,
} from '../api/billing';

export interface BillingData {
  config: BillingConfigView;
  state: PaymentState;
  invoices: BillingInvoice[];
}

export interface UseBilling {
  data: BillingData | null;
  error: string | null;
  loading: boolean;
  /** Reads everything again (after a change, so cards, plan and invoices show what the provider now has). */
  reload: () => Promise<void>;
}

interface UseBillingOptions {
  /** Invoices are listed on the account and payment views only. */
  withInvoices?: boolean;
  /** False for a user without readPayments or writePayments: the routes would answer 403. */
  enabled?: boolean;
}

/** The billing mode, the payment state (plan, customer, cards) and, when asked, the invoices. */
export function useBilling({ withInvoices = false, enabled = true }: UseBillingOptions = {}): UseBilling {
  const [data, setData] = useState<BillingData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(enabled);

  const load = useCallback(async (): Promise<BillingData> => {
    const [config, state, invoices] = await Promise.all([
      fetchBillingConfig(),
      fetchPaymentState(),
      withInvoices ? fetchInvoices() : Promise.resolve([]),
    ]);
    return { config, state, invoices };
  }, [withInvoices]);

  const reload = useCallback(async () => {
    try {
      setData(await load());
      setError(null);
    } catch (cause) {
      setError(resolveError(cause).userMessage);
    }
  }, [load]);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    load().then(
      (answer) => {
        if (!live) return;
        setData(answer);
        setLoading(false);
      },
      (cause: unknown) => {
        if (!live) return;
        setError(resolveError(cause).userMessage);
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [enabled, load]);

  return { data, error, loading, reload };
}
