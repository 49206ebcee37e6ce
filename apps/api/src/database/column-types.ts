/**
 * The TypeScript shapes of columns PostgreSQL only knows as `jsonb` or `varchar`: the schema-type generator
 * (schema-codegen.ts) maps those columns to these types, so every repository reads them typed without casts.
 * Shapes shared with the web live in @crm/shared and are mapped from there.
 */
export type TwoFactorStatus = 'none' | 'unverified' | 'verified';

export type FollowUpStatus = 'scheduled' | 'sent' | 'failed' | 'cancelled';

export interface FollowUpFile {
  url: string;
  name: string | null;
  fileType: string;
  mimeType: string | null;
  weight: number | null;
}

export type TemplateStatus = 'submitted' | 'accepted' | 'denied';

/** Issue 16: created through the product (counts against the 02 §9 limit) or imported from the provider. */
export type TemplateOrigin = 'created' | 'imported';

export interface TemplateComponent {
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS';
  format?: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT';
  text?: string;
  example?: { body_text?: string[][]; header_handle?: string[]; header_text?: string[] };
}

export type MessageSender = 'CLIENT' | 'AGENT' | 'BOT' | 'SYSTEM';

/** Issue 17: a conversation's bot is talking, or has finished (handed over, ended, stopped by an agent). */
export type BotSessionStatus = 'active' | 'finished';

export interface SurveyOption {
  id: number;
  text: string;
  value: number;
  index: number;
  endText: string;
}

export interface QuickAnswerFile {
  url: string;
  name: string | null;
  fileType: string;
  weight: number | null;
  key?: string;
  mimeType?: string;
}

export type JsonRecord = Record<string, unknown>;

/** Issue 18: a campaign's status (01 §4), and what happened to one of its recipients. */
export type CampaignStatus = 'SCHEDULED' | 'IN_PROGRESS' | 'PAUSED' | 'FINISHED' | 'ERROR';
export type RecipientState = 'pending' | 'sending' | 'sent' | 'failed' | 'check' | 'skipped';

/** The template a campaign sends, as it was when the campaign was created (it may change or go later). */
export interface CampaignTemplate {
  name: string;
  language: string;
  category: string;
  components: TemplateComponent[];
}
