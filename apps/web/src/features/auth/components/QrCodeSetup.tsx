import { AndroidFilled, AppleFilled } from '@ant-design/icons';
import { Alert, Button, Skeleton, Space, Steps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getQrUri } from '../../../lib/storage';
import { useQrImage } from '../../../lib/useQrImage';
import type { TwoFactorState } from '../twoFactorState';
import { AuthLayout } from './AuthLayout';

const ANDROID_APP_URL =
  'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2';
const IOS_APP_URL = 'https://apps.apple.com/app/google-authenticator/id388497605';

interface QrCodeSetupProps {
  credentials: TwoFactorState;
}

// 01 §2.4 /qr-code: install an authenticator, scan the code read from local storage, continue.
export function QrCodeSetup({ credentials }: QrCodeSetupProps) {
  const navigate = useNavigate();
  const [uri] = useState(getQrUri);
  const image = useQrImage(uri, 220);

  return (
    <AuthLayout
      wide
      title="Protege tu cuenta"
      subtitle="Tu empresa pide un segundo paso para iniciar sesión. Configúralo una sola vez con una aplicación de autenticación."
    >
      <Steps
        orientation="vertical"
        size="small"
        current={-1}
        className="qr-steps"
        items={[
          {
            title: 'Instala una aplicación de autenticación',
            content: (
              <Space wrap className="qr-store-links">
                <Button href={ANDROID_APP_URL} target="_blank" rel="noreferrer" icon={<AndroidFilled />}>
                  Descargar para Android
                </Button>
                <Button href={IOS_APP_URL} target="_blank" rel="noreferrer" icon={<AppleFilled />}>
                  Descargar para iOS
                </Button>
              </Space>
            ),
          },
          {
            title: 'Escanea este código con la aplicación',
            content: uri ? (
              <div className="qr-frame">
                {image ? (
                  <img
                    src={image}
                    width={220}
                    height={220}
                    alt="Código QR para tu aplicación de autenticación"
                    data-testid="qr-image"
                  />
                ) : (
                  <Skeleton.Node active style={{ width: 220, height: 220 }} />
                )}
              </div>
            ) : (
              <Alert
                type="warning"
                showIcon
                title="No encontramos el código QR. Regresa e inicia sesión de nuevo."
              />
            ),
          },
          {
            title: 'Ingresa el código de seis dígitos',
            content: 'Presiona Continuar y escribe el código que muestra la aplicación.',
          },
        ]}
      />
      <div className="auth-actions">
        <Button size="large" onClick={() => navigate('/login')}>
          Regresar
        </Button>
        <Button type="primary" size="large" onClick={() => navigate('/two-factor', { state: credentials })}>
          Continuar
        </Button>
      </div>
    </AuthLayout>
  );
}
