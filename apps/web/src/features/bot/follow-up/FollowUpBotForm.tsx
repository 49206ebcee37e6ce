import { MESSAGE_BOT_MESSAGES, MESSAGE_BOT_TEXT_MAX, messageBotLapseError } from '@crm/shared';
import { Alert, Form, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import {
  type MessageContentErrors,
  MessageContentFields,
  useMessageContent,
} from '../components/MessageContentFields';
import { lapseOptions } from './lapse';

/** A follow-up bot as the list holds it (02 §3 Message bot config). */
export interface FollowUpBotConfig {
  id: number;
  content: string;
  isActive: boolean;
  timeLapseInSeconds: number;
  templateId?: number | null;
  templateName?: string | null;
  variables: string[];
}

/** What a create or an edit sends: the text while the window is open, or a template (then no text). */
export interface FollowUpBotValues {
  timeLapseInSeconds: number;
  content: string;
  templateId: number | null;
  variables: string[];
  isActive: boolean;
}

interface FollowUpBotFormProps {
  channel: { id: number; platform: string };
  editing: FollowUpBotConfig | null;
  onSubmit: (values: FollowUpBotValues) => Promise<void>;
  onClose: () => void;
}

const DEFAULT_LAPSE = 24 * 60 * 60;

interface FormErrors extends MessageContentErrors {
  timeLapseInSeconds?: string;
}

/** The refusals of the form's own field (the content's are placed by useMessageContent). */
function placeError(field: string | undefined, message: string): FormErrors | null {
  return field === 'timeLapseInSeconds' ? { timeLapseInSeconds: message } : null;
}

/** Create or edit a follow-up bot: the waiting time (02 §9 presets), the message, and whether it is active. */
export function FollowUpBotForm({ channel, editing, onSubmit, onClose }: FollowUpBotFormProps) {
  const message = useMessageContent<FormErrors>(
    channel,
    editing && {
      text: editing.content,
      templateId: editing.templateId ?? null,
      variables: editing.variables,
    },
    { required: MESSAGE_BOT_MESSAGES.contentRequired, field: 'content' },
  );
  const [lapse, setLapse] = useState<number>(editing?.timeLapseInSeconds ?? DEFAULT_LAPSE);
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [submitting, setSubmitting] = useState(false);
  const { errors, setErrors, formError } = message;

  const submit = async () => {
    const found: FormErrors = message.contentErrors();
    const lapseError = messageBotLapseError(lapse);
    if (lapseError) found.timeLapseInSeconds = lapseError;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      const { text, templateId, variables } = message.values();
      await onSubmit({ timeLapseInSeconds: lapse, content: text, templateId, variables, isActive });
      onClose();
    } catch (failure) {
      message.refused(failure, placeError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? 'Editar seguimiento automático' : 'Nuevo seguimiento automático'}
      okText={editing ? 'Guardar cambios' : 'Crear seguimiento'}
      cancelText="Cancelar"
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" data-testid="follow-up-bot-form">
        {formError && <Alert type="error" showIcon title={formError} className="bot-form-alert" />}
        <Form.Item
          label="Enviar después de"
          htmlFor="follow-up-lapse"
          validateStatus={errors.timeLapseInSeconds ? 'error' : undefined}
          help={
            errors.timeLapseInSeconds ?? 'Tiempo sin respuesta del cliente desde el último mensaje enviado.'
          }
        >
          <Select<number>
            id="follow-up-lapse"
            data-testid="follow-up-lapse"
            value={lapse}
            options={lapseOptions(editing?.timeLapseInSeconds)}
            onChange={(value) => {
              setLapse(value);
              setErrors({});
            }}
          />
        </Form.Item>
        <MessageContentFields
          idPrefix="follow-up"
          {...message.fields}
          textLabel="Mensaje"
          textHelp={
            message.fields.templatable
              ? 'El texto solo se envía si la ventana de 24 horas sigue abierta; si no, usa una plantilla.'
              : undefined
          }
          textMax={MESSAGE_BOT_TEXT_MAX}
        />
        <Form.Item label="Activo">
          <Switch aria-label="Seguimiento activo" checked={isActive} onChange={setIsActive} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
