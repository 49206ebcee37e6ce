import type { OnboardingStep } from '@crm/shared';
import { apiGet, apiPost } from '../../../lib/http';

/** docs/api.md "Onboarding (issue 19)": the sign-up record as GET /api/onboarding/{id} and /onboarding/set answer it. */
export interface OnboardingRecord {
  id: string;
  finished: false;
  email: string;
  name: string | null;
  step: string;
  prevStep: string | null;
  businessName: string | null;
  businessCategory: string | null;
  businessWeb: string | null;
  hasWebsite: boolean | null;
  phone: string | null;
  country: string | null;
  referralCode: string | null;
}

/** A finished record: its data belongs to the company now, so only this is answered. */
export interface FinishedOnboardingRecord {
  id: string;
  step: 'welcome';
  finished: true;
}

/** The fields a step writes; `step` and `prevStep` move the record along the flow. */
export interface OnboardingData {
  name?: string;
  phone?: string;
  country?: string | null;
  businessName?: string;
  hasWebsite?: boolean;
  businessWeb?: string | null;
  businessCategory?: string;
  device?: 'mobile' | 'desktop';
  connSpeedMBps?: number;
  location?: string;
  referralCode?: string;
  step?: OnboardingStep;
  prevStep?: OnboardingStep;
}

// Every call of the flow is public (the visitor has no account yet): no stale token is sent.
const PUBLIC = { auth: false } as const;

export function fetchOnboarding(id: string): Promise<OnboardingRecord | FinishedOnboardingRecord> {
  return apiGet(`/onboarding/${encodeURIComponent(id)}`, PUBLIC);
}

export function saveOnboarding(id: string, data: OnboardingData): Promise<OnboardingRecord> {
  return apiPost('/onboarding/set', { id, data }, PUBLIC);
}

/** 01 §7 POST /emailVerification: mails the 6-character code (the server refuses a resend within 60 s). */
export function sendEmailCode(email: string): Promise<{ sent: true; resendAfterSeconds: number }> {
  return apiPost('/emailVerification', { email }, PUBLIC);
}

export function verifyEmailCode(email: string, code: string): Promise<{ verified: true }> {
  return apiPost('/verify', { email, code }, PUBLIC);
}

/** 01 §7 POST /register with the record: name, phone and business come from it; answers the session token. */
export function registerFromOnboarding(input: {
  email: string;
  password: string;
  onboardingId: string;
}): Promise<{ token: string }> {
  return apiPost('/register', input, PUBLIC);
}
