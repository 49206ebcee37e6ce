import { useParams } from 'react-router';
import { BroadcastScreens } from '../features/campaigns/components/BroadcastScreens';

// 01 §2.7 /broadcast/table and /broadcast/{currentStep}: the campaign table, the wizard's steps and the results.
export function BroadcastPage() {
  const { currentStep } = useParams();
  return <BroadcastScreens currentStep={currentStep ?? 'table'} />;
}
