import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueueService } from '../../jobs/job-queue.service';
import type {
  ChannelPlatform,
  ChannelProvider,
  WebhookEvent,
} from '../../providers/channels/channel-provider';
import { SandboxAdapter } from '../../providers/channels/sandbox/sandbox.adapter';
import { WhatsappCloudAdapter } from '../../providers/channels/whatsapp-cloud/whatsapp-cloud.adapter';

export const SANDBOX_EVENTS_QUEUE = 'sandbox-events';

/** The one place that maps a channel's platform to its adapter; nothing else switches on the provider. */
@Injectable()
export class ChannelRegistry {
  private readonly adapters: Map<ChannelPlatform, ChannelProvider>;

  constructor(@Inject(APP_CONFIG) config: AppConfig, jobs: JobQueueService) {
    const schedule = async (events: WebhookEvent[], delayMs: number) => {
      await jobs.enqueue(
        SANDBOX_EVENTS_QUEUE,
        { events: JSON.parse(JSON.stringify(events)) },
        {
          runAt: new Date(Date.now() + delayMs),
        },
      );
    };
    const list: ChannelProvider[] = [
      new WhatsappCloudAdapter({ graphUrl: config.whatsappGraphUrl, appSecret: config.whatsappAppSecret }),
      new SandboxAdapter({ schedule, delayMs: config.sandboxDelayMs }),
    ];
    this.adapters = new Map(list.map((a) => [a.platform, a]));
  }

  get(platform: ChannelPlatform): ChannelProvider {
    const adapter = this.adapters.get(platform);
    if (!adapter) throw new Error(`No adapter for platform ${platform}`);
    return adapter;
  }
}
