import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueueService } from '../../jobs/job-queue.service';
import type {
  ChannelPlatform,
  ChannelProvider,
  WebhookEvent,
  WebhookRequest,
} from '../../providers/channels/channel-provider';
import { Dialog360Adapter } from '../../providers/channels/dialog360/dialog360.adapter';
import { MessengerAdapter } from '../../providers/channels/messenger/messenger.adapter';
import { SandboxAdapter } from '../../providers/channels/sandbox/sandbox.adapter';
import { SmsAdapter } from '../../providers/channels/sms/sms.adapter';
import { WhatsappCloudAdapter } from '../../providers/channels/whatsapp-cloud/whatsapp-cloud.adapter';
import { ChannelsService } from './channels.service';

export const SANDBOX_EVENTS_QUEUE = 'sandbox-events';

/** The one place that maps a channel's platform to its adapter; nothing else switches on the provider. */
@Injectable()
export class ChannelRegistry {
  private readonly adapters: Map<ChannelPlatform, ChannelProvider>;
  // Twilio signs with each number's own account token: looked up before the (synchronous) verification.
  private readonly smsTokens = new Map<string, string>();

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    jobs: JobQueueService,
    private readonly channels: ChannelsService,
  ) {
    const schedule = async (events: WebhookEvent[], delayMs: number) => {
      await jobs.enqueue(
        SANDBOX_EVENTS_QUEUE,
        { events: JSON.parse(JSON.stringify(events)) },
        { runAt: new Date(Date.now() + delayMs) },
      );
    };
    const list: ChannelProvider[] = [
      new WhatsappCloudAdapter({ graphUrl: config.whatsappGraphUrl, appSecret: config.whatsappAppSecret }),
      new Dialog360Adapter({ baseUrl: config.dialog360Url, webhookToken: config.dialog360WebhookToken }),
      new MessengerAdapter({ graphUrl: config.messengerGraphUrl, appSecret: config.messengerAppSecret }),
      new SmsAdapter({
        apiUrl: config.smsApiUrl,
        authTokenFor: (number) => this.smsTokens.get(number) ?? null,
        statusCallbackUrl: `${config.appUrl}/webhooks/sms`,
      }),
      new SandboxAdapter({ schedule, delayMs: config.sandboxDelayMs }),
    ];
    this.adapters = new Map(list.map((a) => [a.platform, a]));
  }

  get(platform: ChannelPlatform): ChannelProvider {
    const adapter = this.adapters.get(platform);
    if (!adapter) throw new Error(`No adapter for platform ${platform}`);
    return adapter;
  }

  /** Loads what an adapter needs to verify this webhook (SMS: the named number's auth token). */
  async prepareWebhook(platform: ChannelPlatform, request: WebhookRequest): Promise<void> {
    if (platform !== 'sms') return;
    const number = SmsAdapter.channelNumber(request);
    if (!number) return;
    const channel = await this.channels.findByProviderId('sms', number);
    const token = channel ? this.channels.credentials(channel).accessToken.split(':')[1] : undefined;
    if (token) this.smsTokens.set(number, token);
    else this.smsTokens.delete(number);
  }
}
