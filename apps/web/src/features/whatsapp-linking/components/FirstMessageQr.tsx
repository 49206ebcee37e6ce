import { MessageOutlined } from '@ant-design/icons';
import type { LinkingQrView } from '@crm/shared';
import { Alert, Button, Card, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { handleError } from '../../../lib/errors';
import { useQrImage } from '../../../lib/useQrImage';
import { fetchFirstMessageQr } from '../api/linking.rest';
import { QR_STATUS_EVENT, type QrStatusPayload, useLinkingEvent } from '../hooks/useLinkingEvents';
import { displayLinkedPhone, LINKING_QR_LIFETIME_MS } from '../linkingRules';

const LIFETIME_SECONDS = LINKING_QR_LIFETIME_MS / 1000;

/**
 * /link-whatsapp/qrcode (01 §2.5, §9): a QR that opens WhatsApp with a first message to the company's number. It
 * lives 40 s and is renewed, with a countdown; the server says on phone_{phone} ('qr') when the message arrived.
 */
export function FirstMessageQr() {
  const navigate = useNavigate();
  const [qr, setQr] = useState<LinkingQrView | null>(null);
  const [failed, setFailed] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(LIFETIME_SECONDS);
  const [received, setReceived] = useState(false);
  const image = useQrImage(qr?.link ?? null);
  const mounted = useRef(true);

  const load = useCallback(async () => {
    try {
      const answer = await fetchFirstMessageQr();
      if (!mounted.current) return;
      setQr(answer);
      setFailed(false);
    } catch (error) {
      if (!mounted.current) return;
      handleError(error);
      setFailed(true);
    } finally {
      // The countdown restarts with each request: a failed one is tried again at the next renewal.
      if (mounted.current) setSecondsLeft(LIFETIME_SECONDS);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    void load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  // One tick a second; at zero a new QR replaces the old one (the server's link has expired by then).
  useEffect(() => {
    if (received) return;
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [received]);

  useEffect(() => {
    if (secondsLeft === 0 && !received) void load();
  }, [secondsLeft, received, load]);

  useLinkingEvent<QrStatusPayload>(QR_STATUS_EVENT, (payload) => {
    if (payload.success) setReceived(true);
  });

  const goToChat = (
    <Button type="primary" icon={<MessageOutlined />} onClick={() => navigate('/chat')}>
      Ir al chat
    </Button>
  );

  return (
    <div className="page linking-page">
      <Typography.Title level={3}>Envía tu primer mensaje</Typography.Title>
      <Card>
        {received ? (
          <Result
            status="success"
            title="¡Recibimos tu mensaje!"
            subTitle="Ve al chat para responderlo."
            extra={goToChat}
          />
        ) : (
          <div className="linking-qr" data-testid="first-message-qr">
            {failed ? <Alert type="error" showIcon title="No pudimos generar el código QR." /> : null}
            {qr && image ? (
              <img src={image} alt="Código QR para enviar tu primer mensaje" width={240} height={240} />
            ) : failed ? null : (
              <Spin />
            )}
            {qr ? (
              <Typography.Paragraph>
                Escanea el código con la cámara de otro teléfono para enviar un mensaje a tu número{' '}
                <Typography.Text strong>{displayLinkedPhone(qr.phone)}</Typography.Text> y responderlo desde
                el chat.
              </Typography.Paragraph>
            ) : null}
            <Typography.Text type="secondary" data-testid="qr-countdown">
              {secondsLeft > 0 ? `El código se renueva en ${secondsLeft} s` : 'Generando un código nuevo…'}
            </Typography.Text>
            {goToChat}
          </div>
        )}
      </Card>
    </div>
  );
}
