import { HOME_ROUTE } from '@crm/shared';
import { Navigate } from 'react-router';
import { getToken } from '../lib/storage';
import { LoginPage } from './LoginPage';

// 01 §2.1 "/": the inbox when signed in, the login view otherwise.
export function RootPage() {
  return getToken() ? <Navigate to={HOME_ROUTE} replace /> : <LoginPage />;
}
