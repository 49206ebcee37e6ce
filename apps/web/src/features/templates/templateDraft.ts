import {
  buildTemplateComponents,
  ERROR_CATALOGUE,
  fillTemplateVariables,
  isTemplateCategory,
  isTemplateType,
  type ProposedTemplateVariable,
  proposalExamples,
  type TemplateCategory,
  type TemplateComponent,
  type TemplateType,
  type TemplateVariableKind,
  type TemplateVariableProposal,
  templateVariableNumbers,
  validateTemplateDraft,
  validateTemplateMessage,
  validateTemplateName,
  validateTemplateVariables,
} from '@crm/shared';

/** 02 §2: the steps of the template creation flow; each has its own title. */
export const TEMPLATE_STEPS = [
  'init',
  'create',
  'new',
  'newCustom',
  'identifyVariables',
  'category',
  'addMultimedia',
  'preview',
] as const;
export type TemplateStep = (typeof TEMPLATE_STEPS)[number];

export const TEMPLATE_STEP_TITLES: Readonly<Record<TemplateStep, string>> = {
  init: 'Nueva plantilla de WhatsApp',
  create: 'Nombra tu plantilla',
  new: 'Escribe tu mensaje',
  newCustom: 'Escribe tu plantilla personalizada',
  identifyVariables: 'Revisa las variables',
  category: 'Elige la categoría',
  addMultimedia: 'Agrega multimedia',
  preview: 'Vista previa',
};

/** The short name of a step in the progress bar. */
export const TEMPLATE_STEP_LABELS: Readonly<Record<TemplateStep, string>> = {
  init: 'Inicio',
  create: 'Nombre',
  new: 'Mensaje',
  newCustom: 'Mensaje',
  identifyVariables: 'Variables',
  category: 'Categoría',
  addMultimedia: 'Multimedia',
  preview: 'Vista previa',
};

export type DraftMediaHeader = {
  type: 'imagen' | 'doc';
  /** Our stored copy (the HEADER example the API maps back to the provider's handle). */
  url: string;
  mimeType: string;
  fileName: string;
  size: number;
};

export type DraftHeader = { type: 'none' } | { type: 'text'; text: string } | DraftMediaHeader;

/** 02 §3 creation draft (name, text, textWithFormat, originalText, variables, category, isVariables, channelId). */
export interface TemplateDraft {
  step: TemplateStep;
  channelId: number | null;
  /** How the user started: the variables detected for them (normal) or marked by them (custom). */
  type: TemplateType | null;
  name: string;
  /** The message as the user wrote it, before any variable was proposed. */
  originalText: string;
  /** The body with its {{n}} variables and WhatsApp markup: what is submitted. */
  text: string;
  /** The body as the customer reads it: each example in place of its {{n}}, markup kept (the preview's text). */
  textWithFormat: string;
  /** One entry per {{n}}, with its example value. */
  variables: ProposedTemplateVariable[];
  /** The variables were identified by /identify-variables (normal templates). */
  isVariables: boolean;
  category: TemplateCategory | null;
  /** What /identify-variables proposed, shown as the suggestion. */
  proposedCategory: TemplateCategory | null;
  /** The message the current proposal was made from: going back without changing it keeps the user's choices. */
  identifiedFrom: string | null;
  header: DraftHeader;
}

export const EMPTY_DRAFT: TemplateDraft = {
  step: 'init',
  channelId: null,
  type: null,
  name: '',
  originalText: '',
  text: '',
  textWithFormat: '',
  variables: [],
  isVariables: false,
  category: null,
  proposedCategory: null,
  identifiedFrom: null,
  header: { type: 'none' },
};

/** The steps the draft goes through, in order: normal templates review the detected variables, custom ones do not. */
export function stepPath(type: TemplateType | null): TemplateStep[] {
  const message: TemplateStep[] = type === 'CUSTOM_TEMPLATE' ? ['newCustom'] : ['new', 'identifyVariables'];
  return ['init', 'create', ...message, 'category', 'addMultimedia', 'preview'];
}

export function nextStep(draft: Pick<TemplateDraft, 'step' | 'type'>): TemplateStep | null {
  const path = stepPath(draft.type);
  return path[path.indexOf(draft.step) + 1] ?? null;
}

/** Null on the first step: 'Atrás' there leaves the flow. */
export function previousStep(draft: Pick<TemplateDraft, 'step' | 'type'>): TemplateStep | null {
  const path = stepPath(draft.type);
  const index = path.indexOf(draft.step);
  return index > 0 ? (path[index - 1] ?? null) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Variables.

/** The proposal the shared variable rules work on, as the draft holds it. */
export function draftProposal(draft: TemplateDraft): TemplateVariableProposal {
  return {
    text: draft.text,
    originalText: draft.originalText,
    variables: draft.variables,
    category: draft.proposedCategory ?? draft.category ?? 'utility',
  };
}

/** The example values in variable order ({{1}} first). */
export function draftExamples(draft: Pick<TemplateDraft, 'variables'>): string[] {
  return proposalExamples({ text: '', originalText: '', variables: draft.variables, category: 'utility' });
}

/** The draft with a new body and variables; textWithFormat follows them. */
export function withBody(
  draft: TemplateDraft,
  body: { text: string; variables: ProposedTemplateVariable[] },
): TemplateDraft {
  const examples = draftExamples(body);
  return {
    ...draft,
    text: body.text,
    variables: body.variables,
    textWithFormat: fillTemplateVariables(body.text, examples),
  };
}

/**
 * A custom template's variables: the {{n}} the user wrote, each with the example typed for it (kept by number, so
 * a variable moved in the text keeps its example).
 */
export function customVariables(
  text: string,
  previous: readonly ProposedTemplateVariable[],
): ProposedTemplateVariable[] {
  const exampleOf = new Map(previous.map((variable) => [variable.index, variable.example]));
  return templateVariableNumbers(text)
    .sort((a, b) => a - b)
    .map((index) => {
      const placeholder = `{{${index}}}`;
      const start = text.indexOf(placeholder);
      return {
        index,
        example: exampleOf.get(index) ?? '',
        kind: 'manual' as TemplateVariableKind,
        start,
        end: start + placeholder.length,
        accepted: true,
      };
    });
}

/** The next free variable number of a custom text ({{1}} when it has none). */
export function nextVariableNumber(text: string): number {
  return templateVariableNumbers(text).reduce((highest, n) => Math.max(highest, n), 0) + 1;
}

// ---------------------------------------------------------------------------------------------------------
// Rules per step.

export type StepErrors = Partial<
  Record<'channelId' | 'type' | 'name' | 'text' | 'variables' | 'category' | 'header', string>
>;

export const CHANNEL_REQUIRED = 'Selecciona un canal.';

/** What keeps the draft from leaving its current step forward; empty when it may continue. */
export function stepErrors(draft: TemplateDraft): StepErrors {
  const errors: StepErrors = {};
  const put = (field: keyof StepErrors, message: string | null) => {
    if (message) errors[field] = message;
  };
  switch (draft.step) {
    case 'init':
      if (draft.channelId === null) errors.channelId = CHANNEL_REQUIRED;
      if (!isTemplateType(draft.type)) errors.type = ERROR_CATALOGUE.EMPTY_TYPE_ERROR.userMessage;
      break;
    case 'create':
      put('name', validateTemplateName(draft.name));
      break;
    case 'new':
      put('text', validateTemplateMessage(draft.originalText));
      break;
    case 'newCustom':
    case 'identifyVariables': {
      const text = validateTemplateMessage(draft.text);
      put('text', text);
      if (!text) put('variables', validateTemplateVariables(draft.text, draftExamples(draft)));
      break;
    }
    case 'category':
      if (!isTemplateCategory(draft.category))
        errors.category = ERROR_CATALOGUE.EMPTY_CATEGORY_ERROR.userMessage;
      break;
    case 'addMultimedia':
      put('header', headerError(draft));
      break;
    case 'preview':
      Object.assign(errors, submissionErrors(draft));
      break;
  }
  return errors;
}

function headerError(draft: TemplateDraft): string | null {
  const { header } = draft;
  if (header.type === 'none') return null;
  return (
    validateTemplateDraft({
      headerType: header.type,
      headerText: header.type === 'text' ? header.text : null,
      // A media header without its uploaded file is "upload the file", not a wrong type.
      headerMedia:
        header.type === 'text' || header.url === ''
          ? null
          : { name: header.fileName, type: header.mimeType, size: header.size },
    }).header ?? null
  );
}

/** Every rule of the whole draft (the preview's 'Enviar a revisión'). */
export function submissionErrors(draft: TemplateDraft): StepErrors {
  const errors: StepErrors = {};
  if (draft.channelId === null) errors.channelId = CHANNEL_REQUIRED;
  const all = validateTemplateDraft({
    name: draft.name,
    text: draft.text,
    type: draft.type,
    category: draft.category,
    examples: draftExamples(draft),
  });
  Object.assign(errors, all);
  const header = headerError(draft);
  if (header) errors.header = header;
  return errors;
}

/** The components of POST /whatsappTemplate: a media HEADER carries our URL of the file as its example. */
export function draftComponents(draft: TemplateDraft): TemplateComponent[] {
  const { header } = draft;
  return buildTemplateComponents({
    text: draft.text,
    examples: draftExamples(draft),
    header:
      header.type === 'none'
        ? null
        : header.type === 'text'
          ? { type: 'text', text: header.text.trim() }
          : { type: header.type, handle: header.url, mimeType: header.mimeType },
  });
}

// ---------------------------------------------------------------------------------------------------------
// Kept across a reload (sessionStorage): anything that does not read back as a draft starts over.

export const DRAFT_STORAGE_KEY = 'whatsappTemplateDraft';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isString = (value: unknown): value is string => typeof value === 'string';

function readVariable(value: unknown): ProposedTemplateVariable | null {
  if (!isRecord(value)) return null;
  const { index, example, kind, start, end, accepted } = value;
  if (typeof index !== 'number' || !isString(example) || !isString(kind)) return null;
  return {
    index,
    example,
    kind: kind as TemplateVariableKind,
    start: typeof start === 'number' ? start : 0,
    end: typeof end === 'number' ? end : 0,
    accepted: accepted === true,
  };
}

function readHeader(value: unknown): DraftHeader {
  if (!isRecord(value)) return { type: 'none' };
  if (value.type === 'text') return { type: 'text', text: isString(value.text) ? value.text : '' };
  if (
    (value.type === 'imagen' || value.type === 'doc') &&
    isString(value.url) &&
    isString(value.mimeType) &&
    isString(value.fileName) &&
    typeof value.size === 'number'
  ) {
    return {
      type: value.type,
      url: value.url,
      mimeType: value.mimeType,
      fileName: value.fileName,
      size: value.size,
    };
  }
  return { type: 'none' };
}

/** The draft a stored JSON holds, or the empty draft. */
export function parseDraft(json: string | null): TemplateDraft {
  if (!json) return EMPTY_DRAFT;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return EMPTY_DRAFT;
  }
  if (!isRecord(value)) return EMPTY_DRAFT;
  const step = (TEMPLATE_STEPS as readonly unknown[]).includes(value.step)
    ? (value.step as TemplateStep)
    : 'init';
  const variables = Array.isArray(value.variables)
    ? value.variables.map(readVariable).filter((v): v is ProposedTemplateVariable => v !== null)
    : [];
  const type = isTemplateType(value.type) ? value.type : null;
  const draft: TemplateDraft = {
    step,
    channelId: typeof value.channelId === 'number' ? value.channelId : null,
    type,
    name: isString(value.name) ? value.name : '',
    originalText: isString(value.originalText) ? value.originalText : '',
    text: isString(value.text) ? value.text : '',
    textWithFormat: isString(value.textWithFormat) ? value.textWithFormat : '',
    variables,
    isVariables: value.isVariables === true,
    category: isTemplateCategory(value.category) ? value.category : null,
    proposedCategory: isTemplateCategory(value.proposedCategory) ? value.proposedCategory : null,
    identifiedFrom: isString(value.identifiedFrom) ? value.identifiedFrom : null,
    header: readHeader(value.header),
  };
  // A step off the draft's own path (a type changed by hand) starts the path over.
  return stepPath(type).includes(step) ? draft : { ...draft, step: 'init' };
}
