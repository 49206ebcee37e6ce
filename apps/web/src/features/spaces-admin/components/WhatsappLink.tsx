import { CheckCircleFilled, MobileOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CHAT_HISTORY_RANGES,
  type ChatHistoryRange,
  channelNameError,
  QR_LIFETIME_MS,
  REALTIME_EVENTS,
  validateChatHistoryChoice,
  validatePhone,
} from '@crm/shared';
import { Alert, Button, Card, Form, Input, Result, Select, Space, Spin, Steps, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { subscribeRealtime } from '../../../lib/socket';
import { toast } from '../../../lib/toast';
import { useQrImage } from '../../../lib/useQrImage';
import { PageHeader } from '../../layout/components/PageHeader';
import { useSession } from '../../session/hooks/useSession';
import { channelStatus, type QrReply, requestQr, scanQr } from '../api/spaces.rest';
import '../spacesAdmin.css';

export const CHAT_HISTORY_LABELS: Record<ChatHistoryRange, string> = {
  all: 'Todo el historial',
  year: 'Último año',
  six_months: 'Últimos 6 meses',
  month: 'Último mes',
  two_weeks: 'Últimas 2 semanas',
  week: 'Última semana',
  day: 'Último día',
};

export const LINKED_MESSAGE = 'Número vinculado con exito, puedes cerrar esta ventana.';
const STATUS_POLL_MS = 2000;

interface LineValues {
  slotName: string;
  phone: string;
  chatHistoryTime: ChatHistoryRange;
}

function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return 0;
  // Clocks differ by a little: never more than the QR's lifetime.
  return Math.min(QR_LIFETIME_MS / 1000, Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)));
}

/**
 * /spaces/new-whatsapp for the sandbox's linked-device slot: a line (name, phone, chat history) gets a QR that
 * lives 40 s (01 §9) and is renewed; the page asks for the status until the line is linked, then goes to
 * /spaces (02 §2). Opened from the QR itself (?code=), the page is the device that links the line.
 */
export function WhatsappLink({ channelId, code }: { channelId: number | null; code: string | null }) {
  if (code) return <DeviceLink code={code} />;
  return <LineLink channelId={channelId} />;
}

function DeviceLink({ code }: { code: string }) {
  const [state, setState] = useState<'linking' | 'linked' | { error: string }>('linking');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    scanQr(code)
      .then(() => setState('linked'))
      .catch((error: unknown) => setState({ error: resolveError(error).userMessage }));
  }, [code]);
  return (
    <div className="page">
      <PageHeader title="Conectar WhatsApp" />
      {state === 'linking' ? (
        <Result icon={<Spin />} title="Conectando WhatsApp, no cierres esta ventana..." />
      ) : state === 'linked' ? (
        <Result status="success" title={LINKED_MESSAGE} extra={<Link to="/spaces">Ir a canales</Link>} />
      ) : (
        <Result
          status="error"
          title={state.error}
          extra={<Link to="/spaces/new-whatsapp">Volver a intentar</Link>}
        />
      )}
    </div>
  );
}

function LineLink({ channelId: initialChannelId }: { channelId: number | null }) {
  const navigate = useNavigate();
  const { refetchMe } = useSession();
  const [form] = Form.useForm<LineValues>();
  const [qr, setQr] = useState<QrReply | null>(null);
  const [history, setHistory] = useState<ChatHistoryRange | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [linked, setLinked] = useState(false);
  const image = useQrImage(qr?.qrUrl ?? null);
  const secondsLeft = useSecondsLeft(qr?.expiresAt ?? null);
  const channelId = qr?.channelId ?? initialChannelId;

  const finish = useCallback(async () => {
    if (linked) return;
    setLinked(true);
    toast.success('Número vinculado con exito');
    await refetchMe();
    navigate('/spaces');
  }, [linked, navigate, refetchMe]);

  const generate = async (values?: LineValues) => {
    setRequesting(true);
    try {
      const target =
        channelId !== null ? { channelId } : { slotName: values?.slotName ?? '', phone: values?.phone ?? '' };
      if (values) setHistory(values.chatHistoryTime);
      setQr(await requestQr(target));
    } catch (error) {
      const resolved = handleError(error);
      if (resolved.field === 'slotName' || resolved.field === 'phone')
        form.setFields([{ name: resolved.field, errors: [resolved.userMessage] }]);
    } finally {
      setRequesting(false);
    }
  };

  // 01 §9: the QR lives 40 s; a new one replaces it while the page waits.
  const renew = useRef(generate);
  renew.current = generate;
  useEffect(() => {
    if (!qr || linked || secondsLeft > 0 || requesting) return;
    void renew.current();
  }, [qr, secondsLeft, linked, requesting]);

  // 02 §7 getChannelStatus until the line is AUTHENTICATED; onLinkedChannel says so at once.
  useEffect(() => {
    if (!qr || linked) return;
    const controller = new AbortController();
    const check = () => {
      channelStatus(qr.channelId, history, controller.signal)
        .then((status) => {
          if (status.status === 'AUTHENTICATED') void finish();
        })
        .catch(() => undefined);
    };
    const timer = setInterval(check, STATUS_POLL_MS);
    const unsubscribe = subscribeRealtime(REALTIME_EVENTS.onLinkedChannel, (payload) => {
      if (payload.channelId === qr.channelId) check();
    });
    return () => {
      controller.abort();
      clearInterval(timer);
      unsubscribe();
    };
  }, [qr, history, linked, finish]);

  const simulateScan = async () => {
    if (!qr) return;
    setScanning(true);
    try {
      await scanQr(qr.code);
      const status = await channelStatus(qr.channelId, history);
      if (status.status === 'AUTHENTICATED') await finish();
    } catch (error) {
      handleError(error);
    } finally {
      setScanning(false);
    }
  };

  return (
    <div className="page">
      <PageHeader
        title="Conectar WhatsApp"
        description="Vincula una línea del canal de prueba escaneando el código QR desde el dispositivo."
      />
      <Card>
        <Steps
          className="whatsapp-link-steps"
          current={linked ? 2 : qr ? 1 : 0}
          items={[{ title: 'Datos de la línea' }, { title: 'Escanear código QR' }, { title: 'Listo' }]}
        />
        {qr ? (
          <div className="whatsapp-qr" data-testid="whatsapp-qr">
            {linked ? (
              <Result icon={<CheckCircleFilled />} status="success" title="Número vinculado con exito" />
            ) : (
              <>
                {image ? (
                  <img src={image} alt="Código QR para vincular la línea" width={240} height={240} />
                ) : (
                  <Spin />
                )}
                <Typography.Text type="secondary" data-testid="qr-countdown">
                  {secondsLeft > 0
                    ? `El código se renueva en ${secondsLeft} s`
                    : 'Generando un código nuevo…'}
                </Typography.Text>
                <Typography.Paragraph className="whatsapp-qr-help">
                  Escanea el código con la cámara de un teléfono con sesión iniciada en Charla, o simula el
                  escaneo: el canal de prueba no necesita un teléfono real.
                </Typography.Paragraph>
                <Space wrap>
                  <Button
                    type="primary"
                    icon={<MobileOutlined />}
                    loading={scanning}
                    onClick={() => void simulateScan()}
                  >
                    Simular escaneo
                  </Button>
                  <Button icon={<ReloadOutlined />} loading={requesting} onClick={() => void generate()}>
                    Nuevo código
                  </Button>
                </Space>
              </>
            )}
          </div>
        ) : (
          <Form<LineValues>
            form={form}
            layout="vertical"
            onFinish={(values) => void generate(values)}
            requiredMark={false}
          >
            {initialChannelId === null ? (
              <>
                <Form.Item label="Nombre de la línea" name="slotName" rules={[ruleFrom(channelNameError)]}>
                  <Input maxLength={120} placeholder="Ventas WhatsApp" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  label="Número de teléfono"
                  name="phone"
                  extra="Con código de país, solo números. Ejemplo: 5215512345678"
                  rules={[ruleFrom(validatePhone)]}
                >
                  <Input inputMode="numeric" maxLength={15} placeholder="5215512345678" autoComplete="off" />
                </Form.Item>
              </>
            ) : (
              <Alert
                type="info"
                showIcon
                className="whatsapp-relink"
                title="Se generará un código QR para volver a vincular este canal."
              />
            )}
            <Form.Item
              label="Historial de chats a importar"
              name="chatHistoryTime"
              rules={[ruleFrom((value) => validateChatHistoryChoice(value))]}
            >
              <Select
                placeholder="Selecciona una opción"
                options={CHAT_HISTORY_RANGES.map((range) => ({
                  value: range,
                  label: CHAT_HISTORY_LABELS[range],
                }))}
                data-testid="chat-history-select"
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={requesting}>
                Generar código QR
              </Button>
              <Link to="/spaces">
                <Button>Cancelar</Button>
              </Link>
            </Space>
          </Form>
        )}
      </Card>
    </div>
  );
}
