import {
  BROADCAST_STEPS,
  type BroadcastStep,
  broadcastStepNeedsChannel,
  campaignMediaKind,
  conjunctionFor,
  DEFAULT_TAG_COLOR,
  dailyLimitFromTier,
  instantOfWallTime,
  isBroadcastStep,
  isTagConjunction,
  TAG_COLORS,
  type TagConjunction,
  templateBodyExamples,
  templateBodyText,
} from '@crm/shared';
import type { AccountStatus, CampaignCreation } from './api/campaigns.rest';

// ---------------------------------------------------------------------------------------------------------
// The draft (01 §3 "Campaign creation draft"): what the wizard has chosen so far.

/** The chosen template, kept whole so the later steps (media, preview) work after a reload without the list. */
export interface CampaignTemplate {
  id: number;
  name: string;
  category: string;
  language: string;
  components: unknown;
}

/** The file uploaded to replace the template's header media (01 §3 newFileUrl). */
export interface CampaignMedia {
  url: string;
  name: string;
  mimeType: string;
  weight: number;
}

export interface CampaignDraft {
  channelId: number | null;
  type: 'TAG' | null;
  tagsIds: number[];
  conjunction: TagConjunction | null;
  template: CampaignTemplate | null;
  /** 'Sí, quiero cambiar el archivo' was chosen on selectMultimedia. */
  changeMedia: boolean;
  file: CampaignMedia | null;
  /** The date and time fields as picked, in the company's zone (YYYY-MM-DD and HH:mm). */
  sendDate: string | null;
  sendTime: string | null;
  /** The send moment, stored by selectDate's Continue (ISO 8601). */
  sendAt: string | null;
  /** Null until the user answers the createTag question. */
  shouldCreateTag: boolean | null;
  tagToCreate: { name: string; color: string };
  name: string;
}

export const EMPTY_CAMPAIGN_DRAFT: CampaignDraft = {
  channelId: null,
  type: null,
  tagsIds: [],
  conjunction: null,
  template: null,
  changeMedia: false,
  file: null,
  sendDate: null,
  sendTime: null,
  sendAt: null,
  shouldCreateTag: null,
  tagToCreate: { name: '', color: DEFAULT_TAG_COLOR },
  name: '',
};

/** A new draft on a channel: everything chosen for another channel (tags, template, file) no longer applies. */
export function draftForChannel(draft: CampaignDraft, channelId: number | null): CampaignDraft {
  if (draft.channelId === channelId) return draft;
  return { ...EMPTY_CAMPAIGN_DRAFT, channelId };
}

/** Ticking or unticking tags: union becomes the mode on a second tag, and one tag or none has no mode. */
export function withTags(draft: CampaignDraft, tagsIds: number[]): CampaignDraft {
  return { ...draft, tagsIds, conjunction: conjunctionFor(tagsIds.length, draft.conjunction) };
}

/** Choosing a template: a file picked for the previous one does not belong to this one. */
export function withTemplate(draft: CampaignDraft, template: CampaignTemplate): CampaignDraft {
  if (draft.template?.id === template.id) return { ...draft, template };
  return { ...draft, template, changeMedia: false, file: null };
}

// ---------------------------------------------------------------------------------------------------------
// Templates: header media and body.

export type HeaderMediaKind = 'image' | 'video' | 'document';

export interface HeaderMedia {
  kind: HeaderMediaKind;
  /** The template's own file (example.header_handle[0] is our URL of it), null when it has none stored. */
  url: string | null;
}

const FORMAT_KINDS: Readonly<Record<string, HeaderMediaKind>> = {
  IMAGE: 'image',
  VIDEO: 'video',
  DOCUMENT: 'document',
};

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The HEADER media of a template's components (image, video or document), or null for none or a text header. */
export function templateHeaderMedia(components: unknown): HeaderMedia | null {
  if (!Array.isArray(components)) return null;
  for (const item of components) {
    const component = asRecord(item);
    if (!component || String(component.type).toUpperCase() !== 'HEADER') continue;
    const kind = FORMAT_KINDS[String(component.format ?? '').toUpperCase()];
    if (!kind) return null;
    const handles = asRecord(component.example)?.header_handle;
    const first = Array.isArray(handles) ? handles[0] : undefined;
    return { kind, url: typeof first === 'string' && first !== '' ? first : null };
  }
  return null;
}

export function hasHeaderMedia(template: Pick<CampaignTemplate, 'components'> | null): boolean {
  return template !== null && templateHeaderMedia(template.components) !== null;
}

/** The media the campaign sends above the text: the new file, else the template's own. */
export function campaignMedia(draft: Pick<CampaignDraft, 'template' | 'file'>): HeaderMedia | null {
  const header = draft.template ? templateHeaderMedia(draft.template.components) : null;
  if (!header) return null;
  if (draft.file) return { kind: campaignMediaKind(draft.file.mimeType) ?? header.kind, url: draft.file.url };
  return header;
}

export function templateBody(template: Pick<CampaignTemplate, 'components'>): string {
  return templateBodyText(template.components);
}

export function templateExamples(template: Pick<CampaignTemplate, 'components'>): string[] {
  return templateBodyExamples(template.components);
}

/** 01 §2.7: a template option's text is cut at 80 characters. */
export const TEMPLATE_OPTION_MAX = 80;

export function cutOptionText(text: string, max: number = TEMPLATE_OPTION_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}

// ---------------------------------------------------------------------------------------------------------
// Steps.

export const BROADCAST_BASE = '/broadcast';
export const TABLE_PATH = '/broadcast/table';

export const stepPath = (step: BroadcastStep): string => `${BROADCAST_BASE}/${step}`;

export const analyticsPath = (campaignId: number): string =>
  `${stepPath('analytics')}?campaignId=${campaignId}`;

const stepIndex = (step: BroadcastStep): number => BROADCAST_STEPS.indexOf(step);

/**
 * Where a step sends the user when the draft lacks what the step needs: the table without a channel (01 §2.7),
 * else the first earlier step whose choice is missing. Null when the step can be shown.
 */
export function stepRedirect(step: BroadcastStep, draft: CampaignDraft): BroadcastStep | null {
  if (!broadcastStepNeedsChannel(step)) return null;
  if (draft.channelId === null) return 'table';
  const at = stepIndex(step);
  if (at > stepIndex('tags') && draft.tagsIds.length === 0) return 'tags';
  if (at > stepIndex('selectTemplate') && draft.template === null) return 'selectTemplate';
  if (step === 'selectMultimedia' && !hasHeaderMedia(draft.template)) return 'selectDate';
  if (at > stepIndex('selectDate') && draft.sendAt === null) return 'selectDate';
  return null;
}

export function asBroadcastStep(value: string | undefined): BroadcastStep | null {
  return isBroadcastStep(value) ? value : null;
}

// ---------------------------------------------------------------------------------------------------------
// Send moment, limit and the creation call.

/** The instant the picked wall-clock date and time are in the company's zone, as ISO 8601. */
export function sendAtOf(date: string, time: string, timeZone: string | undefined): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const wall = new Date(
    Number(day[1]),
    Number(day[2]) - 1,
    Number(day[3]),
    Number(clock[1]),
    Number(clock[2]),
    0,
    0,
  );
  return instantOfWallTime(wall, timeZone).toISOString();
}

// The campaigns table keeps the limit in a PostgreSQL integer; an unlimited tier sends its largest value.
const UNLIMITED_MESSAGE_LIMIT = 2_147_483_647;

/** Messages a day the number may send: the provider's answer, else the stored tier (01 §9). */
export function dailyLimitOf(status: Pick<AccountStatus, 'current_limit' | 'dailyLimit'> | null): number {
  if (!status) return dailyLimitFromTier(null);
  if (status.dailyLimit === null) return Number.POSITIVE_INFINITY;
  if (typeof status.dailyLimit === 'number' && Number.isFinite(status.dailyLimit)) return status.dailyLimit;
  return dailyLimitFromTier(status.current_limit);
}

export function messageLimitForCreation(limit: number): number {
  return Number.isFinite(limit) ? limit : UNLIMITED_MESSAGE_LIMIT;
}

/** 01 §7 POST /campaign from a complete draft; null while something it needs is missing. */
export function creationPayload(
  draft: CampaignDraft,
  extra: { totalCost: number; currentMessageLimit: number },
): CampaignCreation | null {
  if (draft.channelId === null || draft.template === null || draft.sendAt === null) return null;
  const shouldCreateTag = draft.shouldCreateTag === true;
  const header = templateHeaderMedia(draft.template.components);
  return {
    channelId: draft.channelId,
    type: 'TAG',
    tagsIds: [...draft.tagsIds],
    sendAt: draft.sendAt,
    shouldCreateTag,
    tagToCreate: shouldCreateTag
      ? { name: draft.tagToCreate.name.trim(), color: draft.tagToCreate.color }
      : null,
    name: draft.name.trim(),
    templateId: draft.template.id,
    // 01 §7: the new file's URL, else the template's header media.
    fileUrl: draft.file?.url ?? header?.url ?? null,
    currentMessageLimit: extra.currentMessageLimit,
    totalCost: extra.totalCost,
    conjunction: conjunctionFor(draft.tagsIds.length, draft.conjunction),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Kept across a reload: anything that does not read back as a draft starts over.

/** One draft per user and company (a user of two companies keeps them apart). */
export const draftStorageKey = (userId: number, companyId: number): string =>
  `campaignDraft:${userId}:${companyId}`;

const isString = (value: unknown): value is string => typeof value === 'string';
const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

function readTemplate(value: unknown): CampaignTemplate | null {
  const record = asRecord(value);
  if (!record || !isId(record.id) || !isString(record.name)) return null;
  return {
    id: record.id,
    name: record.name,
    category: isString(record.category) ? record.category : '',
    language: isString(record.language) ? record.language : '',
    components: Array.isArray(record.components) ? record.components : [],
  };
}

function readMedia(value: unknown): CampaignMedia | null {
  const record = asRecord(value);
  if (!record || !isString(record.url) || !isString(record.name) || !isString(record.mimeType)) return null;
  return {
    url: record.url,
    name: record.name,
    mimeType: record.mimeType,
    weight: typeof record.weight === 'number' ? record.weight : 0,
  };
}

export function parseCampaignDraft(json: string | null): CampaignDraft {
  if (!json) return EMPTY_CAMPAIGN_DRAFT;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return EMPTY_CAMPAIGN_DRAFT;
  }
  const record = asRecord(value);
  if (!record) return EMPTY_CAMPAIGN_DRAFT;
  const tagsIds = Array.isArray(record.tagsIds) ? [...new Set(record.tagsIds.filter(isId))] : [];
  const tag = asRecord(record.tagToCreate);
  const color = tag && isString(tag.color) && (TAG_COLORS as readonly string[]).includes(tag.color);
  const file = readMedia(record.file);
  return {
    channelId: isId(record.channelId) ? record.channelId : null,
    type: record.type === 'TAG' ? 'TAG' : null,
    tagsIds,
    conjunction: conjunctionFor(
      tagsIds.length,
      isTagConjunction(record.conjunction) ? record.conjunction : null,
    ),
    template: readTemplate(record.template),
    changeMedia: record.changeMedia === true || file !== null,
    file,
    sendDate: isString(record.sendDate) ? record.sendDate : null,
    sendTime: isString(record.sendTime) ? record.sendTime : null,
    sendAt: isString(record.sendAt) ? record.sendAt : null,
    shouldCreateTag: typeof record.shouldCreateTag === 'boolean' ? record.shouldCreateTag : null,
    tagToCreate: {
      name: tag && isString(tag.name) ? tag.name : '',
      color: color ? (tag.color as string) : DEFAULT_TAG_COLOR,
    },
    name: isString(record.name) ? record.name : '',
  };
}
