import { MailOutlined } from '@ant-design/icons';
import { validateEmail } from '@crm/shared';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { sendResetPasswordEmail } from '../api/auth.rest';
import { AuthLayout } from './AuthLayout';

export const RESET_EMAIL_SENT_MESSAGE =
  'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.';

export function RecoverPasswordForm() {
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async ({ email }: { email: string }) => {
    setSending(true);
    try {
      await sendResetPasswordEmail(email.trim());
      setSent(true);
    } catch (error) {
      handleError(error);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <AuthLayout title="Revisa tu correo">
        <Result
          status="success"
          title={RESET_EMAIL_SENT_MESSAGE}
          data-testid="reset-email-sent"
          extra={
            <Link to="/login">
              <Button type="primary">Volver a iniciar sesión</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Recupera tu contraseña"
      subtitle="Escribe el correo con el que inicias sesión y te enviaremos un enlace para crear una contraseña nueva."
      footer={<Link to="/login">Volver a iniciar sesión</Link>}
    >
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        onFinish={send}
        disabled={sending}
        size="large"
      >
        <Form.Item label="Correo electrónico" name="email" rules={[ruleFrom(validateEmail)]}>
          <Input
            type="email"
            prefix={<MailOutlined />}
            placeholder="nombre@empresa.com"
            autoComplete="email"
            autoFocus
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={sending}>
          Enviar enlace
        </Button>
      </Form>
    </AuthLayout>
  );
}
