import {
  MESSAGE_BOT_MESSAGES,
  MESSAGE_BOT_TEXT_MAX,
  messageBotLapseError,
  sendsTemplates,
} from '@crm/shared';
import { Alert, Form, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import {
  type MessageContentDraft,
  type MessageContentErrors,
  MessageContentFields,
  templateErrors,
  templateVariables,
  useAcceptedTemplates,
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

/** The server's refusal at its field, else at the top of the form. */
function placeError(field: string | undefined, message: string): FormErrors | null {
  switch (field) {
    case 'timeLapseInSeconds':
      return { timeLapseInSeconds: message };
    case 'content':
      return { text: message };
    case 'templateId':
    case 'variables':
      return { templateId: message };
    default:
      return null;
  }
}

/** Create or edit a follow-up bot: the waiting time (02 §9 presets), the message, and whether it is active. */
export function FollowUpBotForm({ channel, editing, onSubmit, onClose }: FollowUpBotFormProps) {
  const templatable = sendsTemplates(channel.platform);
  const { templates, loading } = useAcceptedTemplates(channel.id, channel.platform);
  const [lapse, setLapse] = useState<number>(editing?.timeLapseInSeconds ?? DEFAULT_LAPSE);
  const [isActive, setIsActive] = useState(editing?.isActive ?? true);
  const [content, setContent] = useState<MessageContentDraft>(() => ({
    mode: editing?.templateId ? 'template' : 'text',
    text: editing?.content ?? '',
    templateId: editing?.templateId ?? null,
    variables: editing?.variables ?? [],
  }));
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const template = templates.find((candidate) => candidate.id === content.templateId) ?? null;
  const isTemplate = templatable && content.mode === 'template';

  const submit = async () => {
    const found: FormErrors = isTemplate ? templateErrors(content, template) : {};
    if (!isTemplate && content.text.trim() === '') found.text = MESSAGE_BOT_MESSAGES.contentRequired;
    const lapseError = messageBotLapseError(lapse);
    if (lapseError) found.timeLapseInSeconds = lapseError;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setSubmitting(true);
    try {
      await onSubmit({
        timeLapseInSeconds: lapse,
        content: isTemplate ? '' : content.text.trim(),
        templateId: isTemplate ? (template?.id ?? null) : null,
        variables: isTemplate ? templateVariables(content, template) : [],
        isActive,
      });
      onClose();
    } catch (failure) {
      const { field, userMessage } = resolveError(failure);
      const placed = placeError(field, userMessage);
      if (placed) setErrors(placed);
      else setFormError(userMessage);
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
          draft={content}
          onChange={(patch) => {
            setContent((current) => ({ ...current, ...patch }));
            setErrors({});
            setFormError(null);
          }}
          errors={errors}
          templates={templates}
          loadingTemplates={loading}
          templatable={templatable}
          textLabel="Mensaje"
          textHelp={
            templatable
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
