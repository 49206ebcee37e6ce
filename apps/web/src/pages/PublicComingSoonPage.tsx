import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { AuthLayout } from '../features/auth/components/AuthLayout';
import { COMING_SOON_TEXT } from '../features/layout/components/ComingSoon';

// Public routes of later issues (onboarding, plans, payment): same card as the login.
export function PublicComingSoonPage({ title }: { title: string }) {
  return (
    <AuthLayout title={title}>
      <Result
        icon={<ClockCircleOutlined />}
        title={COMING_SOON_TEXT}
        extra={
          <Link to="/login">
            <Button type="primary">Ir a iniciar sesión</Button>
          </Link>
        }
      />
    </AuthLayout>
  );
}
