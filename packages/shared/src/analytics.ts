/**
 * Statistics (01 §2.8, §3 Statistics response, §5, §9): the shapes the API answers and the web shows, and every
 * definition the figures follow. The definitions are written once, here and in packages/shared/docs/analytics.md;
 * the SQL of apps/api/src/modules/analytics computes them and its tests check it against hand-computed fixtures.
 *
 * A *conversation* (what the cards count) is a service session of one contact on one channel: it opens with a
 * customer message that arrives when the contact's previous customer message is 24 hours old or more (or there is
 * none) — WhatsApp's customer-service window, the "conversation" users know from WhatsApp's billing — and takes
 * every message, either side, until the next one opens. It belongs to the day (company time zone) it opened on.
 * Messages the business sends while no session of the contact exists (a campaign, a template to a new contact)
 * open nothing: they are not customer conversations.
 */
import { ANALYTICS_DEFAULT_RANGE_DAYS, ANALYTICS_RANGE_OVERRIDES_DAYS, ANALYTICS_ROW_CAP } from './limits';

/** One session's length of silence from the customer that opens a new one. */
export const ANALYTICS_SESSION_GAP_HOURS = 24;

/** The figures of one period, for the cards and for the previous period they are compared with. */
export interface AnalyticsFigures {
  /** Conversaciones: sessions opened in the period. */
  total: number;
  /** Conversaciones Activas: sessions of the period whose window is still open at the period's end (or now, if
   * the period ends later): the customer wrote less than 24 hours before it. */
  totalActive: number;
  /** WhatsApps / Facebook Messenger / SMS: sessions of the period per channel platform family. */
  whatsapp: number;
  messenger: number;
  sms: number;
  /** Campañas de anuncios: sessions opened by a message that came from an ad (the message carries a referral). */
  totalFromAds: number;
  /** Chats respondidos: sessions in which the business answered (an agent or the bot; not an automatic
   * welcome/away message, not a survey) after the opening message. */
  totalAnswered: number;
  /** Chats sin responder: total − totalAnswered. */
  totalUnanswered: number;
  /** Every message of the period's sessions' time span: customer messages received in the period. */
  totalMessages: number;
  /** Horario con más mensajes: the hour of day (0–23, company time zone) with the most customer messages in the
   * period; null with no message. */
  timeWithMoreMessages: number | null;
  /** Average minutes from the session's opening message to the first agent (human) reply, over sessions an agent
   * answered; null when none was. */
  responseMinutes: number | null;
  /** The bot cards; null when the company uses no bot (no chatbot menu, no message bot, no bot message). */
  botStats: AnalyticsBotStats | null;
}

export interface AnalyticsBotStats {
  /** Conversaciones con el bot: sessions in which the bot sent a message. */
  botConversations: number;
  /** Resueltas por el bot: sessions the bot answered and no agent did. */
  botOnly: number;
  /** Transferidas a un agente: sessions the bot answered and then an agent answered too. */
  handedOver: number;
}

/**
 * The agent table (01 §2.8). A session's agent is the contact's assigned agent while the session runs (the last
 * assignment made during it); a session nobody was assigned to belongs to the agent who answered it first; a
 * session without either has no agent and appears in no row.
 */
export interface AnalyticsAgentRow {
  agentId: number;
  name: string;
  /** Sessions of the agent. */
  total: number;
  /** Sessions of the agent answered by an agent (human). */
  answered: number;
  unanswered: number;
  /** Average first human response in minutes (one decimal); null with none answered. */
  responseMinutes: number | null;
  /** Average survey answer value of the agent's sessions (one decimal); null with no answer. */
  rating: number | null;
  ratingsCount: number;
  /** Messages the agent sent in the period (the Agentes sheet's 'Mensajes'). */
  messages: number;
  /** Extra columns (shown for companies using bots): minutes from the assignment (or the opening, if assigned
   * before) to the first human reply; sessions of the agent the bot answered; average session duration in hours
   * (first to last message). */
  responseAfterAssignmentMinutes: number | null;
  botAnswered: number;
  avgDurationHours: number | null;
}

/** One row of the Clientes sheet and the dashboard's list: a session of the period. */
export interface AnalyticsClientRow {
  clientId: number;
  name: string;
  /** Only with canSeePhoneNumber; null otherwise. */
  phone: string | null;
  channelId: number;
  channelName: string;
  platform: string;
  agentName: string | null;
  startedAt: string;
  lastMessageAt: string;
  answered: boolean;
  answeredBy: 'AGENT' | 'BOT' | null;
  responseMinutes: number | null;
  fromAd: boolean;
  messages: number;
  rating: number | null;
}

export interface AnalyticsDay {
  /** YYYY-MM-DD in the company's time zone. */
  date: string;
  conversations: number;
  answered: number;
}

export interface AnalyticsHeatCell {
  /** 0 = Monday … 6 = Sunday (company time zone). */
  weekday: number;
  hour: number;
  messages: number;
}

export interface AnalyticsChannelCount {
  channelId: number;
  name: string;
  platform: string;
  conversations: number;
}

export const RESPONSE_TIME_BUCKETS = [
  { key: 'lt1m', label: 'Menos de 1 min', maxMinutes: 1 },
  { key: '1to5m', label: '1 a 5 min', maxMinutes: 5 },
  { key: '5to15m', label: '5 a 15 min', maxMinutes: 15 },
  { key: '15to60m', label: '15 a 60 min', maxMinutes: 60 },
  { key: '1to4h', label: '1 a 4 horas', maxMinutes: 240 },
  { key: 'gt4h', label: 'Más de 4 horas', maxMinutes: Number.POSITIVE_INFINITY },
] as const;

export type ResponseTimeBucketKey = (typeof RESPONSE_TIME_BUCKETS)[number]['key'];

/** The bucket of a first human response time: each bucket holds times below its bound and at or above the
 * previous one. */
export function responseTimeBucket(minutes: number): ResponseTimeBucketKey {
  for (const bucket of RESPONSE_TIME_BUCKETS) if (minutes < bucket.maxMinutes) return bucket.key;
  return 'gt4h';
}

export interface AnalyticsResponse extends AnalyticsFigures {
  range: { startDate: string; endDate: string; timezone: string; days: number };
  /** The same figures for the period of the same length just before. */
  previous: AnalyticsFigures;
  /** 'company' for admin and superadmin; 'agent' for everyone else, whose figures are their own sessions only. */
  scope: 'company' | 'agent';
  usesBots: boolean;
  agents: AnalyticsAgentRow[];
  /** At most rowCap rows (newest first); rowCapExceeded when the period holds more. */
  clients: AnalyticsClientRow[];
  clientsTotal: number;
  rowCap: number;
  rowCapExceeded: boolean;
  perDay: AnalyticsDay[];
  heatmap: AnalyticsHeatCell[];
  byChannel: AnalyticsChannelCount[];
  responseTimes: { key: ResponseTimeBucketKey; count: number }[];
}

/** POST /api/analytics body. Dates are UTC ISO instants: startDate inclusive, endDate exclusive or inclusive (the
 * end of the last day). channelsIds empty = every channel the user may see. */
export interface AnalyticsRequest {
  startDate: string;
  endDate: string;
  channelsIds: number[];
}

/** A company's range limit in days (01 §5/§9): its override when it has one of the allowed values, else 15. */
export function analyticsRangeLimit(override: number | null | undefined): number {
  if (override && (ANALYTICS_RANGE_OVERRIDES_DAYS as readonly number[]).includes(override)) return override;
  return ANALYTICS_DEFAULT_RANGE_DAYS;
}

/** The row cap of the client list and export: 500, or none for a company with an extended limit. */
export function analyticsRowCap(extended: boolean): number | null {
  return extended ? null : ANALYTICS_ROW_CAP;
}

export function analyticsRangeTooLongMessage(maxDays: number): string {
  return `El rango de fechas no puede superar ${maxDays} días.`;
}

/** Change against the previous period in percent (one decimal); null when the previous value is 0. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** 'Horario con más mensajes' as shown: '14:00 - 15:00'. */
export function hourRangeLabel(hour: number | null): string {
  if (hour === null) return 'Sin mensajes';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(hour)}:00 - ${pad((hour + 1) % 24)}:00`;
}

/** Agent button text (01 §2.8). */
export function agentsButtonLabel(roleName: string | null | undefined): string {
  return roleName === 'admin' || roleName === 'superadmin' ? 'Agentes' : 'Agente';
}

/** Whether the user sees the company's figures ('company') or only their own ('agent'). */
export function analyticsScope(roleName: string | null | undefined): 'company' | 'agent' {
  return roleName === 'admin' || roleName === 'superadmin' ? 'company' : 'agent';
}

/** Export file names (01 §7): {product}.xlsx with sheets Clientes and Agentes, and the bot report. */
export const PRODUCT_NAME = 'Charla CRM';
export const ANALYTICS_EXPORT_FILE_NAME = `${PRODUCT_NAME}.xlsx`;
export const ANALYTICS_EXPORT_SHEETS = { clients: 'Clientes', agents: 'Agentes' } as const;
export const BOT_REPORT_FILE_NAME = 'reporteBot.xlsx';

/** Report e-mail recipients (01 §3). */
export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  DAILY: 'Diario',
  WEEKLY: 'Semanal',
  MONTHLY: 'Mensual',
};

export interface ReportRecipient {
  id: number;
  name: string;
  frequency: ReportFrequency;
  email: string;
  isActive: boolean;
  company: number;
}

/** /panel (readCompany): the company at a glance, from the same figures. */
export interface PanelOverview {
  today: AnalyticsFigures;
  /** Open sessions (window open) nobody has answered yet, now. */
  unansweredNow: number;
  agentsAvailable: number;
  agentsTotal: number;
  plan: {
    name: string;
    /** Sessions opened in the current billing period (since the subscription's period start, else the calendar
     * month in the company's time zone). */
    conversationsUsed: number;
    conversationsLimit: number | null;
    seatsUsed: number;
    seatsLimit: number | null;
    periodStart: string;
  };
}

/** The range refusals' texts (01 §5), on the field at fault. */
export const ANALYTICS_MESSAGES = {
  invalidDate: 'Fecha inválida',
  endBeforeStart: 'La fecha final debe ser posterior a la fecha inicial.',
  endAfterToday: 'La fecha final no puede ser posterior a hoy.',
} as const;

/** The columns of the {product}.xlsx export (01 §7): Clientes (phone only with canSeePhoneNumber) and Agentes. */
export const ANALYTICS_EXPORT_COLUMNS = {
  clients: {
    name: 'Nombre',
    phone: 'Teléfono',
    channel: 'Canal',
    agent: 'Agente',
    startedAt: 'Inicio',
    lastMessageAt: 'Último mensaje',
    answered: 'Respondido',
    answeredBy: 'Respondido por',
    responseMinutes: 'Tiempo de respuesta (min)',
    fromAd: 'Desde anuncio',
    messages: 'Mensajes',
    rating: 'Calificación',
  },
  agents: {
    name: 'Nombre',
    messages: 'Mensajes',
    chats: 'Chats',
    responseAfterAssignment: 'Tiempo después de asignación (min)',
    botAnswered: 'Chats respondidos por el bot',
    avgDuration: 'Tiempo promedio de atención (hrs)',
  },
  yes: 'Sí',
  no: 'No',
  answeredBy: { AGENT: 'Agente', BOT: 'Bot' },
} as const;

/** The reporteBot.xlsx sheet and its columns: the rows of GET /botFlow/clienInfo (01 §3 Bot custom field). */
export const BOT_REPORT_SHEET = 'Reporte';
export const BOT_REPORT_COLUMNS = {
  flowId: 'Flujo',
  fieldName: 'Campo',
  value: 'Valor',
  createdAtClient: 'Fecha',
  senderId: 'Contacto',
  clientId: 'Conversación',
} as const;
