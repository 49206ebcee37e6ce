import type { ReportFrequency } from '@crm/shared';
import type {
  ChannelPlatform,
  InboundStatusEvent,
  TemplateStatusEvent,
  WebhookEvent,
} from '../providers/channels/channel-provider';

/** What a value becomes through a job's JSON payload: dates turn into ISO strings. */
export type AsJson<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? AsJson<U>[]
    : T extends object
      ? { [K in keyof T]: AsJson<T[K]> }
      : T;

/**
 * Every durable job: its name (Graphile Worker's task identifier) and the payload it carries. The one place a job
 * is declared; `JobQueueService.enqueue` and `register` are typed by it, and the application refuses to start
 * while a name here has no handler.
 */
export interface JobPayloads {
  /** Sends one outbound message through its channel's adapter (at most once to the provider). */
  'send-message': { messageId: number };
  /** Downloads one received message's file into our storage. */
  'inbound-media': { messageId: number };
  /** The sandbox's simulated provider events, handed to the inbox after a delay as a webhook would. */
  'sandbox-events': { events: AsJson<WebhookEvent>[] };
  /** A status for a message whose provider id is not recorded yet (02 §4), tried again shortly. */
  'message-status-retry': AsJson<InboundStatusEvent> & { platform: ChannelPlatform };
  /** A template status for a template not stored yet (its creation still committing), tried again shortly. */
  'template-status-retry': AsJson<TemplateStatusEvent> & { platform: ChannelPlatform };
  /** Reads one channel's templates from its provider: imports new ones, reconciles statuses. */
  'templates-sync': { channelId: number };
  /** Graphile's daily cron tick: one templates-sync per channel that has templates. */
  'templates-sync-daily': { _cron?: { ts: string; backfilled?: boolean } };
  /**
   * Issue 17: what automation does with one stored customer message (follow-up bots cancelled, a survey answered,
   * the welcome message, the menu chatbot), once per message (keyed by its id), in the conversation's order.
   */
  'automation-inbound': { messageId: number; clientId: number; newClient: boolean };
  /**
   * Issue 17: sends one scheduled follow-up at its time (run_at = sendAt), keyed by follow-up and time: an edit to
   * another time is a new job, and the old one, finding sendAt changed, does nothing.
   */
  'follow-up-send': { followUpId: number; sendAt: string };
  /** Issue 17: fires one follow-up bot of a conversation at its nextDate, keyed by message bot and nextDate. */
  'message-bot-fire': { messageBotId: number; nextDate: string };
  /**
   * Issue 17, Graphile's cron every minute: enqueues the two jobs above for every follow-up and follow-up bot due
   * within the next minutes (their keys make it idempotent), for rows whose job was lost or never made (seeds).
   */
  'automation-sweep': { _cron?: { ts: string; backfilled?: boolean } };
  /** Issue 18: a campaign's sendAt came: its audience is computed and it starts (keyed by campaign). */
  'campaign-start': { campaignId: number };
  /**
   * Issue 18: sends the pending recipients of a number's running campaigns for a while, within its rate and daily
   * tier, then queues itself again while work remains (one waiting job per number and slot: Graphile's job key).
   */
  'campaign-dispatch': { channelId: number; slot: number };
  /** Issue 18, Graphile's cron every minute: dispatch for every number with running campaigns (lost wake-ups). */
  'campaign-sweep': { _cron?: { ts: string; backfilled?: boolean } };
  /** Issue 19, Graphile's cron every five minutes: trials ended without a subscription await the first payment. */
  'trial-expiry': { _cron?: { ts: string; backfilled?: boolean } };
  /** Issue 20, Graphile's cron every hour: one report-email per active recipient whose period just ended. */
  'report-digest': { _cron?: { ts: string; backfilled?: boolean } };
  /** Issue 20: mails one recipient's statistics of one period (singleton key: recipient and period). */
  'report-email': {
    recipientId: number;
    frequency: ReportFrequency;
    start: string;
    end: string;
    previousStart: string;
    firstDay: string;
    lastDay: string;
  };
}

export type JobName = keyof JobPayloads;

// A record, so that adding a job to JobPayloads without listing it here (or the reverse) fails to compile.
const DECLARED: Record<JobName, true> = {
  'send-message': true,
  'inbound-media': true,
  'sandbox-events': true,
  'message-status-retry': true,
  'template-status-retry': true,
  'templates-sync': true,
  'templates-sync-daily': true,
  'automation-inbound': true,
  'follow-up-send': true,
  'message-bot-fire': true,
  'automation-sweep': true,
  'campaign-start': true,
  'campaign-dispatch': true,
  'campaign-sweep': true,
  'trial-expiry': true,
  'report-digest': true,
  'report-email': true,
};

/** The declared job names, at run time: each must have a handler when the worker starts. */
export const JOB_NAMES = Object.keys(DECLARED) as JobName[];
