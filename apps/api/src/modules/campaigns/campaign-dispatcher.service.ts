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

// The rate is kept by send times one interval apart, shared by every instance (channel_send_pace). A call leaves
// at its time or up to LATE_MS after it (the process busy for a moment), never before; a time missed by more is
// dropped. Its spread between leaving and reaching the provider is allowed ARRIVAL_MARGIN_MS. So any one second at
// the provider holds the calls of times within 1000 + LATE_MS + ARRIVAL_MARGIN_MS ms: the interval makes that at
// most the rate (95% of it usable; fixed windows had to hold two windows' worth back, docs/architecture.md).
const LATE_MS = 12;
const ARRIVAL_MARGIN_MS = 38;

/** The time between two sends of a number at `rate` msg/s, such that no one-second span holds more than it. */
export function sendInterval(rate: number): number {
  return (1000 + LATE_MS + ARRIVAL_MARGIN_MS) / rate + 0.001;
}

// A slice starts at half the rate and reaches all of it after RAMP_MS: the first calls of a process leave late
// (code not yet optimised, connections being opened) and would reach the provider together.
const RAMP_MS = 1000;

/** How much wider than the interval send times are spaced `elapsed` ms into a slice. */
export function rampFactor(elapsed: number): number {
  return elapsed >= RAMP_MS ? 1 : 2 - Math.max(0, elapsed) / RAMP_MS;
}

/** Send times reserved at once (0.1 s worth) and how far ahead they may go. */
export function reservation(rate: number): { want: number; horizonMs: number } {
  const interval = sendInterval(rate);
  return { want: Math.max(1, Math.ceil(rate / 10)), horizonMs: Math.max(300, 2 * interval) };
}

// How long one dispatch job sends before it hands over to a fresh one (another instance may take it).
const SLICE_MS = 60_000;
// How often the campaigns being sent are looked at again (a pause or a delete takes effect within it).
const STOP_CHECK_MS = 250;
// Send times are reserved while those held reach less than this far ahead.
const RESERVE_AHEAD_MS = 200;
// Recipients claimed ahead of their send times, in reservations' worth.
const CLAIM_AHEAD = 3;
// Outcomes are written at least this often (and at 200 waiting).
const FLUSH_MS = 250;
// Calls in flight at once per dispatcher: enough for 1,000 msg/s at a provider answering in 200 ms.
const MAX_IN_FLIGHT = 256;
// While recipients wait for a check, the number is looked at again this often.
const SETTLE_POLL_MS = 10_000;
const UNKNOWN_OUTCOME = 'SEND_OUTCOME_UNKNOWN';
// Meta asks to wait before writing again to a user it rate-limited (pair rate limit).
const PAIR_WAIT_MS = 60_000;

interface CampaignMessage {
  content: string;
  preview: string;
  payload: Record<string, unknown>;
  type: string;
}

interface Outcome {
  recipient: ClaimedRecipient;
  providerMessageId?: string;
  error?: ProviderError;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// Sub-millisecond local time: send times are about a millisecond apart at the highest rate.
function clock(): number {
  return performance.timeOrigin + performance.now();
}

/**
 * Issue 18: the campaign dispatcher. `campaign-start` computes a campaign's audience at its sendAt; each number's
 * `campaign-dispatch` jobs send its running campaigns' recipients: send times of the number's rate (shared by every
 * instance, channel_send_pace), a claim within its daily tier (the rolling 24 h), the provider calls without
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
    this.jobs.register('campaign-dispatch', ({ channelId }, job) => this.dispatch(channelId, job.signal));
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

  /**
   * One slice of sending for the number; queues the next one while work remains. `stop` (the instance is stopping)
   * ends the slice early, as its deadline would: what is claimed and not called is released for the next slice.
   */
  async dispatch(channelId: number, stop?: AbortSignal): Promise<void> {
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
    const interval = sendInterval(rate);
    const { want, horizonMs } = reservation(rate);
    const tier = status.current_limit;
    const sending = new Sending(this.campaigns, adapter, this.channels, channel, this.logger, touched);
    const sliceStart = Date.now();
    const deadline = sliceStart + SLICE_MS;
    let lastPublish = Date.now();
    let lastFlush = Date.now();
    // Claimed recipients wait for send times (both ahead of use: a claim is a transaction, a reservation one
    // statement); the timer below calls each at its time.
    const queue: ClaimedRecipient[] = [];
    const times: number[] = [];
    let exhausted = false;
    let missed = 0;
    const topUp = async (): Promise<void> => {
      // The messages of a claim are written from its campaigns' rows: every running campaign is known first.
      await sending.load((await this.campaigns.runningOnChannel(channelId)).map((c) => c.id));
      const { claimed } = await this.campaigns.claim(
        channelId,
        want * CLAIM_AHEAD,
        (used) => dailyAllowance(tier, used),
        (campaignId) => sending.messageFor(campaignId),
      );
      if (claimed.length === 0) exhausted = true;
      queue.push(...claimed);
    };
    // Only as many times as there are recipients to call at them: a time reserved and not used is lost to the
    // other instances.
    const reserve = async (): Promise<void> => {
      const count = Math.min(want, queue.length - times.length);
      if (count <= 0) return;
      const spacing = interval * rampFactor(Date.now() - sliceStart);
      const got = await this.campaigns.reserveSendTimes(channelId, spacing, count, horizonMs);
      for (let i = 0; i < got.count; i += 1) times.push(got.first + i * spacing + offset);
      if (got.count === 0) await sleep(Math.min(RESERVE_AHEAD_MS, interval));
    };
    const launchDue = (): void => {
      const now = clock();
      if (sending.pauseUntil > Date.now()) return;
      const due: ClaimedRecipient[] = [];
      while (times.length > 0 && (times[0] as number) <= now) {
        if (now - (times[0] as number) > LATE_MS) {
          times.shift();
          missed += 1;
          continue;
        }
        if (queue.length === 0 || sending.inFlight + due.length >= MAX_IN_FLIGHT) break;
        times.shift();
        due.push(queue.shift() as ClaimedRecipient);
      }
      if (due.length > 0) sending.launch(due);
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
    const offset = await this.clockOffset();
    const timer = setInterval(launchDue, 1);
    try {
      while (Date.now() < deadline && !stop?.aborted) {
        if (sending.pauseUntil > Date.now()) {
          // The provider asked to slow down: the times held now would not be kept.
          missed += times.splice(0).length;
          await sleep(sending.pauseUntil - Date.now());
          continue;
        }
        if (queue.length > 0 && Date.now() - checkedRunningAt > STOP_CHECK_MS) await dropStopped();
        if (queue.length === 0 && exhausted) break;
        let worked = false;
        if (!exhausted && queue.length < times.length + want * 2) {
          await topUp();
          worked = true;
        }
        const ahead = times.length > 0 ? (times[times.length - 1] as number) - clock() : 0;
        if (queue.length > times.length && ahead < RESERVE_AHEAD_MS) {
          await reserve();
          worked = true;
        }
        if (sending.waiting >= 200 || Date.now() - lastFlush > FLUSH_MS) {
          lastFlush = Date.now();
          await sending.flush();
        }
        if (Date.now() - lastPublish > 1000) {
          await this.publishTouched(touched);
          lastPublish = Date.now();
        }
        if (!worked) await sleep(5);
      }
    } finally {
      clearInterval(timer);
      // Claimed and never called: nothing reached the provider, they wait for the next slice.
      await this.campaigns.releaseClaims(
        queue.splice(0).map((r) => ({ recipientId: r.id, messageId: r.messageId, retryAfterMs: 0 })),
      );
      await sending.drain();
      await this.publishTouched(touched);
      for (const id of await this.campaigns.finishDone(channelId)) await this.service.publish(id);
    }
    if (missed > 0) this.logger.debug(`channel ${channelId}: ${missed} send times missed in the slice`);
    await this.scheduleNext(channelId, tier);
  }

  /**
   * Local time minus the database's, from the quickest of a few round trips (within half of it, well under a
   * millisecond here). One offset for the whole slice: mapping each reservation by its own round trip would move
   * a slow one's times later, onto the next one's, and crowd a second.
   */
  private async clockOffset(): Promise<number> {
    let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
    for (let i = 0; i < 5; i += 1) {
      const sent = clock();
      const db = await this.campaigns.databaseClock();
      const received = clock();
      if (received - sent < best.rtt) best = { rtt: received - sent, offset: (sent + received) / 2 - db };
    }
    return best.offset;
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
  private readonly messages = new Map<number, CampaignMessage>();

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

  get waiting(): number {
    return this.outcomes.length;
  }

  /** The message every recipient of the campaign gets: its template, with the campaign's file as the header. */
  messageFor(campaignId: number): CampaignMessage {
    const known = this.messages.get(campaignId);
    if (known) return known;
    const message = this.buildMessage(campaignId);
    this.messages.set(campaignId, message);
    return message;
  }

  private buildMessage(campaignId: number): CampaignMessage {
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
