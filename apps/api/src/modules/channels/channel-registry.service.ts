import { performance } from 'node:perf_hooks';
import { CHANNEL_PLATFORMS, PLATFORMS } from '@crm/shared';
import { Inject, Injectable } from '@nestjs/common';
import { MetricsService } from '../../common/observability/metrics.service';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueueService } from '../../jobs/job-queue.service';
import type { ChannelConnector, ConnectablePlatform } from '../../providers/channels/channel-connector';
import {
  type ChannelPlatform,
  type ChannelProvider,
  ProviderError,
  type WebhookContext,
  type WebhookEvent,
  type WebhookRequest,
} from '../../providers/channels/channel-provider';
import { Dialog360Adapter } from '../../providers/channels/dialog360/dialog360.adapter';
import { MessengerAdapter } from '../../providers/channels/messenger/messenger.adapter';
import { SandboxAdapter } from '../../providers/channels/sandbox/sandbox.adapter';
import { SmsAdapter } from '../../providers/channels/sms/sms.adapter';
import { WhatsappCloudAdapter } from '../../providers/channels/whatsapp-cloud/whatsapp-cloud.adapter';
import { ChannelsService } from './channels.service';

export const SANDBOX_EVENTS_QUEUE = 'sandbox-events';

/**
 * Issue 22: every send through an adapter (agents', automation's, campaigns') is timed and its failures counted by
 * the provider's error code, here where every send passes, instead of at each caller.
 */
function measureSends(adapter: ChannelProvider, metrics: MetricsService): void {
  const send = adapter.send.bind(adapter);
  adapter.send = async (channel, message) => {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      const result = await send(channel, message);
      metrics.observeSend(adapter.platform, seconds(), null);
      return result;
    } catch (error) {
      const code = error instanceof ProviderError ? String(error.providerCode ?? error.code) : 'network';
      metrics.observeSend(adapter.platform, seconds(), code);
      throw error;
    }
  };
}

/** The one place that maps a channel's platform to its adapter; nothing else switches on the provider. */
@Injectable()
export class ChannelRegistry {
  private readonly adapters: Map<ChannelPlatform, ChannelProvider>;
  // The adapters that can connect a number typed in by an admin (the channels screen's "Agregar canal").
  private readonly connectors: { [P in ConnectablePlatform]: ChannelConnector<P> };

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    jobs: JobQueueService,
    private readonly channels: ChannelsService,
    metrics: MetricsService,
  ) {
    const schedule = async (events: WebhookEvent[], delayMs: number) => {
      await jobs.enqueue(
        SANDBOX_EVENTS_QUEUE,
        { events: JSON.parse(JSON.stringify(events)) },
        { runAt: new Date(Date.now() + delayMs) },
      );
    };
    const whatsappCloud = new WhatsappCloudAdapter({
      graphUrl: config.whatsappGraphUrl,
      appSecret: config.whatsappAppSecret,
      verifyToken: config.whatsappVerifyToken,
    });
    const dialog360 = new Dialog360Adapter({
      baseUrl: config.dialog360Url,
      webhookToken: config.dialog360WebhookToken,
      webhookUrl: `${config.appUrl}/webhooks/360dialog`,
    });
    const sms = new SmsAdapter({
      apiUrl: config.smsApiUrl,
      statusCallbackUrl: `${config.appUrl}/webhooks/sms`,
    });
    const list: ChannelProvider[] = [
      whatsappCloud,
      dialog360,
      new MessengerAdapter({
        graphUrl: config.messengerGraphUrl,
        appSecret: config.messengerAppSecret,
        appId: config.messengerAppId,
        verifyToken: config.messengerVerifyToken,
      }),
      sms,
      new SandboxAdapter({
        schedule,
        delayMs: config.sandboxDelayMs,
        templateDelayMs: config.sandboxTemplateDelayMs,
      }),
    ];
    for (const adapter of list) measureSends(adapter, metrics);
    this.adapters = new Map(list.map((a) => [a.platform, a]));
    this.connectors = { sms, dialog360, whatsapp_cloud: whatsappCloud };
  }

  get(platform: ChannelPlatform): ChannelProvider {
    const adapter = this.adapters.get(platform);
    if (!adapter) throw new Error(`No adapter for platform ${platform}`);
    return adapter;
  }

  /** The adapter that checks and prepares a number an admin connects by hand. */
  connector<P extends ConnectablePlatform>(platform: P): ChannelConnector<P> {
    return this.connectors[platform];
  }

  /** The adapter that receives /webhooks/{segment} (the platform table's webhookSegment), or null. */
  forWebhook(segment: string): ChannelProvider | null {
    const platform = CHANNEL_PLATFORMS.find((p) => PLATFORMS[p].webhookSegment === segment);
    return platform ? (this.adapters.get(platform) ?? null) : null;
  }

  /** The adapter's own check of a webhook, with our channels' credentials at hand for keys kept per channel. */
  verifyWebhook(adapter: ChannelProvider, request: WebhookRequest): Promise<boolean> {
    const context: WebhookContext = {
      credentialsFor: async (providerId) => {
        const channel = await this.channels.findByProviderId(adapter.platform, providerId);
        return channel ? this.channels.credentials(channel) : null;
      },
    };
    return Promise.resolve(adapter.verifyWebhook(request, context));
  }
}
