import type { Executor } from '../../database/kysely';
import type { ChannelRow } from '../channels/channels.repository';
import type { AutomatedContent, AutomationKind } from './automated-send.service';
import type { MessageRow } from './messages.repository';

/**
 * One customer message as automation handles it (issue 17), inside one transaction that holds the conversation's
 * lock: what each step changes and sends commits together, once, or not at all (the job is then retried).
 */
export interface InboundAutomationContext {
  trx: Executor;
  channel: ChannelRow;
  /** The customer's message. */
  message: MessageRow;
  /** The message opened a new conversation. */
  newClient: boolean;
  /** Sends as the bot in this transaction; published to the inbox after the commit. */
  send(content: AutomatedContent, kind: AutomationKind): Promise<MessageRow>;
  /** Work to do once the transaction has committed (real-time events). */
  afterCommit(work: () => Promise<void>): void;
}

/** One part of automation: 'stop' when the message was fully handled (e.g. a survey answer feeds no bot). */
export interface InboundAutomationStep {
  onCustomerMessage(ctx: InboundAutomationContext): Promise<'continue' | 'stop'>;
}
