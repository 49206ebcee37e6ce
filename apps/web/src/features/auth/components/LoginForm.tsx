import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { validateEmail, validatePassword } from '@crm/shared';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { ruleFrom } from '../../../lib/form-rules';
import type { Credentials } from '../api/auth.rest';
import { useLogin } from '../hooks/useLogin';
import { AuthLayout } from './AuthLayout';

// Signing in only needs a password to be present; the strength rules apply when one is set.
const passwordPresent = ruleFrom((value) => (value === '' ? validatePassword(value) : null));

export function LoginForm() {
  const { submitting, error, login } = useLogin();

  return (
    <AuthLayout
      title="Inicia sesión"
      subtitle="Atiende tus conversaciones de WhatsApp, Messenger y SMS desde un solo lugar."
      footer={
        <>
          ¿Aún no tienes cuenta? <Link to="/onboarding/step/name">Crear cuenta</Link>
        </>
      }
    >
      <Form<Credentials>
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => login({ email: values.email.trim(), password: values.password })}
        disabled={submitting}
        size="large"
      >
        <Form.Item label="Correo electrónico" name="email" rules={[ruleFrom(validateEmail)]}>
          <Input
            type="email"
            prefix={<MailOutlined />}
            placeholder="nombre@empresa.com"
            autoComplete="username"
            autoFocus
          />
        </Form.Item>
        <Form.Item label="Contraseña" name="password" rules={[passwordPresent]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="Tu contraseña"
            autoComplete="current-password"
          />
        </Form.Item>
        <div className="auth-form-aside">
          <Link to="/recoverPassword">¿Olvidaste tu contraseña?</Link>
        </div>
        {error ? (
          <Alert type="error" showIcon title={error} className="auth-alert" data-testid="login-error" />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={submitting}>
          Iniciar sesión
        </Button>
      </Form>
    </AuthLayout>
  );
}
