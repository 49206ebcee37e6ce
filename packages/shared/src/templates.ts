import { ERROR_CATALOGUE } from './errors';
import { TEMPLATE_MEDIA_MIME_TYPES, WHATSAPP_TEMPLATES_LIMIT } from './limits';
import { templateMatchesSearch } from './rules/search';
import { UPLOAD_MESSAGES, type UploadCandidate, validateUploads } from './rules/uploads';
import { type ValidationResult, validateTemplateMessage, validateTemplateName } from './rules/validation';

// The name and message rules of 02 §5 live in rules/validation (validateTemplateName, validateTemplateMessage);
// this module holds everything else a WhatsApp template is made of, for the API, the web and the tests alike.

// 02 §3: template type and category.
export const TEMPLATE_TYPES = ['NORMAL_TEMPLATE', 'CUSTOM_TEMPLATE'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const TEMPLATE_CATEGORIES = ['utility', 'marketing'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

export const TEMPLATE_CATEGORY_LABELS: Readonly<Record<TemplateCategory, string>> = {
  utility: 'Utilidad',
  marketing: 'Marketing',
};

export function isTemplateType(value: unknown): value is TemplateType {
  // Stryker disable next-line ConditionalExpression: includes() finds no non-string in a list of strings; the typeof only narrows the type
  return typeof value === 'string' && (TEMPLATE_TYPES as readonly string[]).includes(value);
}

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  // Stryker disable next-line ConditionalExpression: includes() finds no non-string in a list of strings; the typeof only narrows the type
  return typeof value === 'string' && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}

/** The category as WhatsApp Cloud API spells it in `POST /{waba_id}/message_templates`. */
export function providerTemplateCategory(category: TemplateCategory): 'UTILITY' | 'MARKETING' {
  return category === 'marketing' ? 'MARKETING' : 'UTILITY';
}

// 02 §3: header types of the creation draft.
export const TEMPLATE_HEADER_TYPES = ['imagen', 'text', 'doc'] as const;
export type TemplateHeaderType = (typeof TEMPLATE_HEADER_TYPES)[number];

export const TEMPLATE_HEADER_LABELS: Readonly<Record<TemplateHeaderType, string>> = {
  imagen: 'Imagen',
  text: 'Texto',
  doc: 'Documento',
};

export function isTemplateHeaderType(value: unknown): value is TemplateHeaderType {
  // Stryker disable next-line ConditionalExpression: includes() finds no non-string in a list of strings; the typeof only narrows the type
  return typeof value === 'string' && (TEMPLATE_HEADER_TYPES as readonly string[]).includes(value);
}

// WhatsApp caps a header text (and a footer) at 60 characters; the spec's "other text 20 to 60" agrees.
export const TEMPLATE_HEADER_TEXT_MAX = 60;

/**
 * 02 §5: template media accepts images, pdf and mp4. The spec has three header types only, so the media
 * header ('imagen', the "add multimedia" step) takes the images and the mp4 video, and 'doc' takes the pdf.
 */
export const TEMPLATE_HEADER_ACCEPT: Readonly<Record<'imagen' | 'doc', readonly string[]>> = {
  imagen: TEMPLATE_MEDIA_MIME_TYPES.filter((type) => type.startsWith('image/') || type === 'video/mp4'),
  doc: TEMPLATE_MEDIA_MIME_TYPES.filter((type) => type === 'application/pdf'),
};

export type TemplateHeaderFormat = 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';

/** The HEADER `format` WhatsApp needs for a header type and (for media) the uploaded file's type. */
export function templateHeaderFormat(
  headerType: TemplateHeaderType,
  mimeType?: string | null,
): TemplateHeaderFormat | null {
  if (headerType === 'text') return 'TEXT';
  // Stryker disable next-line StringLiteral: any fallback that is not an accepted type gives null alike
  const type = (mimeType ?? '').toLowerCase();
  if (!TEMPLATE_HEADER_ACCEPT[headerType].includes(type)) return null;
  if (type.startsWith('image/')) return 'IMAGE';
  if (type.startsWith('video/')) return 'VIDEO';
  return 'DOCUMENT';
}

/** 02 §5: the media of a template header: its type must fit the header, no video-specific size cap applies. */
export function validateTemplateMedia(file: UploadCandidate, headerType: 'imagen' | 'doc'): ValidationResult {
  const result = validateUploads([file], { accept: TEMPLATE_HEADER_ACCEPT[headerType], videoMaxBytes: null });
  return result.errors[0] ?? null;
}

/** Texts of the template rules that the spec does not word itself. */
export const TEMPLATE_MESSAGES = {
  typeRequired: ERROR_CATALOGUE.EMPTY_TYPE_ERROR.userMessage,
  categoryRequired: ERROR_CATALOGUE.EMPTY_CATEGORY_ERROR.userMessage,
  limitReached: ERROR_CATALOGUE.WHATSAPP_TEMPLATES_LIMIT_REACHED.userMessage,
  headerTypeInvalid: 'Elige un tipo de encabezado: imagen, texto o documento.',
  headerTextRequired: 'Escribe el texto del encabezado.',
  headerTextTooLong: `El encabezado no debe exceder los ${TEMPLATE_HEADER_TEXT_MAX} caracteres`,
  headerTextVariables: 'El encabezado no puede contener variables.',
  headerMediaRequired: 'Sube el archivo del encabezado.',
  headerMediaType: UPLOAD_MESSAGES.typeNotAllowed,
  variableFormat: 'Escribe las variables como {{1}}, {{2}}, {{3}}…',
  variablesNotConsecutive: 'Las variables deben numerarse en orden, desde {{1}} y sin saltos.',
  variableAtEdge: 'El mensaje no puede empezar ni terminar con una variable.',
  languageInvalid: 'Elige un idioma válido para la plantilla.',
  componentsInvalid: 'La plantilla solo puede tener encabezado, mensaje y pie de página.',
  footerTooLong: `El pie de página no debe exceder los ${TEMPLATE_HEADER_TEXT_MAX} caracteres`,
  headerMediaOtherChannel: 'El archivo del encabezado se subió para otro canal; súbelo de nuevo.',
} as const;

export function variableExampleRequiredMessage(index: number): string {
  return `Escribe un valor de ejemplo para la variable {{${index}}}.`;
}

// ---------------------------------------------------------------------------------------------------------
// Variables {{1}}, {{2}}…

// Anything between double braces: a well-formed variable is exactly {{n}} with n a positive number.
const BRACES = /\{\{([^{}]*)\}\}/g;
const WELL_FORMED = /^[1-9]\d*$/;
const VARIABLE = /\{\{([1-9]\d*)\}\}/g;

/** The variable numbers of a text, each once, in order of first appearance. */
export function templateVariableNumbers(text: string | null | undefined): number[] {
  const numbers: number[] = [];
  // Stryker disable next-line StringLiteral: a fallback without {{n}} gives no number alike
  for (const match of (text ?? '').matchAll(VARIABLE)) {
    const n = Number(match[1]);
    if (!numbers.includes(n)) numbers.push(n);
  }
  return numbers;
}

/** How many example values the text needs: its highest variable number. */
export function templateVariableCount(text: string | null | undefined): number {
  return templateVariableNumbers(text).reduce((highest, n) => Math.max(highest, n), 0);
}

/** The text as the customer reads it; a variable without a value stays visible as {{n}}. */
export function fillTemplateVariables(text: string, values: readonly (string | null | undefined)[]): string {
  return text.replace(VARIABLE, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value !== undefined && value !== null && value.trim() !== '' ? value : whole;
  });
}

/**
 * The variables of a template body, as WhatsApp Cloud API checks them when the template is created: well
 * formed, numbered 1..n without gaps, not at the very start or end of the text, an example value each.
 */
export function validateTemplateVariables(
  text: string | null | undefined,
  examples: readonly (string | null | undefined)[] = [],
): ValidationResult {
  // Stryker disable next-line StringLiteral: a fallback without braces or {{n}} is valid alike
  const body = text ?? '';
  for (const match of body.matchAll(BRACES)) {
    // Stryker disable next-line StringLiteral: the group always takes part in a match; the fallback only satisfies the type
    if (!WELL_FORMED.test(match[1] ?? '')) return TEMPLATE_MESSAGES.variableFormat;
  }
  const numbers = templateVariableNumbers(body);
  // Stryker disable next-line ConditionalExpression: a shortcut; without variables every later check passes and answers null too
  if (numbers.length === 0) return null;
  const sorted = [...numbers].sort((a, b) => a - b);
  if (sorted.some((n, i) => n !== i + 1)) return TEMPLATE_MESSAGES.variablesNotConsecutive;
  const trimmed = body.trim();
  if (/^\{\{[1-9]\d*\}\}/.test(trimmed) || /\{\{[1-9]\d*\}\}$/.test(trimmed)) {
    return TEMPLATE_MESSAGES.variableAtEdge;
  }
  for (const n of sorted) {
    const example = examples[n - 1];
    if (example === undefined || example === null || example.trim() === '') {
      return variableExampleRequiredMessage(n);
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Draft and provider components.

/** 02 §3 components as WhatsApp Cloud API takes and returns them. */
export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: TemplateHeaderFormat;
  text?: string;
  example?: { body_text?: string[][]; header_handle?: string[]; header_text?: string[] };
}

export type TemplateHeaderDraft =
  | { type: 'text'; text: string }
  | { type: 'imagen' | 'doc'; handle: string; mimeType: string };

export interface TemplateComponentsInput {
  text: string;
  examples?: readonly string[];
  header?: TemplateHeaderDraft | null;
  footer?: string | null;
}

/**
 * The `components` of `POST /{waba_id}/message_templates`: HEADER first (its media as the resumable-upload
 * handle), then BODY with one example per variable, then FOOTER.
 * https://developers.facebook.com/docs/whatsapp/business-management-api/message-templates/components
 */
export function buildTemplateComponents(input: TemplateComponentsInput): TemplateComponent[] {
  const components: TemplateComponent[] = [];
  const header = input.header;
  if (header) {
    if (header.type === 'text') {
      components.push({ type: 'HEADER', format: 'TEXT', text: header.text });
    } else {
      const format = templateHeaderFormat(header.type, header.mimeType) ?? 'IMAGE';
      components.push({ type: 'HEADER', format, example: { header_handle: [header.handle] } });
    }
  }
  const count = templateVariableCount(input.text);
  const body: TemplateComponent = { type: 'BODY', text: input.text };
  if (count > 0) {
    const examples = input.examples ?? [];
    body.example = { body_text: [Array.from({ length: count }, (_, i) => (examples[i] ?? '').trim())] };
  }
  components.push(body);
  const footer = input.footer?.trim();
  if (footer) components.push({ type: 'FOOTER', text: footer });
  return components;
}

function componentOf(components: unknown, type: string): Record<string, unknown> | null {
  if (!Array.isArray(components)) return null;
  for (const component of components) {
    if (typeof component !== 'object' || component === null) continue;
    const record = component as Record<string, unknown>;
    if (typeof record.type === 'string' && record.type.toUpperCase() === type) return record;
  }
  return null;
}

/** The BODY text of a stored or provider component list (tolerant: the list comes from jsonb or JSON). */
export function templateBodyText(components: unknown): string {
  const text = componentOf(components, 'BODY')?.text;
  return typeof text === 'string' ? text : '';
}

/** The example values of the BODY (`example.body_text[0]`), empty when it has none. */
export function templateBodyExamples(components: unknown): string[] {
  const example = componentOf(components, 'BODY')?.example;
  if (typeof example !== 'object' || example === null) return [];
  const bodyText = (example as { body_text?: unknown }).body_text;
  const first = Array.isArray(bodyText) ? bodyText[0] : undefined;
  return Array.isArray(first) ? first.filter((v): v is string => typeof v === 'string') : [];
}

export interface TemplateDraftInput {
  name?: string | null;
  text?: string | null;
  type?: string | null;
  category?: string | null;
  examples?: readonly (string | null | undefined)[] | null;
  headerType?: string | null;
  headerText?: string | null;
  headerMedia?: UploadCandidate | null;
}

export type TemplateDraftField = 'name' | 'text' | 'type' | 'category' | 'variables' | 'header';
export type TemplateDraftErrors = Partial<Record<TemplateDraftField, string>>;

/** Every rule of a template before it is submitted; an empty object means it can be sent to the provider. */
export function validateTemplateDraft(draft: TemplateDraftInput): TemplateDraftErrors {
  const errors: TemplateDraftErrors = {};
  const name = validateTemplateName(draft.name);
  if (name) errors.name = name;
  const text = validateTemplateMessage(draft.text);
  if (text) errors.text = text;
  if (!isTemplateType(draft.type)) errors.type = TEMPLATE_MESSAGES.typeRequired;
  if (!isTemplateCategory(draft.category)) errors.category = TEMPLATE_MESSAGES.categoryRequired;
  if (!text) {
    const variables = validateTemplateVariables(draft.text, draft.examples ?? []);
    if (variables) errors.variables = variables;
  }
  const header = validateTemplateHeader(draft);
  if (header) errors.header = header;
  return errors;
}

function validateTemplateHeader(draft: TemplateDraftInput): ValidationResult {
  const headerType = draft.headerType;
  if (headerType === null || headerType === undefined || headerType === '') return null;
  if (!isTemplateHeaderType(headerType)) return TEMPLATE_MESSAGES.headerTypeInvalid;
  if (headerType === 'text') {
    const text = (draft.headerText ?? '').trim();
    if (text === '') return TEMPLATE_MESSAGES.headerTextRequired;
    if (text.length > TEMPLATE_HEADER_TEXT_MAX) return TEMPLATE_MESSAGES.headerTextTooLong;
    if (/\{\{.*?\}\}/.test(text)) return TEMPLATE_MESSAGES.headerTextVariables;
    return null;
  }
  if (!draft.headerMedia) return TEMPLATE_MESSAGES.headerMediaRequired;
  return validateTemplateMedia(draft.headerMedia, headerType);
}

// 02 §9: at most 5 templates per company.
export function templateLimitReached(existing: number, limit: number = WHATSAPP_TEMPLATES_LIMIT): boolean {
  return existing >= limit;
}

export type TemplateOrigin = 'created' | 'imported';

/** The 02 §9 limit as the API counts it, from a company's template list: only the templates created here. */
export function templateLimitReachedIn(templates: readonly { origin: TemplateOrigin }[]): boolean {
  return templateLimitReached(templates.filter((t) => t.origin === 'created').length);
}

// ---------------------------------------------------------------------------------------------------------
// Statuses (02 §4 Templates).

export const TEMPLATE_STATUSES = ['submitted', 'accepted', 'denied'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_STATUS_LABELS: Readonly<Record<TemplateStatus, string>> = {
  submitted: 'En revisión',
  accepted: 'Aprobada',
  denied: 'Rechazada',
};

export function isTemplateStatus(value: unknown): value is TemplateStatus {
  // Stryker disable next-line ConditionalExpression: includes() finds no non-string in a list of strings; the typeof only narrows the type
  return typeof value === 'string' && (TEMPLATE_STATUSES as readonly string[]).includes(value);
}

/**
 * What WhatsApp reports about a template: the `status` of `GET /{waba_id}/message_templates` and the `event`
 * of the `message_template_status_update` webhook.
 * https://developers.facebook.com/docs/whatsapp/business-management-api/webhooks/components
 */
export const PROVIDER_TEMPLATE_STATUSES = [
  'PENDING',
  'IN_APPEAL',
  'APPROVED',
  'FLAGGED',
  'REINSTATED',
  'REJECTED',
  'PAUSED',
  'DISABLED',
  'LIMIT_EXCEEDED',
  'ARCHIVED',
  'PENDING_DELETION',
  'DELETED',
] as const;
export type ProviderTemplateStatus = (typeof PROVIDER_TEMPLATE_STATUSES)[number];

// FLAGGED and REINSTATED keep the template sendable (a flagged template is approved with low quality); a
// paused, disabled, archived or deleted one cannot be sent, so it is 'denied' until WhatsApp says otherwise.
const STATUS_OF: Readonly<Record<ProviderTemplateStatus, TemplateStatus>> = {
  PENDING: 'submitted',
  IN_APPEAL: 'submitted',
  APPROVED: 'accepted',
  FLAGGED: 'accepted',
  REINSTATED: 'accepted',
  REJECTED: 'denied',
  PAUSED: 'denied',
  DISABLED: 'denied',
  LIMIT_EXCEEDED: 'denied',
  ARCHIVED: 'denied',
  PENDING_DELETION: 'denied',
  DELETED: 'denied',
};

/** The provider's word for the screen, next to our status (the issue keeps the raw status visible). */
export const PROVIDER_TEMPLATE_STATUS_LABELS: Readonly<Record<ProviderTemplateStatus, string>> = {
  PENDING: 'En revisión',
  IN_APPEAL: 'En apelación',
  APPROVED: 'Aprobada',
  FLAGGED: 'Aprobada, con calidad baja',
  REINSTATED: 'Aprobada',
  REJECTED: 'Rechazada',
  PAUSED: 'Pausada',
  DISABLED: 'Desactivada',
  LIMIT_EXCEEDED: 'Límite de plantillas excedido',
  ARCHIVED: 'Archivada',
  PENDING_DELETION: 'Eliminación pendiente',
  DELETED: 'Eliminada',
};

// 360dialog reports the same statuses in lower case, and 'submitted' for a template under review.
const PROVIDER_STATUS_ALIASES: Readonly<Record<string, ProviderTemplateStatus>> = {
  SUBMITTED: 'PENDING',
};

/** The provider's status in one spelling (upper case, underscores), or null when we do not know it. */
export function normalizeProviderTemplateStatus(
  raw: string | null | undefined,
): ProviderTemplateStatus | null {
  if (typeof raw !== 'string') return null;
  const key = raw
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
  if ((PROVIDER_TEMPLATE_STATUSES as readonly string[]).includes(key)) return key as ProviderTemplateStatus;
  return PROVIDER_STATUS_ALIASES[key] ?? null;
}

/** Our status for a provider status, or null for one we do not know (the row is then left as it is). */
export function templateStatusFromProvider(raw: string | null | undefined): TemplateStatus | null {
  const status = normalizeProviderTemplateStatus(raw);
  return status === null ? null : STATUS_OF[status];
}

/** The label of a template's status: the provider's own word when it refines ours (Pausada, Desactivada…). */
export function templateStatusLabel(status: TemplateStatus, rawStatus?: string | null): string {
  const raw = normalizeProviderTemplateStatus(rawStatus);
  if (raw !== null && STATUS_OF[raw] === status) return PROVIDER_TEMPLATE_STATUS_LABELS[raw];
  return TEMPLATE_STATUS_LABELS[status];
}

const REJECTION_REASON_LABELS: Readonly<Record<string, string>> = {
  ABUSIVE_CONTENT: 'Contenido abusivo',
  INCORRECT_CATEGORY: 'Categoría incorrecta',
  INVALID_FORMAT: 'Formato inválido',
  SCAM: 'Posible fraude',
  TAG_CONTENT_MISMATCH: 'El contenido no corresponde a la categoría',
  PROMOTIONAL: 'Contenido promocional en una plantilla de utilidad',
};

/** The provider's rejection reason in Spanish; unknown reasons are shown as given, 'NONE' as nothing. */
export function templateRejectionReasonLabel(reason: string | null | undefined): string | null {
  const key = (reason ?? '').trim().toUpperCase();
  if (key === '' || key === 'NONE') return null;
  // Stryker disable next-line StringLiteral: a null reason returned above; the fallback only satisfies the type
  return REJECTION_REASON_LABELS[key] ?? (reason ?? '').trim();
}

export interface TemplateStatusState {
  status: TemplateStatus;
  /** The provider's last status, null while only we know the template (just submitted, or older rows). */
  rawStatus?: string | null;
}

export interface TemplateStatusChange {
  status: TemplateStatus;
  rawStatus: ProviderTemplateStatus;
}

export interface TemplateStatusTimes {
  /** When the current status was reported (epoch ms), if known. */
  currentAt?: number | null;
  /** When the incoming status happened (the webhook entry's `time`, epoch ms), if known. */
  incomingAt?: number | null;
}

const APPROVED_FAMILY: readonly ProviderTemplateStatus[] = ['APPROVED', 'FLAGGED', 'REINSTATED', 'PAUSED'];

function currentRaw(current: TemplateStatusState): ProviderTemplateStatus | null {
  const raw = normalizeProviderTemplateStatus(current.rawStatus);
  if (raw !== null) return raw;
  if (current.status === 'accepted') return 'APPROVED';
  if (current.status === 'denied') return 'REJECTED';
  return null;
}

/**
 * Whether a webhook status is a stale or out-of-order delivery that must not move the template back.
 * Real later changes are applied: APPROVED → PAUSED/FLAGGED/DISABLED/REJECTED, PAUSED → APPROVED (WhatsApp
 * sends APPROVED when a pause ends), REJECTED → IN_APPEAL → APPROVED. Stale ones are not: PENDING after any
 * decision (templates are not edited here, so review never starts again), IN_APPEAL after an approval,
 * anything after DELETED, and anything but DELETED after PENDING_DELETION.
 */
function isStale(current: ProviderTemplateStatus | null, incoming: ProviderTemplateStatus): boolean {
  if (current === null) return false;
  if (current === 'DELETED') return true;
  if (current === 'PENDING_DELETION') return incoming !== 'DELETED';
  if (incoming === 'PENDING') return current !== 'PENDING';
  if (incoming === 'IN_APPEAL') return APPROVED_FAMILY.includes(current);
  return false;
}

/**
 * 02 §4 / issue 16: the status a template moves to when the provider's webhook reports `incomingRaw`, or null
 * when nothing changes (unknown status, the same status again, or a stale delivery). A sync reads the
 * provider's current list instead and applies `templateStatusFromProvider` as it is.
 */
export function nextTemplateStatus(
  current: TemplateStatusState,
  incomingRaw: string | null | undefined,
  times: TemplateStatusTimes = {},
): TemplateStatusChange | null {
  const incoming = normalizeProviderTemplateStatus(incomingRaw);
  if (incoming === null) return null;
  const { currentAt, incomingAt } = times;
  if (typeof currentAt === 'number' && typeof incomingAt === 'number' && incomingAt < currentAt) return null;
  // The same status delivered again changes nothing; a first provider status on an older row is recorded.
  if (normalizeProviderTemplateStatus(current.rawStatus) === incoming) return null;
  if (isStale(currentRaw(current), incoming)) return null;
  return { status: STATUS_OF[incoming], rawStatus: incoming };
}

// ---------------------------------------------------------------------------------------------------------
// Lists: search, filters, campaigns.

export const TEMPLATE_FILTER_ALL = 'all';

export interface TemplateListFilters {
  search?: string | null;
  status?: TemplateStatus | typeof TEMPLATE_FILTER_ALL | null;
  category?: TemplateCategory | typeof TEMPLATE_FILTER_ALL | null;
}

export interface ListedTemplate {
  name: string;
  status: string;
  category: string;
  components?: unknown;
}

/** 02 §2 templates tab: filters by status and category, search ignoring case, accents, spaces, underscores. */
export function filterTemplates<T extends ListedTemplate>(
  templates: readonly T[],
  filters: TemplateListFilters,
): T[] {
  const { search, status, category } = filters;
  return templates.filter(
    (template) =>
      (!status || status === TEMPLATE_FILTER_ALL || template.status === status) &&
      (!category || category === TEMPLATE_FILTER_ALL || template.category === category) &&
      templateMatchesSearch(
        { name: template.name, text: templateBodyText(template.components) },
        search ?? '',
      ),
  );
}

/**
 * 01 §2.7: a campaign offers only the channel's accepted templates, and not those whose body has example
 * values (a campaign sends one text to everyone, so it has nothing to put in the variables).
 */
export function offeredForCampaign(
  template: { status: string; channelId: number; components?: unknown },
  channelId: number,
): boolean {
  return (
    template.status === 'accepted' &&
    template.channelId === channelId &&
    templateBodyExamples(template.components).length === 0
  );
}

// ---------------------------------------------------------------------------------------------------------
// Delete guard (02 §4): what uses a template, as the combination key the product reports.

export const TEMPLATE_USAGE_KEYS = [
  'all',
  'followUp',
  'botFollowUp',
  'welcomeMessages',
  'followUpAndBot',
  'botFollowUpAndWelcome',
  'followUpAndwelcome',
] as const;
export type TemplateUsageKey = (typeof TEMPLATE_USAGE_KEYS)[number];

export interface TemplateUsageCounts {
  /** Scheduled follow-up messages that send the template. */
  followUps: number;
  /** Follow-up bot configs that send it. */
  botFollowUps: number;
  /** Welcome messages that send it. */
  welcomeMessages: number;
}

export interface TemplateUsageNames {
  /** Who the scheduled messages are for (contact names). */
  followUpContacts?: readonly string[];
  /** The follow-up bots' names. */
  bots?: readonly string[];
  /** The channels whose welcome message uses it. */
  welcomeChannels?: readonly string[];
}

const used = (n: number): boolean => Number.isFinite(n) && n > 0;

/** The 02 §4 combination key, or null when nothing uses the template and it may be deleted. */
export function templateUsageKey(counts: TemplateUsageCounts): TemplateUsageKey | null {
  const followUp = used(counts.followUps);
  const bot = used(counts.botFollowUps);
  const welcome = used(counts.welcomeMessages);
  if (followUp && bot && welcome) return 'all';
  if (followUp && bot) return 'followUpAndBot';
  if (bot && welcome) return 'botFollowUpAndWelcome';
  if (followUp && welcome) return 'followUpAndwelcome';
  if (followUp) return 'followUp';
  if (bot) return 'botFollowUp';
  if (welcome) return 'welcomeMessages';
  return null;
}

/** "a", "a y b", "a, b y c". */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

function distinctNames(names: readonly string[] | undefined): string[] {
  const seen: string[] = [];
  for (const name of names ?? []) {
    const trimmed = name.trim();
    if (trimmed !== '' && !seen.includes(trimmed)) seen.push(trimmed);
  }
  return seen;
}

const quoted = (names: readonly string[]): string => spanishList(names.map((name) => `"${name}"`));

/**
 * 02 §4: the delete refusal, naming the scheduled messages, bots and welcome messages that use the template;
 * null when nothing uses it.
 */
export function templateInUseMessage(
  counts: TemplateUsageCounts,
  names: TemplateUsageNames = {},
): string | null {
  const parts: string[] = [];
  let items = 0;
  if (used(counts.followUps)) {
    const n = counts.followUps;
    const contacts = distinctNames(names.followUpContacts);
    const what = n === 1 ? 'un mensaje programado' : `${n} mensajes programados`;
    parts.push(
      contacts.length > 0 ? `${n === 1 ? 'el mensaje programado' : what} para ${quoted(contacts)}` : what,
    );
    items += n;
  }
  if (used(counts.botFollowUps)) {
    const bots = distinctNames(names.bots);
    if (bots.length > 0) {
      parts.push(
        bots.length === 1
          ? `el bot de seguimiento ${quoted(bots)}`
          : `los bots de seguimiento ${quoted(bots)}`,
      );
      items += bots.length;
    } else {
      const n = counts.botFollowUps;
      parts.push(n === 1 ? 'un bot de seguimiento' : `${n} bots de seguimiento`);
      items += n;
    }
  }
  if (used(counts.welcomeMessages)) {
    const channels = distinctNames(names.welcomeChannels);
    const n = counts.welcomeMessages;
    if (channels.length > 0) {
      parts.push(
        channels.length === 1
          ? `el mensaje de bienvenida del canal ${quoted(channels)}`
          : `los mensajes de bienvenida de los canales ${quoted(channels)}`,
      );
      items += channels.length;
    } else {
      parts.push(n === 1 ? 'un mensaje de bienvenida' : `${n} mensajes de bienvenida`);
      items += n;
    }
  }
  if (parts.length === 0) return null;
  const verb = items === 1 ? 'la usa' : 'la usan';
  return `No se puede eliminar la plantilla porque ${verb} ${spanishList(parts)}.`;
}

// ---------------------------------------------------------------------------------------------------------
// The template as the API answers it: REST, the GraphQL WhatsappTemplate type and the real-time events.

// Issue 16: WhatsApp's language code when the company has none of its own.
export const DEFAULT_TEMPLATE_LANGUAGE = 'es_MX';

/**
 * The languages a company may choose for the templates it creates: codes from Meta's list of supported template
 * languages that matter to Spanish-speaking Latin America and its neighbours, each with its Spanish label.
 */
export const COMPANY_TEMPLATE_LANGUAGE_OPTIONS = [
  { value: 'es_MX', label: 'Español (México)' },
  { value: 'es_AR', label: 'Español (Argentina)' },
  { value: 'es_ES', label: 'Español (España)' },
  { value: 'es', label: 'Español' },
  { value: 'pt_BR', label: 'Portugués (Brasil)' },
  { value: 'en_US', label: 'Inglés (Estados Unidos)' },
  { value: 'en', label: 'Inglés' },
] as const;
export type CompanyTemplateLanguage = (typeof COMPANY_TEMPLATE_LANGUAGE_OPTIONS)[number]['value'];
export const COMPANY_TEMPLATE_LANGUAGES: readonly CompanyTemplateLanguage[] =
  COMPANY_TEMPLATE_LANGUAGE_OPTIONS.map((option) => option.value);

export function isCompanyTemplateLanguage(value: unknown): value is CompanyTemplateLanguage {
  // Stryker disable next-line ConditionalExpression: includes() finds no non-string in a list of strings; the typeof only narrows the type
  return typeof value === 'string' && (COMPANY_TEMPLATE_LANGUAGES as readonly string[]).includes(value);
}

/** A WhatsApp template language code: es, es_MX, pt_BR, zh_HK… */
export function isTemplateLanguage(value: unknown): value is string {
  return typeof value === 'string' && /^[a-z]{2,3}(_[A-Z]{2,4})?$/.test(value);
}

/** Our category for the provider's (MARKETING, UTILITY, AUTHENTICATION…): only marketing is marketing. */
export function templateCategoryFromProvider(raw: string | null | undefined): TemplateCategory {
  return (raw ?? '').trim().toUpperCase() === 'MARKETING' ? 'marketing' : 'utility';
}

export interface TemplateView {
  id: number;
  channelId: number;
  channel: { id: number; name: string; providerId: string } | null;
  name: string;
  language: string;
  status: TemplateStatus;
  /** The provider's last word (APPROVED, REJECTED, PAUSED…), null while only we know the template. */
  rawStatus: string | null;
  /** The provider's reason for a rejection or a pause, as it sent it. */
  reason: string | null;
  type: TemplateType;
  category: TemplateCategory;
  /** A media HEADER's example.header_handle[0] is our public URL of the file (for previews). */
  components: TemplateComponent[];
  variables: number;
  /** ISO 8601. */
  createdAt: string;
  /** Created in the product (counts toward the 02 §9 limit of 5) or imported from the provider by a sync. */
  origin: TemplateOrigin;
}

/** The `whatsappTemplateDeleted` event. */
export interface TemplateDeletedPayload {
  id: number;
  channelId: number;
}
