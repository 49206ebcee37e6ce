import { QR_LIFETIME_MS, VERIFICATION_CODE_LENGTH } from '@crm/shared';
import { Alert, Button, Form, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getQrUri } from '../../../lib/storage';
import { useCountdown } from '../hooks/useCountdown';
import { useTwoFactorLogin } from '../hooks/useTwoFactorLogin';
import type { TwoFactorState } from '../twoFactorState';
import { AuthLayout } from './AuthLayout';
import { CodeInput, type CodeInputHandle, emptyCode } from './CodeInput';

interface TwoFactorFormProps {
  credentials: TwoFactorState;
}

function formatSeconds(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return `${minutes}:${seconds}`;
}

export function TwoFactorForm({ credentials }: TwoFactorFormProps) {
  const navigate = useNavigate();
  const [digits, setDigits] = useState<string[]>(() => emptyCode(VERIFICATION_CODE_LENGTH));
  const codeInput = useRef<CodeInputHandle>(null);
  const { submitting, error, submit } = useTwoFactorLogin(credentials);
  const remaining = useCountdown(QR_LIFETIME_MS);
  // The way back to the QR only makes sense while the authenticator is being set up.
  const [canReturnToQr] = useState(() => getQrUri() !== null);

  const code = digits.join('');
  const complete = code.length === VERIFICATION_CODE_LENGTH;

  const send = async (value: string) => {
    const signedIn = await submit(value);
    if (!signedIn) setDigits(emptyCode(VERIFICATION_CODE_LENGTH));
  };

  // After a refused code the boxes are cleared and enabled again: start over at the first one.
  useEffect(() => {
    if (error && !submitting) codeInput.current?.focus(0);
  }, [error, submitting]);

  return (
    <AuthLayout title="Ingresa el código de verificación" subtitle="Ingresa el código de tu aplicación">
      <Form layout="vertical" onFinish={() => complete && void send(code)}>
        <CodeInput
          ref={codeInput}
          value={digits}
          onChange={setDigits}
          onComplete={(value) => void send(value)}
          disabled={submitting}
          invalid={error !== null}
          autoFocus
        />
        {error ? (
          <Alert type="error" showIcon title={error} className="auth-alert" data-testid="two-factor-error" />
        ) : null}
        <div className="auth-actions">
          <Button size="large" onClick={() => navigate('/login')} disabled={submitting}>
            Regresar
          </Button>
          <Button type="primary" size="large" htmlType="submit" loading={submitting} disabled={!complete}>
            Continuar
          </Button>
        </div>
        {canReturnToQr ? (
          <div className="two-factor-qr-hint">
            {remaining > 0 ? (
              <Typography.Text type="secondary" data-testid="qr-countdown">
                Si no pudiste escanear el código podrás volver a verlo en {formatSeconds(remaining)}
              </Typography.Text>
            ) : (
              <Link to="/qr-code" state={credentials}>
                Si no pudiste escanear el código
              </Link>
            )}
          </div>
        ) : null}
      </Form>
    </AuthLayout>
  );
}
