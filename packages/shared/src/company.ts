import {
  type CompanyTemplateLanguage,
  DEFAULT_TEMPLATE_LANGUAGE,
  isCompanyTemplateLanguage,
} from './templates';

// 01 §4: company statuses; values equal names because the API stores and sends them as strings.
export enum CompanyStatus {
  ACTIVE = 'ACTIVE',
  IN_REVIEW = 'IN_REVIEW',
  PAUSED = 'PAUSED',
  SIGNING_UP = 'SIGNING_UP',
  INACTIVE = 'INACTIVE',
  UPDATED = 'UPDATED',
  TRIAL = 'TRIAL',
  AWAITING_WA_VINCULATION = 'AWAITING_WA_VINCULATION',
  AWAITING_FIRST_PAYMENT = 'AWAITING_FIRST_PAYMENT',
  AWAITING_SUSCRIPTION_PAYMENT = 'AWAITING_SUSCRIPTION_PAYMENT',
  AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT = 'AWAITING_BILLABLE_EXTRA_MESSAGES_PAYMENT',
}

export const COMPANY_STATUSES: readonly CompanyStatus[] = Object.values(CompanyStatus);

// 01 §3: Plan is a numeric enum.
export enum Plan {
  INACTIVE = 0,
  ONE = 1,
  STARTER = 2,
  BASIC = 3,
  PLUS = 4,
  PRO = 5,
  SUPERPRO = 6,
  UNLIMITED = 7,
}

export const PLAN_PERIODS = ['3_MONTHS', '6_MONTHS', '1_YEAR', '2_YEARS'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];

export enum PaymentMethod {
  CARD = 'CARD',
  TRANSFER = 'TRANSFER',
}

// 01 §4: plan states; the card provider's cancel status is CANCELED.
export const PLAN_STATES = ['INACTIVE', 'PAUSED', 'UNLIMITED'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const PROVIDER_CANCELED_STATUS = 'CANCELED';

// 01 §4: channel status values.
export const CHANNEL_STATUSES = ['AUTHENTICATED', 'LOGGING'] as const;
export type ChannelStatus = (typeof CHANNEL_STATUSES)[number];

// 01 §4: campaign statuses and their Spanish labels.
export const CAMPAIGN_STATUS_LABELS = {
  ERROR: 'Error',
  FINISHED: 'Finalizada',
  IN_PROGRESS: 'En progreso',
  SCHEDULED: 'Programada',
  PAUSED: 'Pausada',
} as const;
export type CampaignStatus = keyof typeof CAMPAIGN_STATUS_LABELS;

// 01 §2.1: the first-payment route is given literally as /payment; /account holds the update-subscription view.
export const FIRST_PAYMENT_ROUTE = '/payment';
export const UPDATE_SUBSCRIPTION_ROUTE = '/account';
export const LINK_WHATSAPP_ROUTE = '/link-whatsapp';
export const HOME_ROUTE = '/chat';
export const FORBIDDEN_ROUTE = '/forbidden';
export const LOGIN_ROUTE = '/login';

// 01 §2.1: destination after login from the company status.
export function destinationAfterLogin(status: CompanyStatus | string | null | undefined): string {
  switch (status) {
    case CompanyStatus.AWAITING_FIRST_PAYMENT:
      return FIRST_PAYMENT_ROUTE;
    case CompanyStatus.AWAITING_WA_VINCULATION:
      return LINK_WHATSAPP_ROUTE;
    case CompanyStatus.PAUSED:
    case CompanyStatus.INACTIVE:
      return UPDATE_SUBSCRIPTION_ROUTE;
    default:
      return HOME_ROUTE;
  }
}

function stripPath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.length > 1 ? withoutQuery.replace(/\/+$/, '') : withoutQuery;
  return trimmed === '' ? '/' : trimmed;
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

// 01 §2.3 company-status forcing: returns where the user must go, or null to stay.
export function forcedRoute(
  status: CompanyStatus | string | null | undefined,
  currentPath: string,
): string | null {
  // Nothing is known before user data arrives (01 §2.3 shows a loader), so nothing is forced.
  if (status === null || status === undefined || status === '') return null;
  const path = stripPath(currentPath);
  if (status === CompanyStatus.INACTIVE || status === CompanyStatus.PAUSED) {
    return path === UPDATE_SUBSCRIPTION_ROUTE ? null : UPDATE_SUBSCRIPTION_ROUTE;
  }
  if (status === CompanyStatus.AWAITING_FIRST_PAYMENT) {
    // The user may be linking WhatsApp before paying, so that route is left alone.
    if (isUnder(path, LINK_WHATSAPP_ROUTE) || path === FIRST_PAYMENT_ROUTE) return null;
    return FIRST_PAYMENT_ROUTE;
  }
  if (path === FIRST_PAYMENT_ROUTE) return HOME_ROUTE;
  return null;
}

// 01 §2.1: a second-factor login goes to /qr-code until the factor is verified.
export function secondFactorDestination(factorStatus: 'unverified' | 'verified'): '/qr-code' | '/two-factor' {
  return factorStatus === 'unverified' ? '/qr-code' : '/two-factor';
}

/** 02 §3 "Company settings": what admins switch on for the whole team. */
export interface CompanySettings {
  isWelcomeMessageActive: boolean;
  isAgentNameInMessageActive: boolean;
  canUnarchiveConversations: boolean;
  canReturnInboxConversation: boolean;
  isBotAutoAssignActive: boolean;
  isBotAutoAssignActiveAfterDay: boolean;
  isBotActiveAfterDay: boolean;
  forceActiveAgentsReassignation: boolean;
  automaticAssignment: boolean;
  showClientCloseOption: boolean;
  sentClientSurveyByDefault: boolean;
  archiveClosedClientByDefault: boolean;
  isShowActiveAgents: boolean;
  includeAdsTags: boolean;
  isShowGroupsAtReassign: boolean;
  /** Issue 16: the language a template is submitted in when its creation names none. */
  templateLanguage: CompanyTemplateLanguage;
  /** Issue 17 'disable-bot-tags': the menu bot never answers a conversation carrying one of these tags. */
  disableBotTagIds: number[];
}

/**
 * Issue 17: the settings of the company's bots — what a user with writeBot (not writeCompany) may change from the
 * Chatbot tab or /bot; every other setting stays writeCompany's.
 */
export const BOT_SETTING_KEYS = [
  'isBotAutoAssignActive',
  'isBotAutoAssignActiveAfterDay',
  'isBotActiveAfterDay',
  'isWelcomeMessageActive',
  'sentClientSurveyByDefault',
  'disableBotTagIds',
] as const satisfies ReadonlyArray<keyof CompanySettings>;

/** The settings a change touches that are not the bots' (a writeBot-only user is refused those). */
export function nonBotSettingKeys(change: object): string[] {
  const bot: readonly string[] = BOT_SETTING_KEYS;
  return Object.entries(change)
    .filter(([key, value]) => value !== undefined && value !== null && !bot.includes(key))
    .map(([key]) => key);
}

export const DEFAULT_COMPANY_SETTINGS: Readonly<CompanySettings> = {
  isWelcomeMessageActive: false,
  isAgentNameInMessageActive: false,
  canUnarchiveConversations: true,
  canReturnInboxConversation: true,
  isBotAutoAssignActive: false,
  isBotAutoAssignActiveAfterDay: false,
  isBotActiveAfterDay: false,
  forceActiveAgentsReassignation: false,
  automaticAssignment: false,
  showClientCloseOption: true,
  sentClientSurveyByDefault: false,
  archiveClosedClientByDefault: false,
  isShowActiveAgents: false,
  includeAdsTags: false,
  isShowGroupsAtReassign: false,
  templateLanguage: DEFAULT_TEMPLATE_LANGUAGE,
  disableBotTagIds: [],
};

/** Stored settings over the defaults: a setting added later reads as its default for older companies. */
export function companySettings(stored: Partial<CompanySettings> | null | undefined): CompanySettings {
  const settings = { ...DEFAULT_COMPANY_SETTINGS, ...(stored ?? {}) };
  // A language no longer offered reads as the default rather than reaching the provider.
  if (!isCompanyTemplateLanguage(settings.templateLanguage)) {
    settings.templateLanguage = DEFAULT_COMPANY_SETTINGS.templateLanguage;
  }
  settings.disableBotTagIds = Array.isArray(settings.disableBotTagIds)
    ? settings.disableBotTagIds.filter((id) => Number.isSafeInteger(id) && id > 0)
    : [];
  return settings;
}

/** The tag added to a conversation whenever it is reassigned (02 §4); predefined, so never edited or deleted. */
export const REASSIGNED_TAG_NAME = 'Reasignada';

/** Quick-answer placeholders filled when an agent inserts the answer (02 §3 "Quick answer"). */
export const QUICK_ANSWER_PLACEHOLDERS = {
  leadName: '{{nombre_cliente}}',
  agentName: '{{nombre_agente}}',
} as const;

export function fillQuickAnswer(text: string, values: { leadName: string; agentName: string }): string {
  return text
    .split(QUICK_ANSWER_PLACEHOLDERS.leadName)
    .join(values.leadName)
    .split(QUICK_ANSWER_PLACEHOLDERS.agentName)
    .join(values.agentName);
}
