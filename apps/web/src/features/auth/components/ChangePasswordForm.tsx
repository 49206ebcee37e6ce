import { LockOutlined } from '@ant-design/icons';
import { validatePassword, validatePasswordConfirmation } from '@crm/shared';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import { resetPassword } from '../api/auth.rest';
import { AuthLayout } from './AuthLayout';

interface ChangePasswordValues {
  password: string;
  confirmation: string;
}

export const PASSWORD_CHANGED_MESSAGE = 'Tu contraseña se actualizó. Ya puedes iniciar sesión.';

interface ChangePasswordFormProps {
  token: string | null;
}

export function ChangePasswordForm({ token }: ChangePasswordFormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);

  if (!token) {
    return (
      <AuthLayout title="Enlace no válido">
        <Result
          status="warning"
          title="El enlace para restablecer tu contraseña no es válido."
          subTitle="Solicita uno nuevo para continuar."
          extra={
            <Link to="/recoverPassword">
              <Button type="primary">Solicitar un enlace nuevo</Button>
            </Link>
          }
        />
      </AuthLayout>
    );
  }

  const save = async ({ password }: ChangePasswordValues) => {
    setSaving(true);
    setTokenError(null);
    try {
      await resetPassword(token, password);
      toast.success(PASSWORD_CHANGED_MESSAGE);
      navigate('/login', { replace: true });
    } catch (error) {
      const { code, userMessage, field, fields } = resolveError(error);
      if (code === 'VALIDATION_ERROR' && (field === 'password' || fields?.password)) {
        form.setFields([{ name: 'password', errors: [fields?.password ?? userMessage] }]);
      } else if (code === 'RESET_TOKEN_INVALID') {
        setTokenError(userMessage);
      } else {
        handleError(error);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthLayout
      title="Crea una contraseña nueva"
      subtitle="Usa al menos 8 caracteres e incluye al menos un número."
      footer={<Link to="/login">Volver a iniciar sesión</Link>}
    >
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        disabled={saving}
        size="large"
      >
        <Form.Item label="Nueva contraseña" name="password" rules={[ruleFrom(validatePassword)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label="Confirma tu contraseña"
          name="confirmation"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) =>
              ruleFrom((confirmation) => {
                const password: unknown = getFieldValue('password');
                return validatePasswordConfirmation(
                  typeof password === 'string' ? password : '',
                  confirmation,
                );
              }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
        </Form.Item>
        {tokenError ? (
          <Alert
            type="error"
            showIcon
            title={tokenError}
            description={<Link to="/recoverPassword">Solicitar un enlace nuevo</Link>}
            className="auth-alert"
          />
        ) : null}
        <Button type="primary" htmlType="submit" block loading={saving}>
          Guardar contraseña
        </Button>
      </Form>
    </AuthLayout>
  );
}
