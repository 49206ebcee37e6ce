import { FOLLOW_UP_MESSAGES, FOLLOW_UP_TEXT_MAX } from '@crm/shared';
import type { FollowUpInput, PanelAcceptedTemplatesQuery } from '../../../gql/graphql';
import { jsonObject } from '../../../lib/json';

export type FollowUpMode = 'text' | 'template';

/** What the follow-up form holds while the user edits it. */
export interface FollowUpDraft {
  sendAt: Date | null;
  mode: FollowUpMode;
  content: string;
  templateId: number | null;
  /** One value per template variable ({{1}}, {{2}}…), in order. */
  variables: string[];
  /** Optional file to send along, by URL. */
  fileUrl: string;
}

/** An accepted template of the channel; `variables`: how many {{n}} placeholders the body has. */
export type FollowUpTemplate = PanelAcceptedTemplatesQuery['whatsappTemplates'][number];

export interface FollowUpErrors {
  sendAt?: string;
  mode?: string;
  content?: string;
  templateId?: string;
  /** Index-aligned with the draft's variables; null where the value is fine. */
  variables?: Array<string | null>;
  fileUrl?: string;
}

// The form says what the API would answer, in its words (FOLLOW_UP_MESSAGES) and with its limit.
const M = FOLLOW_UP_MESSAGES;

export function emptyDraft(): FollowUpDraft {
  return { sendAt: null, mode: 'text', content: '', templateId: null, variables: [], fileUrl: '' };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * 02 §5 "Follow-up creation" plus the API's own checks, so the form says what is wrong before sending: a future
 * send time; free text only while the reply window is still open at that time (it stays open until
 * `windowExpiresAt`), otherwise an accepted template with every variable filled.
 */
export function validateFollowUpDraft(
  draft: FollowUpDraft,
  context: { now: Date; windowExpiresAt: string | null; template: FollowUpTemplate | null },
): FollowUpErrors {
  const errors: FollowUpErrors = {};
  if (!draft.sendAt) errors.sendAt = M.sendAtRequired;
  else if (draft.sendAt.getTime() <= context.now.getTime()) errors.sendAt = M.sendAtPast;

  const fileUrl = draft.fileUrl.trim();
  if (fileUrl !== '' && !isHttpUrl(fileUrl)) errors.fileUrl = M.fileUrl;

  if (draft.mode === 'text') {
    const content = draft.content.trim();
    if (content === '' && fileUrl === '') errors.content = M.contentRequired;
    else if (content.length > FOLLOW_UP_TEXT_MAX) errors.content = M.contentTooLong;
    if (draft.sendAt && !errors.sendAt) {
      const closesAt = context.windowExpiresAt ? new Date(context.windowExpiresAt).getTime() : null;
      if (closesAt === null || closesAt <= draft.sendAt.getTime()) errors.mode = M.windowClosed;
    }
    return errors;
  }

  if (draft.templateId === null || !context.template) {
    errors.templateId = M.templateRequired;
    return errors;
  }
  const variables = Array.from({ length: context.template.variables }, (_, i) =>
    (draft.variables[i] ?? '').trim() === '' ? M.variableRequired : null,
  );
  if (variables.some((v) => v !== null)) errors.variables = variables;
  return errors;
}

export function hasErrors(errors: FollowUpErrors): boolean {
  return Object.values(errors).some((value) =>
    Array.isArray(value) ? value.some((v) => v !== null) : value !== undefined,
  );
}

/** The file kind the API stores, guessed from the URL's extension. */
export function fileTypeFromUrl(url: string): 'image' | 'video' | 'document' {
  const path = url.split(/[?#]/, 1)[0]?.toLowerCase() ?? '';
  if (/\.(jpe?g|png|gif|webp)$/.test(path)) return 'image';
  if (/\.(mp4|3gpp?|mov)$/.test(path)) return 'video';
  return 'document';
}

function fileName(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const last = path.split('/').pop() ?? '';
  return last === '' ? null : decodeURIComponent(last).slice(0, 255);
}

/** Turns a valid draft into the API's input; template mode sends no free text. */
export function followUpInput(draft: FollowUpDraft, template: FollowUpTemplate | null): FollowUpInput {
  const fileUrl = draft.fileUrl.trim();
  const isTemplate = draft.mode === 'template' && template !== null;
  return {
    sendAt: (draft.sendAt ?? new Date(Number.NaN)).toISOString(),
    content: isTemplate ? null : draft.content.trim(),
    templateId: isTemplate ? template.id : null,
    variables: isTemplate
      ? Array.from({ length: template.variables }, (_, i) => (draft.variables[i] ?? '').trim())
      : [],
    file:
      fileUrl === '' ? null : { url: fileUrl, name: fileName(fileUrl), fileType: fileTypeFromUrl(fileUrl) },
  };
}

/** The body text of a template's components (JSON: [{type: 'BODY', text}], 02 §3 WhatsApp template). */
export function templateBodyText(components: unknown): string {
  if (!Array.isArray(components)) return '';
  for (const component of components) {
    if (typeof component !== 'object' || component === null) continue;
    const { type, text } = component as { type?: unknown; text?: unknown };
    if (typeof type === 'string' && type.toUpperCase() === 'BODY' && typeof text === 'string') return text;
  }
  return '';
}

/** Puts the typed values into {{1}}, {{2}}…; an empty one keeps its placeholder so the gap shows. */
export function fillTemplate(text: string, variables: readonly string[]): string {
  return text.replace(/\{\{(\d+)\}\}/g, (placeholder, n: string) => {
    const value = variables[Number(n) - 1]?.trim();
    return value ? value : placeholder;
  });
}

/** A stored follow-up back into the form, for editing. */
export function draftFromFollowUp(followUp: {
  sendAt: string;
  content: string;
  templateId: number | null;
  variables: string[];
  /** JSON: {url, name, fileType} or null. */
  file: unknown;
}): FollowUpDraft {
  const url = jsonObject(followUp.file)?.url;
  return {
    sendAt: new Date(followUp.sendAt),
    mode: followUp.templateId === null ? 'text' : 'template',
    content: followUp.content,
    templateId: followUp.templateId,
    variables: [...followUp.variables],
    fileUrl: typeof url === 'string' ? url : '',
  };
}
