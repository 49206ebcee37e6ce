import { CustomerServiceOutlined, DesktopOutlined, ToolOutlined } from '@ant-design/icons';
import { CompanyStatus } from '@crm/shared';
import { Alert, Button, Card, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/errors';
import { useSession } from '../../session/hooks/useSession';
import { requestNeedHelp, sendOnboardingVideo } from '../api/linking.rest';
import { isMobileDevice } from '../device';
import { ASK_HELP_LABEL, DESKTOP_ONLY_MESSAGE, SELF_SETUP_LABEL } from '../linkingRules';

export const INSTRUCTIONS_ROUTE = '/link-whatsapp/whatsappLink/instructions';

// A company created before onboarding existed has no record (404): the help and the video are then simply skipped.
function reportUnlessMissing(error: unknown): void {
  if (ApiError.is(error) && error.status === 404) return;
  handleError(error);
}

/**
 * /link-whatsapp without query parameters: the post-payment help page (01 §2.5, §4). Only a company awaiting its
 * WhatsApp linking stays; any other status goes to /chat; an unknown status reloads the user's data.
 */
export function PostPaymentHelp() {
  const navigate = useNavigate();
  const { me, refetchMe } = useSession();
  const status = me.company?.status ?? null;
  const decided = useRef(false);
  // The page is opened right after the first payment, whose status change may not have reached the loaded user yet:
  // the user is read again once before being sent away.
  const [reread, setReread] = useState(false);
  const rereading = useRef(false);
  const [busy, setBusy] = useState<'help' | 'self' | null>(null);
  const mobile = isMobileDevice();

  useEffect(() => {
    // Decided once: the status changes when the number gets linked here, and that must not send the user away.
    if (decided.current) return;
    if (!status) {
      void refetchMe();
      return;
    }
    if (status === CompanyStatus.AWAITING_WA_VINCULATION) {
      decided.current = true;
      return;
    }
    if (!reread) {
      if (!rereading.current) {
        rereading.current = true;
        void Promise.resolve(refetchMe()).finally(() => setReread(true));
      }
      return;
    }
    decided.current = true;
    navigate('/chat', { replace: true });
  }, [status, reread, navigate, refetchMe]);

  const askForHelp = async () => {
    setBusy('help');
    try {
      await requestNeedHelp();
    } catch (error) {
      reportUnlessMissing(error);
    } finally {
      setBusy(null);
    }
    navigate(INSTRUCTIONS_ROUTE);
  };

  // 01 §2.5: the instruction video is mailed, then the user goes on in /spaces, where the linking choices wait.
  const setUpMyself = async () => {
    setBusy('self');
    try {
      await sendOnboardingVideo();
    } catch (error) {
      reportUnlessMissing(error);
    } finally {
      setBusy(null);
    }
    navigate('/spaces');
  };

  return (
    <div className="page linking-page">
      <Typography.Title level={3}>¡Tu pago fue exitoso! Vincula tu número de WhatsApp</Typography.Title>
      <Typography.Paragraph type="secondary">
        Para empezar a recibir mensajes de tus clientes falta vincular tu número. Te ayudamos a hacerlo o
        puedes terminar la configuración tú mismo; te enviaremos por correo un video con las instrucciones.
      </Typography.Paragraph>
      {mobile ? (
        <Alert type="warning" showIcon icon={<DesktopOutlined />} title={DESKTOP_ONLY_MESSAGE} />
      ) : null}
      <Card>
        <Space wrap size="middle">
          <Button
            size="large"
            icon={<CustomerServiceOutlined />}
            loading={busy === 'help'}
            disabled={busy !== null}
            onClick={() => void askForHelp()}
          >
            {ASK_HELP_LABEL}
          </Button>
          {mobile ? null : (
            <Button
              size="large"
              type="primary"
              icon={<ToolOutlined />}
              loading={busy === 'self'}
              disabled={busy !== null}
              onClick={() => void setUpMyself()}
            >
              {SELF_SETUP_LABEL}
            </Button>
          )}
        </Space>
      </Card>
    </div>
  );
}
