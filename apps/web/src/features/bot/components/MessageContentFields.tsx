import { useQuery } from '@apollo/client/react';
import { fillTemplateVariables, sendsTemplates, templateBodyText } from '@crm/shared';
import { Form, Input, Radio, Select, Typography } from 'antd';
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

interface MessageContentFieldsProps {
  idPrefix: string;
  draft: MessageContentDraft;
  onChange: (patch: Partial<MessageContentDraft>) => void;
  errors: MessageContentErrors;
  templates: BotTemplate[];
  loadingTemplates: boolean;
  /** The channel sends templates (WhatsApp); elsewhere only text is offered. */
  templatable: boolean;
  textLabel: string;
  textHelp?: string;
  textMax: number;
}

const status = (message: string | null | undefined) => (message ? ('error' as const) : undefined);

/** Text or template (with a value per variable and the filled body as preview), as the inbox's follow-up form. */
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
}: MessageContentFieldsProps) {
  const template = templates.find((candidate) => candidate.id === draft.templateId) ?? null;
  const body = template ? templateBodyText(template.components) : '';
  return (
    <>
      {templatable && (
        <Form.Item label="Tipo de mensaje">
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
          htmlFor={`${idPrefix}-text`}
          validateStatus={status(errors.text)}
          help={errors.text ?? textHelp}
        >
          <Input.TextArea
            id={`${idPrefix}-text`}
            rows={3}
            maxLength={textMax}
            showCount
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
              data-testid={`${idPrefix}-template`}
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
              {fillTemplateVariables(body, draft.variables)}
            </Typography.Paragraph>
          )}
        </>
      )}
    </>
  );
}
