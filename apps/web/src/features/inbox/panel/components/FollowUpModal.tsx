import { PaperClipOutlined } from '@ant-design/icons';
import { useApolloClient, useQuery } from '@apollo/client/react';
import {
  CHAT_UPLOAD_MIME_TYPES,
  instantOfWallTime,
  todayIn,
  uploadErrorSummary,
  validateUploads,
  wallTimeIn,
} from '@crm/shared';
import { Alert, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { resolveError } from '../../../../lib/errors';
import { toast } from '../../../../lib/toast';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';
import { uploadFile } from '../../window/api/upload.rest';
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
  templateBodyText,
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
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  // The same rule and messages as the composer's attachments (02 §5), then the file's public URL in the form.
  const attach = async (file: File) => {
    const checked = validateUploads([file], { accept: CHAT_UPLOAD_MIME_TYPES });
    const problem = uploadErrorSummary(checked);
    setUploadError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const uploaded = await uploadFile(file);
      setDraft((current) => ({ ...current, fileUrl: uploaded.url }));
    } catch (error) {
      setUploadError(resolveError(error).userMessage);
    } finally {
      setUploading(false);
    }
  };
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

  const body = template ? templateBodyText(template.components) : '';
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
        <Form.Item label="Tipo de mensaje" validateStatus={status(errors.mode)} help={errors.mode}>
          <Radio.Group
            value={draft.mode}
            onChange={(event) => update({ mode: event.target.value as FollowUpMode })}
            options={[
              { value: 'text', label: 'Texto' },
              { value: 'template', label: 'Plantilla' },
            ]}
          />
        </Form.Item>
        {draft.mode === 'text' ? (
          <Form.Item
            label="Mensaje"
            htmlFor="followup-content"
            validateStatus={status(errors.content)}
            help={errors.content}
          >
            <Input.TextArea
              id="followup-content"
              autoSize={{ minRows: 3, maxRows: 8 }}
              value={draft.content}
              onChange={(event) => update({ content: event.target.value })}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              label="Plantilla aprobada"
              htmlFor="followup-template"
              validateStatus={status(errors.templateId)}
              help={errors.templateId}
            >
              <Select<number>
                id="followup-template"
                placeholder="Elige una plantilla aprobada"
                loading={templates.loading}
                value={draft.templateId ?? undefined}
                notFoundContent="Este canal no tiene plantillas aprobadas"
                options={templateList.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                onChange={(templateId) => {
                  const chosen = templateList.find((candidate) => candidate.id === templateId);
                  update({ templateId, variables: Array.from({ length: chosen?.variables ?? 0 }, () => '') });
                }}
              />
            </Form.Item>
            {template &&
              Array.from({ length: template.variables }, (_, index) => {
                const id = `followup-variable-${index + 1}`;
                const message = errors.variables?.[index] ?? null;
                return (
                  <Form.Item
                    key={id}
                    label={`Variable {{${index + 1}}}`}
                    htmlFor={id}
                    validateStatus={status(message)}
                    help={message ?? undefined}
                  >
                    <Input
                      id={id}
                      value={draft.variables[index] ?? ''}
                      onChange={(event) => {
                        const variables = [...draft.variables];
                        variables[index] = event.target.value;
                        update({ variables });
                      }}
                    />
                  </Form.Item>
                );
              })}
            {body && (
              <Typography.Paragraph type="secondary" data-testid="followup-template-preview">
                {fillTemplate(body, draft.variables)}
              </Typography.Paragraph>
            )}
          </>
        )}
        <Form.Item
          label="Archivo (opcional)"
          htmlFor="followup-file-url"
          validateStatus={status(errors.fileUrl ?? uploadError ?? undefined)}
          help={errors.fileUrl ?? uploadError}
        >
          <Space.Compact block>
            <Input
              id="followup-file-url"
              inputMode="url"
              placeholder="https://"
              value={draft.fileUrl}
              onChange={(event) => update({ fileUrl: event.target.value })}
            />
            <Button icon={<PaperClipOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
              Subir
            </Button>
          </Space.Compact>
          <input
            ref={picker}
            type="file"
            hidden
            accept={CHAT_UPLOAD_MIME_TYPES.join(',')}
            data-testid="followup-file-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void attach(file);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
