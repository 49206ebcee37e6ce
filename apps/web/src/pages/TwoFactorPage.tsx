import { LOGIN_ROUTE } from '@crm/shared';
import { Navigate, useLocation } from 'react-router';
import { TwoFactorForm } from '../features/auth/components/TwoFactorForm';
import { readTwoFactorState } from '../features/auth/twoFactorState';

export function TwoFactorPage() {
  const credentials = readTwoFactorState(useLocation().state);
  // A direct visit has no credentials to send with the code.
  if (!credentials) return <Navigate to={LOGIN_ROUTE} replace />;
  return <TwoFactorForm credentials={credentials} />;
}
