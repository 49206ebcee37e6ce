import { HOME_ROUTE } from '@crm/shared';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { LazyRequireAuth } from '../app/guards/LazyRequireAuth';
import { isReferralCode, storeReferralCode } from '../features/onboarding/onboardingStorage';
import { onboardingPath } from '../features/onboarding/steps';
import { getToken } from '../lib/storage';

// The code is stored during render, before the redirect: writing the same value again is harmless, and the
// onboarding page reads it as soon as it opens.

/** 01 §2.1 /ref?code=X: keeps the referral code through the sign-up (01 §9: +0.2 on the lead score). */
export function ReferralPage() {
  const [search] = useSearchParams();
  if (getToken()) return <Navigate to={HOME_ROUTE} replace />;
  const code = search.get('code');
  if (isReferralCode(code)) storeReferralCode(code);
  return <Navigate to={onboardingPath('name')} replace />;
}

/**
 * 01 §2.1 /{refCode}, as the layout of that route: a signed-out visitor with a code-like address starts the sign-up
 * with it; anyone else gets what an unknown address gives (the child route: the not-found page when signed in,
 * /login otherwise), so real routes and signed-in users never see the onboarding here.
 */
export function ReferralCodeRoute() {
  const { refCode } = useParams();
  if (getToken() || !isReferralCode(refCode)) return <LazyRequireAuth />;
  storeReferralCode(refCode);
  return <Navigate to={onboardingPath('name')} replace />;
}
