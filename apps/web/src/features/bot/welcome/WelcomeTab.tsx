import { WELCOME_MESSAGE_TEXT_MAX, WELCOME_MESSAGES, WELCOME_NAME_PLACEHOLDER } from '@crm/shared';
import { Alert, Button, Form, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import type { BotTabProps } from '../components/BotScreen';
import {
  type MessageContentErrors,
  MessageContentFields,
  useMessageContent,
} from '../components/MessageContentFields';
import { useWelcomeMessage, type WelcomeMessage, type WelcomeValues } from './useWelcomeMessage';

/** /bot 'Bienvenida' (02 §3 Welcome message): loads the channel's welcome message, then its form. */
export function WelcomeTab({ channel, canWrite }: BotTabProps) {
  const welcome = useWelcomeMessage(channel.id);
  if (welcome.loading && !welcome.message) return <Skeleton active />;
  return (
    <WelcomeForm
      // A saved welcome (a new id) restarts the form from what the server answered.
      key={welcome.message?.id ?? 'new'}
      channel={channel}
      canWrite={canWrite}
      stored={welcome.message}
      onSave={(values) => welcome.save(values)}
    />
  );
}

interface WelcomeFormProps extends BotTabProps {
  stored: WelcomeMessage | null;
  onSave: (values: WelcomeValues) => Promise<void>;
}

/**
 * The welcome message of a channel: sent once by the bot to the first message of a new conversation, as a text or
 * an accepted template with its variables, optionally only inside working hours.
 */
export function WelcomeForm({ channel, canWrite, stored, onSave }: WelcomeFormProps) {
  const message = useMessageContent<MessageContentErrors>(channel, stored, {
    required: WELCOME_MESSAGES.contentRequired,
    field: 'text',
  });
  const [isActive, setIsActive] = useState(stored?.isActive ?? true);
  const [useInWorkingHours, setUseInWorkingHours] = useState(stored?.useInWorkingHours ?? false);
  const [saving, setSaving] = useState(false);
  const { formError, setErrors } = message;

  const save = async () => {
    const found = message.contentErrors();
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      await onSave({ isActive, useInWorkingHours, ...message.values() });
      toast.success('Mensaje de bienvenida guardado');
    } catch (failure) {
      message.refused(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      layout="vertical"
      component="div"
      className="bot-narrow-form"
      data-testid="welcome-form"
      disabled={!canWrite}
    >
      <Typography.Paragraph type="secondary">
        El bot lo envía una sola vez, al primer mensaje de cada conversación nueva. Escribe{' '}
        <Typography.Text code>{WELCOME_NAME_PLACEHOLDER}</Typography.Text> para saludar al cliente por su
        nombre. Se envía mientras «Mensaje de bienvenida» esté activo en Configuración › Chatbot.
      </Typography.Paragraph>
      {formError && <Alert type="error" showIcon title={formError} className="bot-form-alert" />}
      <Form.Item label="Activo">
        <Switch aria-label="Mensaje de bienvenida activo" checked={isActive} onChange={setIsActive} />
      </Form.Item>
      <MessageContentFields
        idPrefix="welcome"
        {...message.fields}
        textLabel="Mensaje de bienvenida"
        textMax={WELCOME_MESSAGE_TEXT_MAX}
      />
      <Form.Item
        label="Solo en horario laboral"
        help="Fuera del horario de los agentes (zona horaria de la empresa) no se envía."
      >
        <Switch
          aria-label="Solo en horario laboral"
          checked={useInWorkingHours}
          onChange={setUseInWorkingHours}
        />
      </Form.Item>
      {canWrite && (
        <Button type="primary" onClick={() => void save()} loading={saving}>
          Guardar bienvenida
        </Button>
      )}
    </Form>
  );
}
