import { useQuery } from '@apollo/client/react';
import { fillTemplateVariables, sendsTemplates, templateBodyText } from '@crm/shared';
import { Form, Input, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { BOT_ACCEPTED_TEMPLATES_QUERY, type BotTemplate } from '../api/pickers.graphql';

export type ContentMode = 'text' | 'template';

/** A bot message being edited: a text, or an accepted template with one value per variable. */
export interface MessageContentDraft {
  mode: ContentMode;
  text: string;
  templateId: number | null;
  variables: string[];
}

export interface MessageContentErrors {
  /** At the text-or-template choice. */
  mode?: string;
  text?: string;
  templateId?: string;
  /** Index-aligned with the draft's variables. */
  variables?: Array<string | null>;
}

export const VARIABLE_REQUIRED = 'Escribe el valor de la variable.';
export const TEMPLATE_REQUIRED = 'Elige una plantilla aprobada.';

/** The accepted templates of the channel (only channels whose platform sends templates have any). */
export function useAcceptedTemplates(
  channelId: number,
  platform: string,
): { templates: BotTemplate[]; loading: boolean } {
  const templatable = sendsTemplates(platform);
  const result = useQuery(BOT_ACCEPTED_TEMPLATES_QUERY, {
    variables: { channelId },
    skip: !templatable,
    fetchPolicy: 'cache-and-network',
  });
  return { templates: result.data?.whatsappTemplates ?? [], loading: result.loading };
}

/** The template's variables filled: an empty value is refused (WhatsApp refuses an empty parameter). */
export function templateErrors(
  draft: MessageContentDraft,
  template: BotTemplate | null,
): MessageContentErrors {
  if (draft.mode !== 'template') return {};
  if (!template) return { templateId: TEMPLATE_REQUIRED };
  const variables = Array.from({ length: template.variables }, (_, index) =>
    (draft.variables[index] ?? '').trim() === '' ? VARIABLE_REQUIRED : null,
  );
  return variables.some((message) => message !== null) ? { variables } : {};
}

/** The variables sent for the template: exactly as many as it has, trimmed. */
export function templateVariables(draft: MessageContentDraft, template: BotTemplate | null): string[] {
  if (!template) return [];
  return Array.from({ length: template.variables }, (_, index) => (draft.variables[index] ?? '').trim());
}

/** What a bot message form sends for its content: the text, or the template and its variables (then no text). */
export interface MessageContentValues {
  text: string;
  templateId: number | null;
  variables: string[];
}

/**
 * The content state of a bot message form (welcome, follow-up bot): the draft started from the stored message, the
 * channel's templates, the errors (the form's own fields' too, E) and the form-level refusal.
 */
export function useMessageContent<E extends MessageContentErrors>(
  channel: { id: number; platform: string },
  stored: MessageContentValues | null,
  text: {
    /** The refusal of an empty text. */
    required: string;
    /** The name the API gives the text in its refusals. */
    field: string;
  },
) {
  const templatable = sendsTemplates(channel.platform);
  const { templates, loading } = useAcceptedTemplates(channel.id, channel.platform);
  const [content, setContent] = useState<MessageContentDraft>(() => ({
    mode: stored?.templateId ? 'template' : 'text',
    text: stored?.text ?? '',
    templateId: stored?.templateId ?? null,
    variables: stored?.variables ?? [],
  }));
  // Every field of E is optional: nothing is wrong yet.
  const [errors, setErrors] = useState<E>({} as E);
  const [formError, setFormError] = useState<string | null>(null);

  const template = templates.find((candidate) => candidate.id === content.templateId) ?? null;
  const isTemplate = templatable && content.mode === 'template';
  const placeContentError = (field: string | undefined, message: string): E | null => {
    if (field === text.field) return { text: message } as E;
    if (field === 'templateId' || field === 'variables') return { templateId: message } as E;
    return null;
  };

  return {
    errors,
    setErrors,
    formError,
    /** What is wrong with the content before sending (the form adds its own fields'). */
    contentErrors: (): MessageContentErrors => {
      const found = isTemplate ? templateErrors(content, template) : {};
      if (!isTemplate && content.text.trim() === '') found.text = text.required;
      return found;
    },
    values: (): MessageContentValues => ({
      text: isTemplate ? '' : content.text.trim(),
      templateId: isTemplate ? (template?.id ?? null) : null,
      variables: isTemplate ? templateVariables(content, template) : [],
    }),
    /** The server's refusal at its field (the content's, or the form's own by placeOwn), else at the top of the form. */
    refused: (failure: unknown, placeOwn?: (field: string | undefined, message: string) => E | null) => {
      const { field, userMessage } = resolveError(failure);
      const placed = placeOwn?.(field, userMessage) ?? placeContentError(field, userMessage);
      if (placed) setErrors(placed);
      else setFormError(userMessage);
    },
    fields: {
      draft: content,
      onChange: (patch: Partial<MessageContentDraft>) => {
        setContent((current) => ({ ...current, ...patch }));
        setErrors({} as E);
        setFormError(null);
      },
      errors,
      templates,
      loadingTemplates: loading,
      templatable,
    },
  };
}

interface MessageContentFieldsProps {
  idPrefix: string;
  draft: MessageContentDraft;
  onChange: (patch: Partial<MessageContentDraft>) => void;
  errors: MessageContentErrors;
  templates: readonly BotTemplate[];
  loadingTemplates: boolean;
  /** The channel sends templates (WhatsApp); elsewhere only text is offered. */
  templatable: boolean;
  textLabel: string;
  textHelp?: string;
  /** A hard limit with a counter; without it the box grows with its text (up to 8 rows). */
  textMax?: number;
  /** The text box's id when it is not `${idPrefix}-text`. */
  textId?: string;
  /** Whether the template picker carries its id as a test id too. */
  templateTestId?: boolean;
  /** The preview of the body with the typed values; by default each non-blank value as typed. */
  fillPreview?: (body: string, variables: readonly string[]) => string;
}

const status = (message: string | null | undefined) => (message ? ('error' as const) : undefined);

/**
 * Text or accepted template (with a value per variable and the filled body as preview): the bot's welcome and
 * follow-up forms and the inbox's scheduled follow-up.
 */
export function MessageContentFields({
  idPrefix,
  draft,
  onChange,
  errors,
  templates,
  loadingTemplates,
  templatable,
  textLabel,
  textHelp,
  textMax,
  textId = `${idPrefix}-text`,
  templateTestId = true,
  fillPreview = fillTemplateVariables,
}: MessageContentFieldsProps) {
  const template = templates.find((candidate) => candidate.id === draft.templateId) ?? null;
  const body = template ? templateBodyText(template.components) : '';
  return (
    <>
      {templatable && (
        <Form.Item label="Tipo de mensaje" validateStatus={status(errors.mode)} help={errors.mode}>
          <Radio.Group
            value={draft.mode}
            onChange={(event) => onChange({ mode: event.target.value as ContentMode })}
            options={[
              { value: 'text', label: 'Texto' },
              { value: 'template', label: 'Plantilla' },
            ]}
          />
        </Form.Item>
      )}
      {draft.mode === 'text' || !templatable ? (
        <Form.Item
          label={textLabel}
          htmlFor={textId}
          validateStatus={status(errors.text)}
          help={errors.text ?? textHelp}
        >
          <Input.TextArea
            id={textId}
            {...(textMax === undefined
              ? { autoSize: { minRows: 3, maxRows: 8 } }
              : { rows: 3, maxLength: textMax, showCount: true })}
            value={draft.text}
            onChange={(event) => onChange({ text: event.target.value })}
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            label="Plantilla aprobada"
            htmlFor={`${idPrefix}-template`}
            validateStatus={status(errors.templateId)}
            help={errors.templateId}
          >
            <Select<number>
              id={`${idPrefix}-template`}
              data-testid={templateTestId ? `${idPrefix}-template` : undefined}
              placeholder="Elige una plantilla aprobada"
              loading={loadingTemplates}
              value={draft.templateId ?? undefined}
              notFoundContent="Este canal no tiene plantillas aprobadas"
              options={templates.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              onChange={(templateId) => {
                const chosen = templates.find((candidate) => candidate.id === templateId);
                onChange({ templateId, variables: Array.from({ length: chosen?.variables ?? 0 }, () => '') });
              }}
            />
          </Form.Item>
          {template &&
            Array.from({ length: template.variables }, (_, index) => {
              const id = `${idPrefix}-variable-${index + 1}`;
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
                      onChange({ variables });
                    }}
                  />
                </Form.Item>
              );
            })}
          {body && (
            <Typography.Paragraph type="secondary" data-testid={`${idPrefix}-template-preview`}>
              {fillPreview(body, draft.variables)}
            </Typography.Paragraph>
          )}
        </>
      )}
    </>
  );
}
