import { useParams } from 'react-router';
import { ApolloScope } from '../app/providers/ApolloScope';
import { OnboardingFlow } from '../features/onboarding/components/OnboardingFlow';

export function OnboardingPage() {
  const { currentStep } = useParams();
  return (
    <ApolloScope>
      <OnboardingFlow step={currentStep} />
    </ApolloScope>
  );
}
