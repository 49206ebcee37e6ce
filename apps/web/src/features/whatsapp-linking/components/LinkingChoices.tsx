import { ExperimentOutlined, FacebookOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import type { WhatsappLinkingConfigView } from '@crm/shared';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { handleError } from '../../../lib/errors';
import { fetchLinkingConfig, linkMeta, linkSandbox } from '../api/linking.rest';
import { useLinkOutcome } from '../hooks/useLinkOutcome';
import { CONNECTING_MESSAGE, LINKED_MESSAGE } from '../linkingRules';
import { runMetaSignup } from '../metaSignup';

const POPUP_FEATURES = 'width=640,height=860';

/**
 * The ways to link a number the server offers (GET /api/link-whatsapp/config): 360dialog's Connect in a pop-up
 * (it comes back to /link-whatsapp?client=&channels=), Meta's embedded signup, or the sandbox number when the
 * product has no provider account.
 */
export function LinkingChoices({ showVideoLink = true }: { showVideoLink?: boolean }) {
  const [config, setConfig] = useState<WhatsappLinkingConfigView | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [popupBlocked, setPopupBlocked] = useState(false);
  const { state, run, errorMessage } = useLinkOutcome({ goOnReply: true });

  useEffect(() => {
    let active = true;
    fetchLinkingConfig()
      .then((answer) => {
        if (active) setConfig(answer);
      })
      .catch((error: unknown) => {
        if (!active) return;
        handleError(error);
        setLoadFailed(true);
      });
    return () => {
      active = false;
    };
  }, []);

  if (loadFailed)
    return <Alert type="error" showIcon title="No pudimos cargar las opciones de vinculación." />;
  if (!config) return <Spin data-testid="linking-choices-loading" />;
  if (state === 'connecting') return <Result icon={<Spin />} title={CONNECTING_MESSAGE} />;
  if (state === 'linked') return <Result status="success" title={LINKED_MESSAGE} />;

  const openDialog360 = () => {
    if (!config.dialog360) return;
    // The pop-up links the number and announces it on the company's room; this page listens for it.
    const popup = window.open(config.dialog360.connectUrl, 'dialog360-connect', POPUP_FEATURES);
    setPopupBlocked(popup === null);
  };

  const openMeta = () => {
    const meta = config.meta;
    if (!meta) return;
    void run(async () => linkMeta(await runMetaSignup(meta.appId, meta.configId)));
  };

  const noProvider = !config.sandbox && !config.dialog360 && !config.meta;

  return (
    <Card className="linking-choices" title="Vincula tu número de WhatsApp">
      <Space orientation="vertical" size="middle" className="linking-choices-body">
        {state === 'error' ? <Alert type="error" showIcon title={errorMessage} /> : null}
        {popupBlocked ? (
          <Alert
            type="warning"
            showIcon
            title="Tu navegador bloqueó la ventana de vinculación. Permite las ventanas emergentes e inténtalo de nuevo."
          />
        ) : null}
        {config.sandbox ? (
          <Alert
            type="info"
            showIcon
            title="Modo de prueba: se vinculará el número de prueba para que puedas probar el chat sin un proveedor."
          />
        ) : null}
        <Space wrap>
          {config.dialog360 ? (
            <Button type="primary" icon={<LinkOutlined />} onClick={openDialog360}>
              Conectar con 360dialog
            </Button>
          ) : null}
          {config.meta ? (
            <Button type="primary" icon={<FacebookOutlined />} onClick={openMeta}>
              Conectar con Meta
            </Button>
          ) : null}
          {config.sandbox ? (
            <Button type="primary" icon={<ExperimentOutlined />} onClick={() => void run(linkSandbox)}>
              Vincular número de prueba
            </Button>
          ) : null}
        </Space>
        {noProvider ? (
          <Typography.Text type="secondary">
            No hay un proveedor de WhatsApp configurado. Contacta al equipo de soporte.
          </Typography.Text>
        ) : null}
        {showVideoLink ? (
          <Link to="/link-whatsapp/qrcode-instructions">
            <QrcodeOutlined /> Ver el video de instrucciones en tu teléfono
          </Link>
        ) : null}
      </Space>
    </Card>
  );
}
