import { useSearchParams } from 'react-router';
import { ChangePasswordForm } from '../features/auth/components/ChangePasswordForm';

export function ChangePasswordPage() {
  const [params] = useSearchParams();
  return <ChangePasswordForm token={params.get('token')} />;
}
