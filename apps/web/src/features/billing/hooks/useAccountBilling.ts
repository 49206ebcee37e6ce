import { useCallback } from 'react';
import { useSession } from '../../session/hooks/useSession';
import type { BillingSubscription } from '../api/billing';
import { isLiveSubscription } from '../billingLabels';
import { type UseBilling, useBilling } from './useBilling';
import { type BillingAccess, useBillingAccess } from './useBillingAccess';

export interface AccountBilling extends BillingAccess {
  billing: UseBilling;
  payment: BillingSubscription | null;
  /** A subscription the provider still runs (it can be changed or cancelled; a new one cannot be started). */
  live: boolean;
  /**
   * After any change: the user data again (the company's status drives the banner and the routing) and the
   * provider's view again (plan, cards, invoices).
   */
  onChanged: () => Promise<void>;
}

export function useAccountBilling(withInvoices: boolean): AccountBilling {
  const { refetchMe } = useSession();
  const access = useBillingAccess();
  const billing = useBilling({ withInvoices, enabled: access.canRead });
  const { reload } = billing;
  const onChanged = useCallback(async () => {
    await Promise.all([refetchMe(), reload()]);
  }, [refetchMe, reload]);
  const payment = billing.data?.state.payment ?? null;
  return { ...access, billing, payment, live: isLiveSubscription(payment?.status), onChanged };
}
