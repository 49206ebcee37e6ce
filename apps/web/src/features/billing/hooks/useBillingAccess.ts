import { useAccess } from '../../access/hooks/useAccess';

export interface BillingAccess {
  /** readPayments or writePayments: plan, cards and invoices can be read. */
  canRead: boolean;
  /** writePayments: every change (plan, cards, cancel, balance); without it the buttons are hidden. */
  canWrite: boolean;
}

// 01 §2.3 / issue 19: billing is visible with readPayments, changed with writePayments.
export function useBillingAccess(): BillingAccess {
  const { permissions } = useAccess();
  const canWrite = permissions.writePayments === true;
  return { canRead: canWrite || permissions.readPayments === true, canWrite };
}
