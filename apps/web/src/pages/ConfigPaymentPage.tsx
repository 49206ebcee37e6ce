import { ConfigBilling } from '../features/billing/components/ConfigBilling';

export function ConfigPaymentPage() {
  return <ConfigBilling section="payment" />;
}
