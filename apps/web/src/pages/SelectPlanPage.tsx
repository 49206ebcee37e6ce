import { SelectPlan } from '../features/plans/components/SelectPlan';

export function SelectPlanPage() {
  return <SelectPlan />;
}
