import type { OnboardingData, OnboardingRecord } from '../api/onboarding.rest';

/** What the flow gives the form of one step. */
export interface StepProps {
  record: OnboardingRecord;
  /** Saves the step's answers with `step` = the next step and `prevStep` = this one, then opens the next step. */
  advance: (data: OnboardingData) => Promise<void>;
  /** Opens the previous step; null on the first. */
  back: (() => void) | null;
}
