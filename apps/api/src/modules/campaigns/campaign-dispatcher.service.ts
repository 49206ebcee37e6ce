import { CAMPAIGN_RATE, clampCampaignRate, dailyAllowance, messagePreview } from '@crm/shared';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueueService } from '../../jobs/job-queue.service';
import { type ChannelProvider, ProviderError } from '../../providers/channels/channel-provider';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { sendTrackingId } from '../messages/message-send-queue';
import { outboundContent, templateHeaderMedia } from '../messages/outbound-content';
import { type CampaignRow, CampaignsRepository, type ClaimedRecipient } from './campaigns.repository';
import { CampaignsService, recipientsOf } from './campaigns.service';

// The rate is granted in fixed windows shared by every instance. A one-second span touches at most
// ceil(1000 / window) + 1 windows, plus one more for the calls of a window that leave late (the process busy for a
// moment, the connection pool): a window may hold the rate divided by that many, and no second at the provider
// holds more than the rate. Short windows use more of it (20 ms: 19 a window, 95% of 1,000 msg/s); a low rate
// needs longer ones to give each window at least one send.
const WINDOW_CHOICES_MS = [20, 25, 50, 100, 125, 200, 250, 500, 1000];

/** The window and its grant for a rate: the pair that uses the most of it (3 msg/s is the least kept exactly). */
export function rateWindows(rate: number): { windowMs: number; perWindow: number } {
  let best = { windowMs: 1000, perWindow: 1, usable: 0 };
  for (const windowMs of WINDOW_CHOICES_MS) {
    const perWindow = Math.floor(rate / (Math.ceil(1000 / windowMs) + 2));
    const usable = (perWindow * 1000) / windowMs;
    if (perWindow >= 1 && usable > best.usable) best = { windowMs, perWindow, usable };
  }
  return { windowMs: best.windowMs, perWindow: best.perWindow };
}

// How long one dispatch job sends before it hands over to a fresh one (another instance may take it).
const SLICE_MS = 60_000;
// How often the campaigns being sent are looked at again (a pause or a delete takes effect within it).
const STOP_CHECK_MS = 250;
// Recipients claimed ahead of the rate's grants, in windows' worth.
const CLAIM_AHEAD_WINDOWS = 4;
// Calls in flight at once per dispatcher: enough for 1,000 msg/s at a provider answering in 200 ms.
const MAX_IN_FLIGHT = 256;
// While recipients wait for a check, the number is looked at again this often.
const SETTLE_POLL_MS = 10_000;
const UNKNOWN_OUTCOME = 'SEND_OUTCOME_UNKNOWN';
// Meta asks to wait before writing again to a user it rate-limited (pair rate limit).
const PAIR_WAIT_MS = 60_000;

interface Outcome {
  recipient: ClaimedRecipient;
  providerMessageId?: string;
  error?: ProviderError;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Issue 18: the campaign dispatcher. `campaign-start` computes a campaign's audience at its sendAt; each number's
 * `campaign-dispatch` jobs send its running campaigns' recipients: a grant of the number's rate (shared by every
 * instance, channel_send_windows), a claim within its daily tier (the rolling 24 h), the provider calls without
 * any transaction open, and their results written in batches. A recipient's call happens at most once: the claim
 * commits before the call, a result unknown after a crash is a check that the provider's status webhooks settle.
 */
@Injectable()
export class CampaignDispatcherService implements OnModuleInit {
  private readonly logger = new Logger(CampaignDispatcherService.name);

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly service: CampaignsService,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly jobs: JobQueueService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register('campaign-start', ({ campaignId }) => this.start(campaignId));
    this.jobs.register('campaign-dispatch', ({ channelId }) => this.dispatch(channelId));
    this.jobs.register('campaign-sweep', () => this.sweep());
    this.jobs.cron('campaign-sweep', '* * * * *', {});
  }

  /** The campaign's time came: its audience, its tag on every recipient, and it is running. */
  async start(campaignId: number): Promise<void> {
    const started = await this.campaigns.transaction(async (trx) => {
      const campaign = await this.campaigns.lockById(trx, campaignId);
      if (!campaign || campaign.deletedAt || campaign.status !== 'SCHEDULED') return null;
      // Moved later (paused, resumed with another job): not yet.
      if (campaign.sendAt.getTime() > Date.now() + 1000) return null;
      const members = await this.campaigns.audience(
        {
          companyId: campaign.companyId,
          channelId: campaign.channelId,
          tagIds: campaign.tagIds,
          conjunction: campaign.tagIds.length > 1 ? (campaign.conjunction as 'union') : null,
        },
        trx,
      );
      await this.campaigns.insertRecipients(trx, campaign, recipientsOf(members, campaign.template.category));
      if (campaign.campaignTagId !== null)
        await this.campaigns.tagRecipients(trx, campaign.id, campaign.campaignTagId);
      const counts = await this.campaigns.refreshCounts(trx, campaign.id);
      await this.campaigns.setStatus(
        trx,
        campaign.id,
        counts.open > 0 ? 'IN_PROGRESS' : 'FINISHED',
        counts.open > 0 ? {} : { finishedAt: new Date() },
      );
      return campaign;
    });
    if (!started) return;
    await this.service.publish(campaignId);
    await this.service.wakeDispatch(started.channelId, this.config.campaignDispatchers);
  }

  /** Every minute: scheduled campaigns whose start was lost, and numbers with running campaigns. */
  async sweep(): Promise<void> {
    for (const campaignId of await this.campaigns.dueScheduled(new Date())) {
      await this.jobs.enqueue(
        'campaign-start',
        { campaignId },
        { singletonKey: `campaign-start:${campaignId}:sweep:${Math.floor(Date.now() / 60_000)}` },
      );
    }
    for (const channelId of await this.campaigns.channelsWithRunningCampaigns()) {
      await this.service.wakeDispatch(channelId, this.config.campaignDispatchers);
    }
  }

  /** One slice of sending for the number; queues the next one while work remains. */
  async dispatch(channelId: number): Promise<void> {
    const channel = await this.channels.findById(channelId);
    if (!channel) return;
    const adapter = this.registry.get(channel.platform);
    const touched = new Set<number>(
      await this.campaigns.settleUnknown(
        channelId,
        // A claim older than this without a result is a dead dispatcher's: longer than a call can take (15 s).
        new Date(Date.now() - this.config.campaignStaleClaimMs),
        new Date(Date.now() - this.config.sendReconcileMs),
        adapter.tracksSends === true,
        UNKNOWN_OUTCOME,
      ),
    );
    const status = await this.service.readAccountStatus(channel);
    const rate = clampCampaignRate(
      channel.campaignRate ?? status.messagesPerSecond ?? CAMPAIGN_RATE.defaultPerSecond,
    );
    const { windowMs, perWindow } = rateWindows(rate);
    const tier = status.current_limit;
    const sending = new Sending(this.campaigns, adapter, this.channels, channel, this.logger, touched);
    const deadline = Date.now() + SLICE_MS;
    let lastPublish = Date.now();
    // Claimed ahead of their grants (a claim is a transaction; a grant a statement): the calls keep to the windows.
    const queue: ClaimedRecipient[] = [];
    let exhausted = false;
    const topUp = async (): Promise<void> => {
      // The messages of a claim are written from its campaigns' rows: every running campaign is known first.
      await sending.load((await this.campaigns.runningOnChannel(channelId)).map((c) => c.id));
      const { claimed } = await this.campaigns.claim(
        channelId,
        perWindow * CLAIM_AHEAD_WINDOWS,
        (used) => dailyAllowance(tier, used),
        (campaignId) => sending.messageFor(campaignId),
      );
      if (claimed.length === 0) exhausted = true;
      queue.push(...claimed);
    };
    // A campaign paused or deleted meanwhile: its claimed recipients are not called, they go back to waiting.
    let checkedRunningAt = Date.now();
    const dropStopped = async (): Promise<void> => {
      checkedRunningAt = Date.now();
      const running = new Set((await this.campaigns.runningOnChannel(channelId)).map((c) => c.id));
      const stopped = queue.filter((r) => !running.has(r.campaignId));
      if (stopped.length === 0) return;
      const keep = queue.filter((r) => running.has(r.campaignId));
      queue.splice(0, queue.length, ...keep);
      await this.campaigns.releaseClaims(
        stopped.map((r) => ({ recipientId: r.id, messageId: r.messageId, retryAfterMs: 0 })),
      );
    };
    try {
      while (Date.now() < deadline) {
        if (sending.pauseUntil > Date.now()) {
          await sleep(sending.pauseUntil - Date.now());
          continue;
        }
        if (queue.length > 0 && Date.now() - checkedRunningAt > STOP_CHECK_MS) await dropStopped();
        if (queue.length === 0) {
          if (exhausted) break;
          await topUp();
          continue;
        }
        const room = MAX_IN_FLIGHT - sending.inFlight;
        if (room <= 0) {
          await sending.settleOne();
          continue;
        }
        const granted = await this.campaigns.grant(
          channelId,
          windowMs,
          perWindow,
          Math.min(room, perWindow, queue.length),
        );
        if (granted === 0) {
          // The window is spent: the wait goes to claiming the next ones, or to sleeping until the next window.
          if (!exhausted && queue.length < perWindow * CLAIM_AHEAD_WINDOWS) await topUp();
          else await sleep(windowMs - (Date.now() % windowMs) + 1);
          continue;
        }
        sending.launch(queue.splice(0, granted));
        if (Date.now() - lastPublish > 1000) {
          await sending.flush();
          await this.publishTouched(touched);
          lastPublish = Date.now();
        }
      }
    } finally {
      // Claimed and never called: nothing reached the provider, they wait for the next slice.
      await this.campaigns.releaseClaims(
        queue.splice(0).map((r) => ({ recipientId: r.id, messageId: r.messageId, retryAfterMs: 0 })),
      );
      await sending.drain();
      await this.publishTouched(touched);
      for (const id of await this.campaigns.finishDone(channelId)) await this.service.publish(id);
      await this.campaigns.pruneWindows(channelId, windowMs);
    }
    await this.scheduleNext(channelId, tier);
  }

  private async publishTouched(touched: Set<number>): Promise<void> {
    for (const id of touched) {
      await this.campaigns.transaction((trx) => this.campaigns.refreshCounts(trx, id));
      await this.service.publish(id);
    }
    touched.clear();
  }

  /** The next slice: at once while recipients wait, when the tier frees a place, or to settle checks. */
  private async scheduleNext(channelId: number, tier: string | null): Promise<void> {
    const open = await this.campaigns.hasOpenWork(channelId);
    if (!open.pending && !open.settling) return;
    let runAt = new Date(Date.now() + SETTLE_POLL_MS);
    if (open.pending) {
      const used = await this.campaigns.usedInLast24h(channelId);
      if (dailyAllowance(tier, used) > 0) {
        // Those waiting out a provider's refusal (retryAt) are taken when the first of them may go.
        const next = (await this.campaigns.nextPendingAt(channelId)) ?? new Date();
        runAt = open.settling && next.getTime() > runAt.getTime() ? runAt : next;
      } else {
        const next = await this.campaigns.nextTierPlaceAt(channelId);
        if (next && (!open.settling || next.getTime() < runAt.getTime())) runAt = next;
      }
    }
    await this.jobs.enqueue(
      'campaign-dispatch',
      { channelId, slot: 0 },
      { jobKey: `campaign-dispatch:${channelId}:0`, runAt, maxAttempts: 25 },
    );
  }
}

/** One slice's sends: calls in flight, their outcomes waiting to be written. */
class Sending {
  inFlight = 0;
  pauseUntil = 0;
  private readonly outcomes: Outcome[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly campaignRows = new Map<number, CampaignRow>();

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly adapter: ChannelProvider,
    private readonly channels: ChannelsService,
    private readonly channel: ChannelRow,
    private readonly logger: Logger,
    private readonly touched: Set<number>,
  ) {}

  async load(campaignIds: readonly number[]): Promise<void> {
    for (const id of new Set(campaignIds)) {
      if (this.campaignRows.has(id)) continue;
      const row = await this.campaigns.findById(id);
      if (row) this.campaignRows.set(id, row);
    }
  }

  /** The message a recipient of the campaign gets: its template, with the campaign's file as the header. */
  messageFor(campaignId: number): {
    content: string;
    preview: string;
    payload: Record<string, unknown>;
    type: string;
  } {
    const campaign = this.campaignRows.get(campaignId);
    const template = campaign?.template;
    const body = template?.components.find((c) => c.type === 'BODY')?.text ?? '';
    const approved = template ? templateHeaderMedia(template.components) : null;
    const header =
      approved && campaign?.fileUrl
        ? { format: approved.format, link: campaign.fileUrl }
        : (approved ?? undefined);
    return {
      type: 'template',
      content: body || (template?.name ?? ''),
      preview: messagePreview('template', body || template?.name),
      payload: {
        automation: 'campaign',
        campaignId,
        template: { name: template?.name, language: template?.language, bodyParameters: [], body, header },
      },
    };
  }

  launch(claimed: readonly ClaimedRecipient[]): void {
    const credentials = this.channels.credentials(this.channel);
    for (const recipient of claimed) {
      const campaign = this.campaignRows.get(recipient.campaignId);
      const message = this.messageFor(recipient.campaignId);
      this.inFlight += 1;
      const call = (async () => {
        try {
          if (!campaign) throw new ProviderError('SEND_MESSAGE_ERROR', false, 'campaign not found');
          const { providerMessageId } = await this.adapter.send(credentials, {
            to: recipient.phone,
            content: outboundContent(message),
            ...(this.adapter.tracksSends ? { trackingId: sendTrackingId(recipient.messageId) } : {}),
          });
          this.outcomes.push({ recipient, providerMessageId });
        } catch (error) {
          const providerError =
            error instanceof ProviderError
              ? error
              : new ProviderError('PROVIDER_UNAVAILABLE', true, String(error));
          this.outcomes.push({ recipient, error: providerError });
        } finally {
          this.inFlight -= 1;
        }
      })();
      this.running.add(call);
      void call.finally(() => this.running.delete(call));
    }
    if (this.outcomes.length >= 200) void this.flush();
  }

  async settleOne(): Promise<void> {
    if (this.running.size > 0) await Promise.race(this.running);
    await this.flush();
  }

  /** Writes the outcomes so far: sent, failed, back to pending (the provider said not now), or checks. */
  async flush(): Promise<void> {
    const batch = this.outcomes.splice(0, this.outcomes.length);
    if (batch.length === 0) return;
    const sent: Array<{ recipientId: string; messageId: number; providerMessageId: string }> = [];
    const failed: Array<{ recipientId: string; messageId: number; code: string; title: string }> = [];
    const released: Array<{ recipientId: string; messageId: number; retryAfterMs: number }> = [];
    const unknown: string[] = [];
    for (const { recipient, providerMessageId, error } of batch) {
      this.touched.add(recipient.campaignId);
      const ids = { recipientId: recipient.id, messageId: recipient.messageId };
      if (providerMessageId !== undefined) sent.push({ ...ids, providerMessageId });
      else if (error?.throttle === 'pair')
        released.push({ ...ids, retryAfterMs: error.retryAfterMs ?? PAIR_WAIT_MS });
      else if (error?.throttle || (error?.retryable && error.code !== 'PROVIDER_UNAVAILABLE')) {
        // The number's rate (or a passing refusal): nothing reached the customer; everyone waits a moment.
        const wait = error.retryAfterMs ?? 1000;
        this.pauseUntil = Math.max(this.pauseUntil, Date.now() + wait);
        released.push({ ...ids, retryAfterMs: wait });
      } else if (error?.code === 'PROVIDER_UNAVAILABLE') unknown.push(recipient.id);
      else if (error) {
        failed.push({
          ...ids,
          code: String(error.providerCode ?? error.code).slice(0, 64),
          title: error.message.slice(0, 500),
        });
      }
    }
    await this.campaigns.recordSent(sent);
    await this.campaigns.recordFailed(failed);
    await this.campaigns.releaseClaims(released);
    await this.campaigns.markCheck(unknown);
    if (unknown.length > 0) {
      this.logger.warn(
        `channel ${this.channel.id}: ${unknown.length} campaign sends of unknown outcome, to check`,
      );
    }
  }

  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
    await this.flush();
  }
}
