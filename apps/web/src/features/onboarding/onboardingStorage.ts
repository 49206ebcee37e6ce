import { PUBLIC_ROUTES, ROUTE_GUARDS } from '@crm/shared';

// Kept in the browser so a closed tab continues where it was (the id) and a referral link survives the sign-up.
const ONBOARDING_ID_KEY = 'onboardingId';
const REFERRAL_CODE_KEY = 'referralCode';

export function getStoredOnboardingId(): string | null {
  return localStorage.getItem(ONBOARDING_ID_KEY);
}

export function storeOnboardingId(id: string): void {
  localStorage.setItem(ONBOARDING_ID_KEY, id);
}

export function forgetOnboardingId(): void {
  localStorage.removeItem(ONBOARDING_ID_KEY);
}

export function getStoredReferralCode(): string | null {
  return localStorage.getItem(REFERRAL_CODE_KEY);
}

export function storeReferralCode(code: string): void {
  localStorage.setItem(REFERRAL_CODE_KEY, code);
}

export function forgetReferralCode(): void {
  localStorage.removeItem(REFERRAL_CODE_KEY);
}

const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

// The first segment of every route the product has: '/chat' or '/onboarding' are never referral codes, even when
// typed without the rest of their path.
const KNOWN_SECTIONS: ReadonlySet<string> = new Set(
  [...PUBLIC_ROUTES, ...ROUTE_GUARDS.map((guard) => guard.path)]
    .map((path) => path.split('/').find((segment) => segment !== '') ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith(':'))
    .map((segment) => segment.toLowerCase()),
);

/** A one-segment address (/{refCode}) counts as a referral code only when it looks like one. */
export function isReferralCode(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' && REFERRAL_CODE_PATTERN.test(value) && !KNOWN_SECTIONS.has(value.toLowerCase())
  );
}
