import { RecoverPasswordForm } from '../features/auth/components/RecoverPasswordForm';

export function RecoverPasswordPage() {
  return <RecoverPasswordForm />;
}
