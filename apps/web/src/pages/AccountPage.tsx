import { Account } from '../features/billing/components/Account';

export function AccountPage() {
  return <Account />;
}
