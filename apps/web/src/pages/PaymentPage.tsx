import { LOGIN_ROUTE } from '@crm/shared';
import { Navigate } from 'react-router';
import { ApolloScope } from '../app/providers/ApolloScope';
import { FirstPayment } from '../features/billing/components/FirstPayment';
import { SessionProvider } from '../features/session/components/SessionProvider';
import { getToken } from '../lib/storage';

/**
 * 01 §2.1 first-payment route. It is a public route (outside the app's shell and top bar), yet paying needs the
 * signed-in user: without a token the user signs in first; with one, the session is loaded here.
 */
export function PaymentPage() {
  if (!getToken()) return <Navigate to={LOGIN_ROUTE} replace />;
  return (
    <ApolloScope>
      <SessionProvider>
        <FirstPayment />
      </SessionProvider>
    </ApolloScope>
  );
}
