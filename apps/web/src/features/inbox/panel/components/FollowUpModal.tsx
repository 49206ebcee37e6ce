import { PaperClipOutlined } from '@ant-design/icons';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { instantOfWallTime, todayIn, wallTimeIn } from '@crm/shared';
import { Alert, Button, DatePicker, Form, Input, Modal, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { toast } from '../../../../lib/toast';
import { MessageContentFields } from '../../../bot/components/MessageContentFields';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { useFileUpload } from '../../window/hooks/useFileUpload';
import {
  ACCEPTED_TEMPLATES_QUERY,
  CREATE_FOLLOW_UP_MUTATION,
  type FollowUpMessage,
  UPDATE_FOLLOW_UP_MUTATION,
} from '../api/panel.graphql';
import {
  draftFromFollowUp,
  emptyDraft,
  type FollowUpDraft,
  type FollowUpErrors,
  type FollowUpMode,
  fillTemplate,
  followUpInput,
  hasErrors,
  validateFollowUpDraft,
} from '../followUp';

interface FollowUpModalProps {
  clientId: number;
  channelId: number;
  windowExpiresAt: string | null;
  /** Null to create a new one. */
  editing: FollowUpMessage | null;
  onClose: () => void;
  onSaved: () => void;
}

const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** Where a server refusal goes: the field it names, else the top of the form. */
function serverErrors(field: string | undefined, message: string, mode: FollowUpMode): FollowUpErrors | null {
  switch (field) {
    case 'sendAt':
      return { sendAt: message };
    case 'content':
      return { content: message };
    // In text mode the API names templateId when the reply window will be closed: say it at the mode choice.
    case 'templateId':
      return mode === 'text' ? { mode: message } : { templateId: message };
    case 'file':
    case 'file.url':
    case 'url':
      return { fileUrl: message };
    default:
      return null;
  }
}

/**
 * Creates or edits a scheduled follow-up message (02 §3 FollowUpMessage): a future date and time, then free text
 * or an accepted template of the conversation's channel with one input per variable, and an optional file URL.
 * Mount it fresh for each use: it takes its starting values from `editing`.
 */
export function FollowUpModal({
  clientId,
  channelId,
  windowExpiresAt,
  editing,
  onClose,
  onSaved,
}: FollowUpModalProps) {
  const client = useApolloClient();
  const timeZone = useCompanyTimeZone();
  const [draft, setDraft] = useState<FollowUpDraft>(() =>
    editing ? draftFromFollowUp(editing) : emptyDraft(),
  );
  const [errors, setErrors] = useState<FollowUpErrors>({});
  const upload = useFileUpload(
    (uploaded) => setDraft((current) => ({ ...current, fileUrl: uploaded.url })),
    'followup-file-input',
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const templates = useQuery(ACCEPTED_TEMPLATES_QUERY, { variables: { channelId } });
  const templateList = templates.data?.whatsappTemplates ?? [];
  const template = useMemo(
    () => templateList.find((candidate) => candidate.id === draft.templateId) ?? null,
    [templateList, draft.templateId],
  );

  const update = (patch: Partial<FollowUpDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setErrors({});
    setFormError(null);
  };

  const submit = async () => {
    const found = validateFollowUpDraft(draft, { now: new Date(), windowExpiresAt, template });
    if (hasErrors(found)) {
      setErrors(found);
      return;
    }
    const input = followUpInput(draft, template);
    setSubmitting(true);
    try {
      if (editing) {
        await client.mutate({ mutation: UPDATE_FOLLOW_UP_MUTATION, variables: { id: editing.id, input } });
        toast.success('Mensaje programado actualizado');
      } else {
        await client.mutate({ mutation: CREATE_FOLLOW_UP_MUTATION, variables: { clientId, input } });
        toast.success('Mensaje programado');
      }
      onSaved();
      onClose();
    } catch (failure) {
      const { field, userMessage } = resolveError(failure);
      const placed = serverErrors(field, userMessage, draft.mode);
      if (placed) setErrors(placed);
      else setFormError(userMessage);
    } finally {
      setSubmitting(false);
    }
  };

  const status = (message: string | null | undefined) => (message ? ('error' as const) : undefined);

  return (
    <Modal
      open
      title={editing ? 'Editar mensaje programado' : 'Programar mensaje'}
      okText={editing ? 'Guardar cambios' : 'Programar'}
      cancelText="Cancelar"
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" data-testid="followup-form">
        {formError && <Alert type="error" showIcon title={formError} className="client-info-form-alert" />}
        <Form.Item
          label="Fecha y hora de envío"
          htmlFor="followup-send-at"
          validateStatus={status(errors.sendAt)}
          help={errors.sendAt}
        >
          <DatePicker
            id="followup-send-at"
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            placeholder="Elige fecha y hora"
            className="client-info-select"
            // The picker shows and takes the company's wall-clock time (02 §9), whatever the browser's zone.
            value={draft.sendAt ? dayjs(wallTimeIn(draft.sendAt, timeZone)) : null}
            // 02 §5: a follow-up is for the future; earlier days cannot even be picked.
            disabledDate={(day: Dayjs) => day.isBefore(dayjs(todayIn(timeZone)), 'day')}
            onChange={(value: Dayjs | null) =>
              update({ sendAt: value ? instantOfWallTime(value.toDate(), timeZone) : null })
            }
          />
        </Form.Item>
        <MessageContentFields
          idPrefix="followup"
          // The draft names the text `content`, as the API's input does.
          draft={{ ...draft, text: draft.content }}
          onChange={({ text, ...patch }) => update(text === undefined ? patch : { ...patch, content: text })}
          errors={{ ...errors, text: errors.content }}
          templates={templateList}
          loadingTemplates={templates.loading}
          templatable
          textLabel="Mensaje"
          textId="followup-content"
          templateTestId={false}
          fillPreview={fillTemplate}
        />
        <Form.Item
          label="Archivo (opcional)"
          htmlFor="followup-file-url"
          validateStatus={status(errors.fileUrl ?? upload.problem ?? undefined)}
          help={errors.fileUrl ?? upload.problem}
        >
          <Space.Compact block>
            <Input
              id="followup-file-url"
              inputMode="url"
              placeholder="https://"
              value={draft.fileUrl}
              onChange={(event) => update({ fileUrl: event.target.value })}
            />
            <Button icon={<PaperClipOutlined />} loading={upload.uploading} onClick={upload.pick}>
              Subir
            </Button>
          </Space.Compact>
          {upload.input}
        </Form.Item>
      </Form>
    </Modal>
  );
}
