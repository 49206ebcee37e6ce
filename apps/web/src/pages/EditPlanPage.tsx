import { ConfigBilling } from '../features/billing/components/ConfigBilling';

export function EditPlanPage() {
  return <ConfigBilling section="edit-plan" />;
}
