import { randomUUID } from 'node:crypto';
import { SANDBOX_FAILURE_MARK, SANDBOX_MESSAGES } from '@crm/shared';
import {
  type AccountStatus,
  type ChannelCredentials,
  type ChannelProvider,
  type FetchedMedia,
  type OutboundContent,
  type OutboundMessage,
  ProviderError,
  type SendResult,
  type WebhookEvent,
  WebhookParseError,
} from '../channel-provider';
import { SANDBOX_ACCOUNT_STATUS, sandboxAccountStatus } from './sandbox-account-status';
import { SandboxTemplates } from './sandbox-templates';

/**
 * The words a sent message shows the simulated customer, where #fallo is looked for. An interactive message is
 * accepted whole: the simulator shows its buttons or list from the stored message and taps them (issue 17).
 */
function textOf(content: OutboundContent): string {
  if (content.type === 'text') return content.text;
  if (content.type === 'interactive') return content.interactive.body;
  return '';
}

export interface SandboxAdapterOptions {
  /** Hands simulated provider events to the inbox after a delay, as a real provider's webhook would. */
  schedule: (events: WebhookEvent[], delayMs: number) => Promise<void>;
  /** Time between accepted, delivered and read. */
  delayMs: number;
  /** Time from a template's submission to its simulated review verdict. */
  templateDelayMs: number;
  /**
   * What every sandbox number reports as its messaging limit, quality and throughput (default: a healthy 1K-tier
   * number); marks in a channel's providerId override it for that channel (sandbox-account-status.ts).
   */
  accountStatus?: AccountStatus;
}

/**
 * ARCHITECTURE rule 10: a channel that needs no provider account. Messages sent to it are accepted, then
 * delivered, then read; a text containing #fallo is refused like a provider error. Contacts write in through
 * the customer simulator (/simulador), which feeds the inbox exactly like a webhook. Templates are reviewed
 * in-process (SandboxTemplates): approved after a delay, through the same path as a status webhook.
 */
export class SandboxAdapter implements ChannelProvider {
  readonly platform = 'sandbox' as const;
  readonly templates: SandboxTemplates;

  constructor(private readonly options: SandboxAdapterOptions) {
    this.templates = new SandboxTemplates({ schedule: options.schedule, delayMs: options.templateDelayMs });
  }

  async send(channel: ChannelCredentials, message: OutboundMessage): Promise<SendResult> {
    if (textOf(message.content).toLowerCase().includes(SANDBOX_FAILURE_MARK)) {
      throw new ProviderError(
        'SEND_MESSAGE_ERROR',
        false,
        SANDBOX_MESSAGES.simulatedFailure,
        'SANDBOX_FAILURE',
      );
    }
    const providerMessageId = `sandbox.${randomUUID()}`;
    const status = (status: 'delivered' | 'viewed'): WebhookEvent => ({
      kind: 'status',
      channelProviderId: channel.providerId,
      providerMessageId,
      status,
      timestamp: new Date(),
      recipient: message.to,
    });
    await this.options.schedule([status('delivered')], this.options.delayMs);
    await this.options.schedule([status('viewed')], this.options.delayMs * 2);
    return { providerMessageId };
  }

  /** A simulated sending state: the configured default, or what the channel's providerId marks ask for. */
  async accountStatus(channel: ChannelCredentials): Promise<AccountStatus> {
    return sandboxAccountStatus(channel.providerId, this.options.accountStatus ?? SANDBOX_ACCOUNT_STATUS);
  }

  verifyWebhook(): boolean {
    return false;
  }

  parseWebhook(): WebhookEvent[] {
    throw new WebhookParseError('The sandbox has no webhook: use the customer simulator');
  }

  /** The customer simulator writes text only: there is never a file to download. */
  async fetchMedia(): Promise<FetchedMedia> {
    throw new ProviderError('MEDIA_UNAVAILABLE', false, 'The sandbox channel has no files to download');
  }
}
