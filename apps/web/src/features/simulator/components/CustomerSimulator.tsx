import { ReloadOutlined } from '@ant-design/icons';
import { displayPhone, type MessageView, validatePhone } from '@crm/shared';
import { Button, Card, Empty, Form, Input, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleError, resolveError } from '../../../lib/errors';
import { ruleFrom } from '../../../lib/form-rules';
import { PageHeader } from '../../layout/components/PageHeader';
import { type SandboxChannel, type SimulatedContent, simulateCustomerMessage } from '../api/simulator.rest';
import { DEFAULT_CUSTOMER_NAME, randomCustomerPhone } from '../customerPhone';
import { useSandboxChannels } from '../hooks/useSandboxChannels';
import { useSimulatorConversation } from '../hooks/useSimulatorConversation';
import { SimulatorChat } from './SimulatorChat';
import type { ComposerResult } from './SimulatorComposer';
import type { MenuOption } from './SimulatorMenu';

export const SIMULATOR_TITLE = 'Simulador de clientes';
export const SIMULATOR_EXPLANATION =
  'Escribe como si fueras un cliente de un canal de prueba: tus mensajes llegan a la bandeja de entrada como si vinieran de WhatsApp. Responde desde el chat y mira aquí cómo cambia el estado de cada mensaje. Un mensaje con #fallo simula un error del proveedor.';

interface CustomerFormValues {
  channelId: number;
  /** The customer's phone, named like the API field so server errors land on it. */
  from: string;
  name: string;
}

const FORM_FIELDS: readonly (keyof CustomerFormValues)[] = ['channelId', 'from', 'name'];

function isFormField(field: string): field is keyof CustomerFormValues {
  return (FORM_FIELDS as readonly string[]).includes(field);
}

function channelLabel(channel: SandboxChannel): string {
  return channel.phone ? `${channel.name} · ${displayPhone(channel.phone)}` : channel.name;
}

function SimulatorWorkspace({ channels }: { channels: SandboxChannel[] }) {
  const [form] = Form.useForm<CustomerFormValues>();
  const [initialValues] = useState<CustomerFormValues>(() => ({
    channelId: channels[0]?.id ?? 0,
    from: randomCustomerPhone(),
    name: DEFAULT_CUSTOMER_NAME,
  }));
  const channelId = Form.useWatch('channelId', form) ?? initialValues.channelId;
  const rawFrom = Form.useWatch('from', form) ?? initialValues.from;
  const from = validatePhone(rawFrom) === null ? rawFrom.trim() : null;
  const channel = channels.find((candidate) => candidate.id === channelId);
  const { messages, loading, refresh } = useSimulatorConversation(channel ? channelId : null, from);

  const submit = async (content: SimulatedContent): Promise<ComposerResult> => {
    let values: CustomerFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return { sent: false };
    }
    try {
      await simulateCustomerMessage({
        channelId: values.channelId,
        from: values.from.trim(),
        name: values.name?.trim() || undefined,
        ...content,
      });
    } catch (error) {
      const resolved = resolveError(error);
      if (resolved.code === 'VALIDATION_ERROR' && resolved.field) {
        const problems = resolved.fields ?? { [resolved.field]: resolved.userMessage };
        const formProblems = Object.entries(problems).flatMap(([field, message]) =>
          isFormField(field) ? [{ name: field, errors: [message] }] : [],
        );
        form.setFields(formProblems);
        if (problems.text || formProblems.length > 0) return { sent: false, textError: problems.text };
      }
      handleError(error);
      return { sent: false };
    }
    await refresh(true);
    return { sent: true };
  };

  const send = (text: string) => submit({ text: text.trim() });
  // A tap on a bot's reply button or list row: the API sends it in as WhatsApp's button_reply or list_reply.
  const reply = (message: MessageView, option: MenuOption) => {
    void submit({ replyId: option.id, replyMessageId: message.id });
  };

  return (
    <div className="sim-layout">
      <Card title="Cliente" className="sim-settings">
        <Form<CustomerFormValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues}
        >
          <Form.Item label="Canal de prueba" name="channelId">
            <Select
              options={channels.map((option) => ({ value: option.id, label: channelLabel(option) }))}
              data-testid="simulator-channel"
            />
          </Form.Item>
          <Form.Item label="Teléfono del cliente" required>
            <Space.Compact block>
              <Form.Item name="from" noStyle rules={[ruleFrom(validatePhone)]}>
                <Input
                  inputMode="numeric"
                  placeholder="5215512345678"
                  autoComplete="off"
                  aria-label="Teléfono del cliente"
                />
              </Form.Item>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.setFieldValue('from', randomCustomerPhone());
                  void form.validateFields(['from']).catch(() => undefined);
                }}
              >
                Nuevo cliente
              </Button>
            </Space.Compact>
          </Form.Item>
          <Form.Item label="Nombre del cliente" name="name">
            <Input placeholder={DEFAULT_CUSTOMER_NAME} maxLength={120} autoComplete="off" />
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" className="sim-settings-hint">
          Cada teléfono es un cliente distinto: cambia el número para empezar otra conversación. Responde
          desde el <Link to="/chat">Chat</Link>.
        </Typography.Paragraph>
      </Card>
      <SimulatorChat
        channel={channel}
        messages={messages}
        loading={loading}
        blockedReason={from === null ? 'Escribe un teléfono válido para ver la conversación.' : null}
        onSend={send}
        onReply={reply}
      />
    </div>
  );
}

// Issue 3: a person writes in as a customer of a sandbox channel and watches the business's replies arrive.
export function CustomerSimulator() {
  const { channels } = useSandboxChannels();
  return (
    <div className="page sim-page">
      <PageHeader title={SIMULATOR_TITLE} description={SIMULATOR_EXPLANATION} />
      {channels === null ? (
        <Card>
          <div className="sim-loading">
            <Spin />
          </div>
        </Card>
      ) : channels.length === 0 ? (
        <Card>
          <Empty description="No hay canales de prueba" />
        </Card>
      ) : (
        <SimulatorWorkspace channels={channels} />
      )}
    </div>
  );
}
