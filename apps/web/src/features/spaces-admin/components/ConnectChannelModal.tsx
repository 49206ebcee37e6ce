import { useMutation } from '@apollo/client/react';
import {
  dialog360ApiKeyError,
  e164PhoneError,
  metaAccessTokenError,
  metaIdError,
  optionalChannelNameError,
  twilioAccountSidError,
  twilioAuthTokenError,
} from '@crm/shared';
import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { handleFormError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { toast } from '../../../lib/toast';
import {
  type AdminChannel,
  CONNECT_DIALOG360_CHANNEL_MUTATION,
  CONNECT_SMS_CHANNEL_MUTATION,
  CONNECT_WHATSAPP_CLOUD_CHANNEL_MUTATION,
} from '../api/spacesAdmin.graphql';

export type ConnectKind = 'sms' | 'dialog360' | 'whatsapp_cloud';

/** Every field of the three forms; each kind shows its own. Names are the API's, so its field errors land here. */
interface ConnectValues {
  name?: string;
  accountSid?: string;
  authToken?: string;
  phoneNumber?: string;
  apiKey?: string;
  phoneNumberId?: string;
  wabaId?: string;
  accessToken?: string;
}

const FIELDS: ReadonlyArray<keyof ConnectValues & string> = [
  'name',
  'accountSid',
  'authToken',
  'phoneNumber',
  'apiKey',
  'phoneNumberId',
  'wabaId',
  'accessToken',
];

const KINDS: Array<{ value: ConnectKind; label: string }> = [
  { value: 'sms', label: 'SMS (Twilio)' },
  { value: 'dialog360', label: 'WhatsApp (360dialog)' },
  { value: 'whatsapp_cloud', label: 'WhatsApp Cloud API' },
];

interface ConnectForm {
  kind: ConnectKind;
  Fields: () => React.JSX.Element;
  connect: (values: ConnectValues) => Promise<AdminChannel | undefined>;
}

interface ConnectChannelModalProps {
  initialKind?: ConnectKind;
  onClose: () => void;
  /** Reloads the lists once the channel exists. */
  onConnected: (channel: AdminChannel) => Promise<unknown>;
}

const text = (value: string | undefined): string => (value ?? '').trim();
const nameOf = (values: ConnectValues): string | null => text(values.name) || null;

/**
 * The channels screen's "Agregar canal": an SMS number of a Twilio account, a 360dialog number or a number the
 * business already has on the WhatsApp Cloud API. The server checks the data with the provider before saving;
 * what the provider refuses comes back on its field. The new channel joins the default space.
 */
export function ConnectChannelModal({ initialKind = 'sms', onClose, onConnected }: ConnectChannelModalProps) {
  const [form] = Form.useForm<ConnectValues>();
  const [kind, setKind] = useState<ConnectKind>(initialKind);
  const [connectSms, sms] = useMutation(CONNECT_SMS_CHANNEL_MUTATION);
  const [connectDialog360, dialog360] = useMutation(CONNECT_DIALOG360_CHANNEL_MUTATION);
  const [connectCloud, cloud] = useMutation(CONNECT_WHATSAPP_CLOUD_CHANNEL_MUTATION);
  const saving = sms.loading || dialog360.loading || cloud.loading;

  // One form per provider, chosen by kind: its label, its fields and the mutation that checks and saves them.
  const forms: ConnectForm[] = [
    {
      kind: 'sms',
      Fields: SmsFields,
      connect: async (values) =>
        (
          await connectSms({
            variables: {
              input: {
                accountSid: text(values.accountSid),
                authToken: text(values.authToken),
                phoneNumber: text(values.phoneNumber),
                name: nameOf(values),
              },
            },
          })
        ).data?.connectSmsChannel,
    },
    {
      kind: 'dialog360',
      Fields: Dialog360Fields,
      connect: async (values) =>
        (
          await connectDialog360({
            variables: {
              input: {
                apiKey: text(values.apiKey),
                phoneNumber: text(values.phoneNumber),
                name: nameOf(values),
              },
            },
          })
        ).data?.connectDialog360Channel,
    },
    {
      kind: 'whatsapp_cloud',
      Fields: CloudFields,
      connect: async (values) =>
        (
          await connectCloud({
            variables: {
              input: {
                phoneNumberId: text(values.phoneNumberId),
                wabaId: text(values.wabaId),
                accessToken: text(values.accessToken),
                name: nameOf(values),
              },
            },
          })
        ).data?.connectWhatsappCloudChannel,
    },
  ];
  const chosen = forms.find((candidate) => candidate.kind === kind) ?? forms[0];
  const Fields = chosen?.Fields ?? SmsFields;
  const connect = async (values: ConnectValues): Promise<AdminChannel | undefined> => chosen?.connect(values);

  const submit = async (values: ConnectValues) => {
    try {
      const channel = await connect(values);
      if (!channel) return;
      toast.success(`Canal ${channel.name} conectado; está en el espacio predeterminado.`);
      await onConnected(channel);
      onClose();
    } catch (error) {
      handleFormError(form, error, FIELDS);
    }
  };

  return (
    <Modal
      open
      title="Agregar canal"
      okText="Conectar"
      cancelText="Cancelar"
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Radio.Group
        className="connect-channel-kinds"
        optionType="button"
        buttonStyle="solid"
        options={KINDS}
        value={kind}
        onChange={(event) => setKind(event.target.value as ConnectKind)}
        aria-label="Tipo de canal"
      />
      <Form<ConnectValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        preserve={false}
        data-testid={`connect-${kind}-form`}
      >
        <Fields />
        <Form.Item
          label="Nombre del canal (opcional)"
          name="name"
          extra="Si lo dejas vacío, usamos el nombre o el número que da el proveedor."
          rules={[ruleFrom(optionalChannelNameError)]}
        >
          <Input maxLength={120} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function SmsFields() {
  const webhookUrl = `${window.location.origin}/webhooks/sms`;
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="connect-channel-note"
        title="Comprobamos los datos con Twilio antes de guardarlos."
        description={
          <>
            Para recibir mensajes, en Twilio abre el número (Phone Numbers › Manage › Active numbers) y en «A
            message comes in» pon esta URL con el método POST:{' '}
            <Typography.Text copyable code>
              {webhookUrl}
            </Typography.Text>
          </>
        }
      />
      <Form.Item
        label="Account SID"
        name="accountSid"
        extra="En la consola de Twilio (console.twilio.com), en «Account Info» de la página principal. Empieza con AC."
        rules={[ruleFrom(twilioAccountSidError)]}
      >
        <Input autoComplete="off" placeholder="AC…" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="Auth Token"
        name="authToken"
        extra="Junto al Account SID en «Account Info»; pulsa «Show» para verlo."
        rules={[ruleFrom(twilioAuthTokenError)]}
      >
        <Input.Password autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Número de teléfono"
        name="phoneNumber"
        extra="Un número de tu cuenta de Twilio (Phone Numbers › Manage › Active numbers), con + y código de país."
        rules={[ruleFrom(e164PhoneError)]}
      >
        <Input autoComplete="off" inputMode="tel" placeholder="+15557122661" />
      </Form.Item>
    </>
  );
}

function Dialog360Fields() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="connect-channel-note"
        title="Al conectar, configuramos el webhook del número en 360dialog para que sus mensajes lleguen aquí."
      />
      <Form.Item
        label="API key (D360-API-KEY)"
        name="apiKey"
        extra="En el 360dialog Hub, abre el número y genera su API key; cópiala completa, se muestra una sola vez."
        rules={[ruleFrom(dialog360ApiKeyError)]}
      >
        <Input.Password autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Número de WhatsApp"
        name="phoneNumber"
        extra="El número al que pertenece la API key, como aparece en el 360dialog Hub, con + y código de país."
        rules={[ruleFrom(e164PhoneError)]}
      >
        <Input autoComplete="off" inputMode="tel" placeholder="+5215512345678" />
      </Form.Item>
    </>
  );
}

function CloudFields() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        className="connect-channel-note"
        title="Comprobamos el número con Meta y suscribimos la app a tu cuenta de WhatsApp Business para recibir sus mensajes."
      />
      <Form.Item
        label="Identificador del número de teléfono"
        name="phoneNumberId"
        extra="En Meta for Developers › tu app › WhatsApp › Configuración de la API (Phone number ID)."
        rules={[ruleFrom(metaIdError)]}
      >
        <Input autoComplete="off" inputMode="numeric" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="Identificador de la cuenta de WhatsApp Business"
        name="wabaId"
        extra="En la misma página (WhatsApp Business Account ID) o en el Administrador de WhatsApp."
        rules={[ruleFrom(metaIdError)]}
      >
        <Input autoComplete="off" inputMode="numeric" spellCheck={false} />
      </Form.Item>
      <Form.Item
        label="Token de acceso"
        name="accessToken"
        extra="Token permanente de un usuario del sistema (Configuración del negocio › Usuarios del sistema) con los permisos whatsapp_business_messaging y whatsapp_business_management."
        rules={[ruleFrom(metaAccessTokenError)]}
      >
        <Input.Password autoComplete="off" placeholder="EAAG…" />
      </Form.Item>
    </>
  );
}
