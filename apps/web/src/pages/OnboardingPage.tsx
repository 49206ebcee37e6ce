import { useParams } from 'react-router';
import { OnboardingFlow } from '../features/onboarding/components/OnboardingFlow';

export function OnboardingPage() {
  const { currentStep } = useParams();
  return <OnboardingFlow step={currentStep} />;
}
