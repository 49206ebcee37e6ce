import {
  CHANNEL_PLATFORMS,
  isTemplateLanguage,
  nextTemplateStatus,
  normalizeProviderTemplateStatus,
  sendsTemplates,
  TEMPLATE_NAME_MAX,
  type TemplateComponent,
  templateBodyText,
  templateCategoryFromProvider,
  templateStatusFromProvider,
  templateVariableCount,
} from '@crm/shared';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import type { Executor } from '../../database/kysely';
import { JobQueueService, PermanentJobError, RetryJobError } from '../../jobs/job-queue.service';
import type { AsJson } from '../../jobs/job-types';
import {
  type ChannelPlatform,
  ProviderError,
  type ProviderTemplate,
  type TemplateStatusEvent,
} from '../../providers/channels/channel-provider';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsRepository } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { providerRefusal, templatePort } from './template-view';
import {
  RESERVATION_TTL_MS,
  TEMPLATE_RESERVED,
  type TemplateMatch,
  type TemplateStatusRow,
  TemplatesRepository,
} from './templates.repository';
import { TemplatesService } from './templates.service';

export interface SyncResult {
  imported: number;
  updated: number;
  total: number;
}

// A status can come before the creation that asked for it has recorded Meta's id (a provider, or the sandbox, that
// decides at once, while our provider call is still answering): it is tried again every second for longer than a
// creation can take — the provider call's 15 s timeout plus its two short transactions — so it is not lost to a
// slow answer (CI saw one take over 5 s under load).
const STATUS_RETRY_MS = 1000;
const STATUS_RETRY_MAX = 30;
// Daily, at an hour of little traffic (UTC).
const DAILY_SYNC = '17 4 * * *';
const TEMPLATE_PLATFORMS: readonly ChannelPlatform[] = CHANNEL_PLATFORMS.filter(sendsTemplates);
const GONE = new Set(['DELETED', 'PENDING_DELETION']);

/** The provider's reason as the screen keeps it: its code, else its words; 'NONE' is none. */
function reasonOf(reason: string | null | undefined, detail?: string): string | null {
  const code = reason?.trim() ?? '';
  if (code !== '' && code.toUpperCase() !== 'NONE') return code.slice(0, 500);
  return detail?.trim() ? detail.trim().slice(0, 500) : null;
}

/** A template the provider lists while deleting it, or deleted. */
function isGone(template: ProviderTemplate): boolean {
  const rawStatus = normalizeProviderTemplateStatus(template.rawStatus);
  return rawStatus !== null && GONE.has(rawStatus);
}

function revive(event: AsJson<TemplateStatusEvent>): TemplateStatusEvent {
  const { at, ...rest } = event;
  return { ...rest, ...(at ? { at: new Date(at) } : {}) };
}

/**
 * Issue 16: what the provider says of templates moves them between submitted, accepted and denied. Status webhooks
 * (any order: `nextTemplateStatus` ignores stale deliveries) and syncs (the provider's current list, on demand and
 * daily) both end in whatsappTemplateUpdated.
 */
@Injectable()
export class TemplateStatusService implements OnModuleInit {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly service: TemplatesService,
    private readonly channels: ChannelsService,
    private readonly channelRows: ChannelsRepository,
    private readonly registry: ChannelRegistry,
    private readonly jobs: JobQueueService,
  ) {}

  onModuleInit(): void {
    this.jobs.register('template-status-retry', async (payload, job) => {
      const { platform, ...event } = payload;
      const found = await this.apply(platform, revive(event));
      if (!found && job.attempts < STATUS_RETRY_MAX) {
        throw new RetryJobError('template not stored yet', STATUS_RETRY_MS);
      }
    });
    this.jobs.register('templates-sync', async ({ channelId }) => {
      const channel = await this.channels.findById(channelId);
      if (!channel || !sendsTemplates(channel.platform)) return;
      try {
        await this.syncChannel(channel);
      } catch (error) {
        // Outages and rate limits are worth another try; a refused token is not.
        if (error instanceof ProviderError && !error.retryable) throw new PermanentJobError(error.message);
        throw error;
      }
    });
    this.jobs.register('templates-sync-daily', async () => {
      for (const channelId of await this.channelRows.activeIdsOnPlatforms(TEMPLATE_PLATFORMS)) {
        await this.jobs.enqueue('templates-sync', { channelId }, { maxAttempts: 3 });
      }
    });
    this.jobs.cron('templates-sync-daily', DAILY_SYNC, {});
  }

  /** A `templateStatus` webhook event (InboundService hands these over); kept for later while no row matches. */
  async receive(platform: ChannelPlatform, event: TemplateStatusEvent): Promise<void> {
    if (await this.apply(platform, event)) return;
    await this.jobs.enqueue(
      'template-status-retry',
      { ...event, at: event.at?.toISOString(), platform },
      { runAt: new Date(Date.now() + STATUS_RETRY_MS), maxAttempts: STATUS_RETRY_MAX },
    );
  }

  /**
   * Applies the event to every template it names (a template of an account shared by several channels has a row
   * per channel); false when it names none of ours.
   */
  private async apply(platform: ChannelPlatform, event: TemplateStatusEvent): Promise<boolean> {
    const matches = await this.matchesOf(platform, event);
    const changed = await this.templates.transaction(async (trx) => {
      for (const match of matches) {
        const rows = await this.templates.lockMatching(trx, match);
        if (rows.length > 0) return this.applyTo(trx, rows, event);
      }
      return null;
    });
    if (changed === null) return false;
    await this.service.publishUpdated(changed);
    return true;
  }

  private async applyTo(
    trx: Executor,
    rows: TemplateStatusRow[],
    event: TemplateStatusEvent,
  ): Promise<number[]> {
    const changed: number[] = [];
    for (const row of rows) {
      const next = nextTemplateStatus({ status: row.status, rawStatus: row.rawStatus }, event.rawStatus, {
        currentAt: row.statusAt?.getTime() ?? null,
        incomingAt: event.at?.getTime() ?? null,
      });
      // What identifies the template at the provider is kept as soon as it is known.
      const known = {
        providerTemplateId: row.providerTemplateId ? null : event.providerTemplateId,
        providerAccountId: row.providerAccountId ? null : event.accountId || null,
      };
      if (!next) {
        if (known.providerTemplateId || known.providerAccountId) {
          await this.templates.setProviderIds(trx, row.id, known);
        }
        continue;
      }
      await this.templates.setProviderState(
        trx,
        row.id,
        {
          status: next.status,
          rawStatus: next.rawStatus,
          reason: reasonOf(event.reason, event.detail),
          statusAt: event.at ?? row.statusAt,
        },
        known,
      );
      changed.push(row.id);
    }
    return changed;
  }

  /** How the event may name our rows, most precise first: Meta's id, then name and language in the channel or account. */
  private async matchesOf(platform: ChannelPlatform, event: TemplateStatusEvent): Promise<TemplateMatch[]> {
    const matches: TemplateMatch[] = [];
    if (event.providerTemplateId) {
      matches.push({
        by: 'providerId',
        platform,
        providerTemplateId: event.providerTemplateId,
        accountId: event.accountId || null,
      });
    }
    const { name, language } = event;
    if (event.channelProviderId) {
      const channel = await this.channels.findByProviderId(platform, event.channelProviderId);
      if (channel) matches.push({ by: 'channel', channelId: channel.id, name, language });
    }
    if (event.accountId)
      matches.push({ by: 'account', platform, accountId: event.accountId, name, language });
    return matches;
  }

  /** POST /whatsappTemplate/sync: a channel of the caller's company. */
  async sync(user: AuthUser, channelId: number): Promise<SyncResult> {
    const channel = await this.channels.getForCompany(user.companyId, channelId);
    try {
      return await this.syncChannel(channel);
    } catch (error) {
      throw providerRefusal(error, 'TEMPLATE_ERROR');
    }
  }

  /**
   * The provider's list is the truth of now: known templates take its status as it is (no ordering applies to
   * a current list), templates created elsewhere are imported (not those being deleted), and templates it no
   * longer lists are left alone (a delete reaches us as a webhook, or through our own delete). Reservations of
   * creations still under way are theirs alone; one left behind (older than RESERVATION_TTL_MS when the list was
   * asked for, so its provider call ended long before) is adopted when the provider has its name and language,
   * else deleted.
   */
  async syncChannel(channel: ChannelRow): Promise<SyncResult> {
    const port = templatePort(this.registry.get(channel.platform), channel);
    const abandonedBefore = Date.now() - RESERVATION_TTL_MS;
    const listed = (await port.listTemplates(this.channels.credentials(channel))).filter(
      (t) => t.name.length <= TEMPLATE_NAME_MAX && isTemplateLanguage(t.language),
    );
    const readAt = new Date();
    const { imported, updated, removed } = await this.templates.transaction(async (trx) => {
      const rows = await this.templates.lockChannelTemplates(trx, channel.id);
      const imported: number[] = [];
      const updated: number[] = [];
      const adopted = new Set<number>();
      for (const template of listed) {
        const row =
          rows.find(
            (r) => template.providerTemplateId && r.providerTemplateId === template.providerTemplateId,
          ) ?? rows.find((r) => r.name === template.name && r.language === template.language);
        if (row?.rawStatus === TEMPLATE_RESERVED) {
          if (row.createdAt.getTime() >= abandonedBefore || isGone(template)) continue;
          await this.adopt(trx, row, template, readAt);
          adopted.add(row.id);
          updated.push(row.id);
          continue;
        }
        if (row) {
          if (await this.reconcile(trx, row, template, readAt)) updated.push(row.id);
          continue;
        }
        const id = await this.importTemplate(trx, channel, template, readAt);
        if (id !== undefined) imported.push(id);
      }
      const abandoned = rows.filter(
        (r) =>
          r.rawStatus === TEMPLATE_RESERVED && r.createdAt.getTime() < abandonedBefore && !adopted.has(r.id),
      );
      await this.templates.deleteByIds(
        abandoned.map((r) => r.id),
        trx,
      );
      return { imported, updated, removed: abandoned };
    });
    await this.service.publishUpdated([...imported, ...updated]);
    this.service.publishDeleted(channel.companyId, removed);
    return { imported: imported.length, updated: updated.length, total: listed.length };
  }

  /** A reservation left behind whose template the provider has: it becomes that template, with our components. */
  private async adopt(
    trx: Executor,
    row: TemplateStatusRow,
    template: ProviderTemplate,
    readAt: Date,
  ): Promise<void> {
    await this.templates.setProviderState(
      trx,
      row.id,
      {
        status: templateStatusFromProvider(template.rawStatus) ?? 'submitted',
        rawStatus: normalizeProviderTemplateStatus(template.rawStatus) ?? template.rawStatus.slice(0, 24),
        reason: reasonOf(template.reason),
        statusAt: readAt,
      },
      {
        providerTemplateId: template.providerTemplateId,
        providerAccountId: template.accountId ?? null,
      },
    );
  }

  private async reconcile(
    trx: Executor,
    row: TemplateStatusRow & { reason: string | null },
    template: ProviderTemplate,
    readAt: Date,
  ): Promise<boolean> {
    const status = templateStatusFromProvider(template.rawStatus);
    if (status === null) return false;
    const rawStatus = normalizeProviderTemplateStatus(template.rawStatus) ?? template.rawStatus;
    const reason = reasonOf(template.reason);
    const newId = !row.providerTemplateId && template.providerTemplateId ? template.providerTemplateId : null;
    const newAccount = !row.providerAccountId && template.accountId ? template.accountId : null;
    const same = row.status === status && row.rawStatus === rawStatus && row.reason === reason;
    if (same && !newId && !newAccount) return false;
    await this.templates.setProviderState(
      trx,
      row.id,
      { status, rawStatus, reason, statusAt: readAt },
      {
        providerTemplateId: newId,
        providerAccountId: newAccount,
        // Ours keep the components we built (our URL of the header file); imported ones follow the provider.
        ...(row.origin === 'imported' ? { components: template.components } : {}),
      },
    );
    return true;
  }

  private importTemplate(
    trx: Executor,
    channel: ChannelRow,
    template: ProviderTemplate,
    readAt: Date,
  ): Promise<number | undefined> {
    const rawStatus = normalizeProviderTemplateStatus(template.rawStatus);
    if (isGone(template)) return Promise.resolve(undefined);
    const components = template.components as TemplateComponent[];
    return this.templates.insertImported(
      trx,
      {
        companyId: channel.companyId,
        channelId: channel.id,
        name: template.name,
        language: template.language,
        type: 'NORMAL_TEMPLATE',
        category: templateCategoryFromProvider(template.category),
        components,
        variables: templateVariableCount(templateBodyText(components)),
        origin: 'imported',
        providerTemplateId: template.providerTemplateId,
        providerAccountId: template.accountId ?? null,
        status: templateStatusFromProvider(template.rawStatus) ?? 'submitted',
        rawStatus: rawStatus ?? template.rawStatus.slice(0, 24),
        reason: reasonOf(template.reason),
      },
      readAt,
    );
  }
}
