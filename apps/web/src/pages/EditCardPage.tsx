import { ConfigBilling } from '../features/billing/components/ConfigBilling';

export function EditCardPage() {
  return <ConfigBilling section="edit-card" />;
}
