import { LOGIN_ROUTE } from '@crm/shared';
import { Navigate, useLocation } from 'react-router';
import { QrCodeSetup } from '../features/auth/components/QrCodeSetup';
import { readTwoFactorState } from '../features/auth/twoFactorState';

export function QrCodePage() {
  const credentials = readTwoFactorState(useLocation().state);
  if (!credentials) return <Navigate to={LOGIN_ROUTE} replace />;
  return <QrCodeSetup credentials={credentials} />;
}
