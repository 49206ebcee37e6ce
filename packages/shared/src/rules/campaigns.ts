// Issue 18 / 01 §2.7, §4, §5, §9: the business rules of broadcast campaigns, shared by the API (validation, the
// sender) and the web wizard so both refuse the same drafts with the same Spanish texts.
import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from '../company';
import { CAMPAIGN_CREATION_ERROR_MESSAGE, CAMPAIGN_DELETE_CONFIRMATION, userMessageFor } from '../errors';
import { BROADCAST_STEPS, type BroadcastStep, TAG_COLORS } from '../limits';
import { todayIn } from './dates';
import { dailyLimitFromTier } from './pricing';
import { TAG_CONJUNCTIONS, TAG_MESSAGES, type TagConjunction, tagNameError } from './tags';
import { VALIDATION_MESSAGES, validateCampaignMediaName } from './validation';

// The status labels and the conjunction list already live in company.ts and tags.ts; they are re-exported here so
// campaign code imports one module, and the index's `export *` sees the same bindings (no ambiguity).
export { CAMPAIGN_STATUS_LABELS, type CampaignStatus, TAG_CONJUNCTIONS, type TagConjunction };

// ---------------------------------------------------------------------------------------------------------
// Statuses (01 §4)

export const CAMPAIGN_STATUSES = ['SCHEDULED', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'ERROR'] as const;

export function isCampaignStatus(v: unknown): v is CampaignStatus {
  return typeof v === 'string' && (CAMPAIGN_STATUSES as readonly string[]).includes(v);
}

/** The Spanish label of a status; a status the product does not know shows as it came. */
export function campaignStatusLabel(status: string): string {
  return isCampaignStatus(status) ? CAMPAIGN_STATUS_LABELS[status] : status;
}

// ---------------------------------------------------------------------------------------------------------
// Audience: how the chosen tags combine (01 §2.7, §4)

export function isTagConjunction(v: unknown): v is TagConjunction {
  return typeof v === 'string' && (TAG_CONJUNCTIONS as readonly string[]).includes(v);
}

/** One tag (or none) has no mode; several default to union unless the user picked another. */
export function conjunctionFor(
  tagCount: number,
  chosen: TagConjunction | null | undefined,
): TagConjunction | null {
  if (tagCount <= 1) return null;
  return chosen ?? 'union';
}

/**
 * Whether a contact carrying `contactTagIds` is reached by a campaign on `chosen` tags. Same rule as
 * combineTagAudiences (rules/tags.ts), for one contact: a null mode with one tag means "has it".
 */
export function inAudience(
  contactTagIds: readonly number[],
  chosen: readonly number[],
  conjunction: TagConjunction | null,
): boolean {
  const selected = [...new Set(chosen)];
  if (selected.length === 0) return false;
  const held = new Set(contactTagIds);
  const count = selected.filter((id) => held.has(id)).length;
  const hasAny = count > 0;
  const hasAll = count === selected.length;
  if (conjunction === 'intersection') return hasAll;
  if (conjunction === 'difference') return hasAny && !hasAll;
  return hasAny;
}

/** 01 §2.7: the dialog shown when a second tag is ticked, in the spec's order. */
export const CONJUNCTION_LABELS: Record<TagConjunction, { label: string; description: string }> = {
  intersection: { label: 'Intersección', description: 'Contactos con todas las etiquetas' },
  difference: {
    label: 'Diferencia',
    description: 'Contactos con al menos una etiqueta pero no con todas',
  },
  union: { label: 'Unión', description: 'Todos los contactos con cualquiera de las etiquetas' },
};
export const CONJUNCTION_DIALOG_ORDER: readonly TagConjunction[] = ['intersection', 'difference', 'union'];

// ---------------------------------------------------------------------------------------------------------
// Recipients: pending → sending → sent | failed; `check` = outcome unknown after a crash; `skipped` = invalid
// number or campaign deleted before its turn.

export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'check', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export function isRecipientState(v: unknown): v is RecipientState {
  return typeof v === 'string' && (RECIPIENT_STATES as readonly string[]).includes(v);
}

// ---------------------------------------------------------------------------------------------------------
// Wizard (01 §2.7, §4 "Broadcast wizard order")

export interface BroadcastStepContext {
  /** The chosen template has header media (image, video or document). */
  hasHeaderMedia: boolean;
}

export function isBroadcastStep(v: unknown): v is BroadcastStep {
  return typeof v === 'string' && (BROADCAST_STEPS as readonly string[]).includes(v);
}

/** Where Continue leads; 'create' means the pricing step's confirmation creates the campaign. */
export function nextBroadcastStep(step: BroadcastStep, ctx: BroadcastStepContext): BroadcastStep | 'create' {
  switch (step) {
    case 'table':
      return 'type';
    case 'type':
      return 'tags';
    case 'tags':
      return 'selectTemplate';
    case 'selectTemplate':
      return ctx.hasHeaderMedia ? 'selectMultimedia' : 'selectDate';
    case 'selectMultimedia':
      return 'selectDate';
    case 'selectDate':
      return 'preview';
    case 'preview':
      return 'createTag';
    case 'createTag':
      return 'name';
    case 'name':
      return 'pricing';
    case 'pricing':
      return 'create';
    case 'analytics':
      return 'table';
  }
}

/** Where Back leads; the table and the results page go (back) to the table. */
export function previousBroadcastStep(step: BroadcastStep, ctx: BroadcastStepContext): BroadcastStep {
  switch (step) {
    case 'table':
    case 'analytics':
    case 'type':
      return 'table';
    case 'tags':
      return 'type';
    case 'selectTemplate':
      return 'tags';
    case 'selectMultimedia':
      return 'selectTemplate';
    case 'selectDate':
      return ctx.hasHeaderMedia ? 'selectMultimedia' : 'selectTemplate';
    case 'preview':
      return 'selectDate';
    case 'createTag':
      return 'preview';
    case 'name':
      return 'createTag';
    case 'pricing':
      return 'name';
  }
}

/** 01 §2.7: every step but table and analytics sends the user to the table when no channel is chosen. */
export function broadcastStepNeedsChannel(step: BroadcastStep): boolean {
  return step !== 'table' && step !== 'analytics';
}

export const BROADCAST_STEP_TITLES: Record<BroadcastStep, string> = {
  table: 'Campañas',
  type: 'Elige la audiencia',
  tags: 'Elige las etiquetas',
  selectTemplate: 'Elige una plantilla',
  selectMultimedia: 'Archivo multimedia',
  selectDate: 'Fecha y hora de envío',
  preview: 'Vista previa',
  createTag: 'Etiqueta de la campaña',
  name: 'Nombre de la campaña',
  pricing: 'Costo de la campaña',
  analytics: 'Resultados de la campaña',
};

// ---------------------------------------------------------------------------------------------------------
// Texts

export const CAMPAIGN_NAME_MAX = 120;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'El nombre de la campaña es obligatorio',
  channelNotFound: 'Elige un número de WhatsApp de tu empresa que envíe plantillas',
  // 01 §2.7 type: Excel and Audiencia are disabled; a campaign's audience is its tags (01 §7 type 'TAG').
  typeInvalid: 'Solo se pueden crear campañas por etiquetas',
  notPausable: 'Solo se puede pausar una campaña programada o en progreso',
  notResumable: 'Solo se puede reanudar una campaña pausada',
  nameTooLong: `El nombre de la campaña no debe exceder los ${CAMPAIGN_NAME_MAX} caracteres`,
  tagsRequired: 'Elige al menos una etiqueta',
  tagsInvalid: 'Alguna etiqueta no existe',
  conjunctionInvalid: 'Elige cómo combinar las etiquetas: intersección, diferencia o unión',
  templateRequired: 'Elige una plantilla',
  templateNotOffered: 'La plantilla debe estar aprobada y no tener valores de ejemplo en el cuerpo',
  sendAtRequired: 'Elige la fecha y la hora de envío',
  sendAtInvalid: 'La fecha de envío no es válida',
  sendAtPast: 'La fecha de envío no puede ser anterior a hoy',
  fileRequired: 'Elige un archivo',
  fileName: VALIDATION_MESSAGES.campaignMediaName,
  fileType: 'Solo se aceptan archivos JPG, PNG, PDF o MP4',
  // The same text as the TAG_NAME_EMPTY error the API answers with.
  tagNameEmpty: userMessageFor('TAG_NAME_EMPTY'),
  tagColorInvalid: TAG_MESSAGES.colorNotInPalette,
  dailyLimitTitle: 'Has sobrepasado el límite de envío diario de mensajes.',
  dailyLimitBody: 'Los mensajes restantes se enviarán en los días siguientes.',
  dailyLimitAccept: 'Entendido',
  deleteConfirm: CAMPAIGN_DELETE_CONFIRMATION,
  pending: 'Pendiente',
  created: '¡Has creado tu campaña con éxito!',
  creationFailed: CAMPAIGN_CREATION_ERROR_MESSAGE,
  chargeNote: 'Este monto se cobrará más adelante.',
  totalCost: 'Costo total',
  failedExplanation: 'Números inválidos o que no tienen WhatsApp',
  qualityTitle: 'Calidad de tu número',
  qualityWarn:
    'La calidad de tu número es Media: enviar campañas puede bajarla todavía más. ¿Quieres continuar?',
  qualityBlock: userMessageFor('CAMPAIGN_QUALITY_BLOCKED'),
  mediaQuestion: '¿Quieres cambiar el archivo multimedia de la plantilla?',
  mediaYes: 'Sí, quiero cambiar el archivo',
  mediaNo: 'No, ir al siguiente paso',
  backToTable: 'Volver a la tabla',
  export: 'Exportar',
  createCampaign: 'Crear campaña',
  chooseTags: 'Elegir etiquetas',
  searchTags: 'Buscar etiquetas...',
  searchTemplates: 'Buscar plantillas...',
  tagsIntro:
    'Una campaña envía un mensaje a muchas personas a la vez, usando una lista de contactos de Excel o los grupos que elijas.',
  conjunctionTitle: '¿Cómo quieres combinar las etiquetas?',
  audienceExcel: 'Archivo de Excel',
  audienceAudience: 'Audiencia',
  audienceTags: 'Etiqueta(s)',
  categoryAll: 'Todas',
  categoryMarketing: 'Marketing',
  categoryUtility: 'Utilidad',
  date: 'Fecha',
  time: 'Hora',
  createTagQuestion: '¿Quieres crear una etiqueta para los contactos de esta campaña?',
  createTagYes: 'Sí, crear etiqueta',
  createTagNo: 'No',
  tagName: 'Nombre de la etiqueta',
  tagColor: 'Color',
  campaignName: 'Nombre de la campaña',
  continue: 'Continuar',
  back: 'Regresar',
  save: 'Guardar',
  confirm: 'Crear campaña',
  delete: 'Eliminar',
  pause: 'Pausar',
  resume: 'Reanudar',
  qualityCard: 'Calidad',
  dailyLimitCard: 'Límite diario',
  columnName: 'Nombre',
  columnTags: 'Etiquetas',
  columnStatus: 'Estado',
  columnCreatedAt: 'Fecha de creación',
  columnLastSend: 'Último envío',
  columnRecipients: 'Destinatarios',
  empty: 'Aún no tienes campañas',
  statusSent: 'Enviados (sin recibir)',
  statusDelivered: 'Entregados (sin leer)',
  statusViewed: 'Leídos',
  statusFailed: 'Fallidos',
  statusPending: 'Pendientes',
  statusCheck: 'Por confirmar',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Draft validation (01 §5)

export interface CampaignDraftInput {
  name?: string | null;
  tagsIds?: readonly number[] | null;
  conjunction?: string | null;
  templateId?: number | null;
  sendAt?: string | null;
  shouldCreateTag?: boolean;
  tagToCreate?: { name?: string | null; color?: string | null } | null;
  fileUrl?: string | null;
}

export type CampaignDraftField = 'name' | 'tagsIds' | 'conjunction' | 'templateId' | 'sendAt' | 'tagToCreate';
export type CampaignDraftErrors = Partial<Record<CampaignDraftField, string>>;

// An ISO 8601 instant with its offset: a send moment without one would depend on the server's zone.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The send moment of a draft, or null when it is not an ISO timestamp with an offset. */
export function parseCampaignSendAt(raw: string | null | undefined): Date | null {
  if (typeof raw !== 'string' || !ISO_INSTANT.test(raw.trim())) return null;
  const date = new Date(raw.trim());
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * 01 §5 "Send date not before today": the calendar day of `sendAt` in the company's zone is today or later there.
 * An earlier hour of today is accepted (the campaign then goes out at once), as the date picker's minimum is today.
 */
export function sendAtNotBeforeToday(sendAt: Date, now: Date, timeZone: string): boolean {
  if (Number.isNaN(sendAt.getTime())) return false;
  return todayIn(timeZone, sendAt).getTime() >= todayIn(timeZone, now).getTime();
}

function isPositiveInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v > 0;
}

/** The draft's errors by field, in Spanish; an empty object when the draft can be created. */
export function validateCampaignDraft(
  draft: CampaignDraftInput,
  ctx: { now: Date; timeZone: string },
): CampaignDraftErrors {
  const errors: CampaignDraftErrors = {};

  const name = (draft.name ?? '').trim();
  if (name === '') errors.name = CAMPAIGN_MESSAGES.nameRequired;
  else if (name.length > CAMPAIGN_NAME_MAX) errors.name = CAMPAIGN_MESSAGES.nameTooLong;

  const tags = draft.tagsIds ?? [];
  if (tags.length === 0) errors.tagsIds = CAMPAIGN_MESSAGES.tagsRequired;
  else if (!tags.every(isPositiveInt)) errors.tagsIds = CAMPAIGN_MESSAGES.tagsInvalid;

  if (draft.conjunction !== null && draft.conjunction !== undefined && !isTagConjunction(draft.conjunction)) {
    errors.conjunction = CAMPAIGN_MESSAGES.conjunctionInvalid;
  }

  if (!isPositiveInt(draft.templateId)) errors.templateId = CAMPAIGN_MESSAGES.templateRequired;

  if (draft.sendAt === null || draft.sendAt === undefined || draft.sendAt.trim() === '') {
    errors.sendAt = CAMPAIGN_MESSAGES.sendAtRequired;
  } else {
    const sendAt = parseCampaignSendAt(draft.sendAt);
    if (sendAt === null) errors.sendAt = CAMPAIGN_MESSAGES.sendAtInvalid;
    else if (!sendAtNotBeforeToday(sendAt, ctx.now, ctx.timeZone))
      errors.sendAt = CAMPAIGN_MESSAGES.sendAtPast;
  }

  if (draft.shouldCreateTag === true) {
    const tagError = tagNameError(draft.tagToCreate?.name);
    const color = draft.tagToCreate?.color;
    if (tagError !== null) errors.tagToCreate = tagError;
    else if (!isTagColor(color)) errors.tagToCreate = CAMPAIGN_MESSAGES.tagColorInvalid;
  }

  return errors;
}

function isTagColor(v: unknown): boolean {
  return typeof v === 'string' && (TAG_COLORS as readonly string[]).includes(v);
}

// ---------------------------------------------------------------------------------------------------------
// Sending pace and daily allowance (01 §9)

/** Messages per second the sender uses when the provider does not say, and the most it ever uses. */
export const CAMPAIGN_RATE = { defaultPerSecond: 80, maxPerSecond: 1000 } as const;

/** A messages-per-second figure from the provider, made safe: whole, at least 1, at most the maximum. */
export function clampCampaignRate(n: unknown): number {
  const value = typeof n === 'string' && n.trim() !== '' ? Number(n) : n;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 1)
    return CAMPAIGN_RATE.defaultPerSecond;
  return Math.min(Math.floor(value), CAMPAIGN_RATE.maxPerSecond);
}

/** Messages still allowed in the rolling 24 hours for a tier; Infinity for an unlimited tier, never negative. */
export function dailyAllowance(tier: string | null | undefined, usedInLast24h: number): number {
  const limit = dailyLimitFromTier(tier);
  if (limit === Number.POSITIVE_INFINITY) return limit;
  const used = Number.isFinite(usedInLast24h) && usedInLast24h > 0 ? Math.floor(usedInLast24h) : 0;
  return Math.max(0, limit - used);
}

// ---------------------------------------------------------------------------------------------------------
// Campaign media (01 §5: JPG, PNG, PDF or MP4, recognised from the mime type)

export type CampaignMediaKind = 'image' | 'document' | 'video';

export const CAMPAIGN_MEDIA_TYPES: Readonly<Record<string, CampaignMediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'application/pdf': 'document',
  'video/mp4': 'video',
};

export function campaignMediaKind(mime: string): CampaignMediaKind | null {
  const base = (mime.split(';')[0] ?? '').trim().toLowerCase();
  return Object.hasOwn(CAMPAIGN_MEDIA_TYPES, base) ? (CAMPAIGN_MEDIA_TYPES[base] ?? null) : null;
}

/** The uploader's error for a chosen file: a name of at most 50 characters and one of the four types. */
export function campaignMediaError(file: { name: string | null | undefined; mime: string }): string | null {
  if (file.name === null || file.name === undefined || file.name === '')
    return CAMPAIGN_MESSAGES.fileRequired;
  if (validateCampaignMediaName(file.name) !== null) return CAMPAIGN_MESSAGES.fileName;
  return campaignMediaKind(file.mime) === null ? CAMPAIGN_MESSAGES.fileType : null;
}

// ---------------------------------------------------------------------------------------------------------
// Results (01 §2.7 analytics, §3 Campaign statistics, §7 the export)

/**
 * The results export (01 §7): sheet 'campaign statistics' with a title row, the campaign's name and date, a
 * 'Números' row, then the spec's columns Status, Successful, Failed, Received, Read in Spanish. Each column lists
 * the phones (names without canSeePhoneNumber) of one statistics list: Estado the sent ones not yet received,
 * Exitosos every one the provider accepted, Fallidos the failed, Recibidos delivered not yet read, Leídos read.
 */
export const CAMPAIGN_EXPORT_TEXTS = {
  sheetName: 'campaign statistics',
  title: 'Estadísticas de la campaña',
  numbers: 'Números',
  columns: {
    sent: 'Estado',
    successful: 'Exitosos',
    failed: 'Fallidos',
    delivered: 'Recibidos',
    viewed: 'Leídos',
  },
  fileName: (campaignId: number): string => `campana-${campaignId}.xlsx`,
} as const;

/** A failed recipient's reason when the provider gave no text (skipped, an outcome never known, none at all). */
export const CAMPAIGN_FAILED_REASON_TITLES = {
  SKIPPED: 'No enviado: número inválido o campaña eliminada antes de su turno',
  SEND_OUTCOME_UNKNOWN: 'No se pudo confirmar si el mensaje se envió',
  UNKNOWN: 'Error desconocido',
} as const;

export type CampaignFailedReasonCode = keyof typeof CAMPAIGN_FAILED_REASON_TITLES;

/** The title shown for a failure: the provider's own text, else the product's for its code. */
export function campaignFailedReasonTitle(code: string, title: string | null | undefined): string {
  const given = title?.trim();
  if (given) return given;
  return Object.hasOwn(CAMPAIGN_FAILED_REASON_TITLES, code)
    ? CAMPAIGN_FAILED_REASON_TITLES[code as CampaignFailedReasonCode]
    : CAMPAIGN_FAILED_REASON_TITLES.UNKNOWN;
}
