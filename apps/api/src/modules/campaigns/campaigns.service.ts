import {
  type AccountStatusView,
  CAMPAIGN_MESSAGES,
  CAMPAIGNS_LISTED_AFTER,
  type CampaignUpdatedPayload,
  type CampaignView,
  campaignCost,
  campaignStatusLabel,
  campaignsRoom,
  conjunctionFor,
  dailyLimitFromTier,
  isTagConjunction,
  isValidPhone,
  offeredForCampaign,
  parseCampaignSendAt,
  phoneCountryCode,
  pricedCategory,
  qualityGate,
  recipientPrice,
  sendsTemplates,
  validateCampaignDraft,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import type { TemplateComponent } from '../../database/column-types';
import { JobQueueService } from '../../jobs/job-queue.service';
import { ProviderError } from '../../providers/channels/channel-provider';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelRegistry } from '../channels/channel-registry.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { TagsAdminService } from '../tags/tags-admin.service';
import { TemplatesRepository } from '../templates/templates.repository';
import {
  type AudienceMember,
  type CampaignRow,
  CampaignsRepository,
  type Conjunction,
  type NewRecipient,
} from './campaigns.repository';
import type { CreateCampaignInput } from './dto/campaign.input';

export type { AccountStatusView, CampaignView };

const LISTED_AFTER = new Date(`${CAMPAIGNS_LISTED_AFTER}T23:59:59.999Z`);

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

function conjunctionOf(value: string | null | undefined, tagCount: number): Conjunction | null {
  return conjunctionFor(tagCount, isTagConjunction(value) ? value : null);
}

/**
 * Issue 18, broadcast campaigns (01 §2.7, §7 Campaigns): the wizard's calls and the campaign's lifecycle. A campaign
 * is created SCHEDULED with a start job at its sendAt; CampaignDispatcherService does the sending.
 */
@Injectable()
export class CampaignsService {
  private readonly logger = new Logger(CampaignsService.name);

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly channels: ChannelsService,
    private readonly registry: ChannelRegistry,
    private readonly templates: TemplatesRepository,
    private readonly tags: TagsAdminService,
    private readonly clients: ClientsService,
    private readonly jobs: JobQueueService,
    private readonly realtime: RealtimeService,
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // Reading.

  async list(user: AuthUser, channelId: number | null): Promise<CampaignView[]> {
    if (channelId !== null) await this.channels.getForCompany(user.companyId, channelId);
    const rows = await this.campaigns.listOfCompany(user.companyId, channelId, LISTED_AFTER);
    return this.views(user.companyId, rows);
  }

  /** 01 §7 / 02 §7 "campaigns by company or channel": the company is the token's; naming another one is refused. */
  async listOf(
    user: AuthUser,
    companyId: number | null | undefined,
    channelId: number | null | undefined,
  ): Promise<CampaignView[]> {
    if (companyId !== null && companyId !== undefined && companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', { message: 'Campaigns of another company' });
    }
    return this.list(user, channelId ?? null);
  }

  async get(user: AuthUser, id: number): Promise<CampaignRow> {
    const row = await this.campaigns.findOfCompany(user.companyId, id);
    if (!row) throw new AppException('CAMPAIGN_NOT_FOUND', { field: 'campaignId' });
    return row;
  }

  async views(companyId: number, rows: readonly CampaignRow[]): Promise<CampaignView[]> {
    const tags = await this.campaigns.tagsOfCompany(
      companyId,
      rows.flatMap((row) => row.tagIds),
    );
    const byId = new Map(tags.map((tag) => [tag.id, tag]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      channelId: row.channelId,
      companyId: row.companyId,
      status: row.status,
      statusLabel: campaignStatusLabel(row.status),
      selectedTags: row.tagIds.flatMap((id) => {
        const tag = byId.get(id);
        return tag ? [tag] : [];
      }),
      conjunction: conjunctionOf(row.conjunction, row.tagIds.length),
      templateId: row.templateId,
      templateName: row.template.name,
      fileUrl: row.fileUrl,
      sendAt: row.sendAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      lastSendAt: iso(row.lastSendAt),
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      totalCost: Number(row.totalCost),
    }));
  }

  async view(companyId: number, row: CampaignRow): Promise<CampaignView> {
    const [view] = await this.views(companyId, [row]);
    return view;
  }

  /** The table hears of a campaign's status and progress (users holding `campaigns`). */
  async publish(campaignId: number): Promise<void> {
    const row = await this.campaigns.findById(campaignId);
    if (!row) return;
    const payload: CampaignUpdatedPayload = {
      id: row.id,
      status: row.status,
      statusLabel: campaignStatusLabel(row.status),
      total: row.total,
      sent: row.sent,
      failed: row.failed,
      lastSendAt: iso(row.lastSendAt),
    };
    this.realtime.emit([campaignsRoom(row.companyId)], 'campaignUpdated', payload);
  }

  // ---------------------------------------------------------------------------------------------------------
  // The wizard's helpers.

  /** The tags step: the company's tags with how many contacts of the channel carry each. */
  async tagsOfChannel(user: AuthUser, channelId: number) {
    const channel = await this.campaignChannel(user, channelId);
    const rows = await this.campaigns.tagsWithContacts(user.companyId, channel.id);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  /** Who the tags reach now on the channel: valid numbers only, one per contact. */
  async audience(
    user: AuthUser,
    input: { channelId: number; templateId?: number | null; tagsIds: number[]; conjunction?: string | null },
  ): Promise<{ recipients: number }> {
    const { channel, members } = await this.audienceOf(user, input);
    // The template does not change who receives it, but one that is not the company's is still bad input.
    if (input.templateId !== null && input.templateId !== undefined) {
      await this.offeredTemplate(user, channel, input.templateId);
    }
    return { recipients: members.length };
  }

  /** POST /broadcast/getTotalPricing: what the campaign costs, per recipient by the number's country. */
  async pricing(
    user: AuthUser,
    input: { channelId: number; templateId?: number | null; tagsIds: number[]; conjunction?: string | null },
  ): Promise<{ totalCost: number; recipients: number }> {
    const { channel, members } = await this.audienceOf(user, input);
    const template =
      input.templateId === null || input.templateId === undefined
        ? null
        : await this.offeredTemplate(user, channel, input.templateId);
    const category = pricedCategory(template?.category ?? 'marketing');
    return {
      totalCost: campaignCost(
        members.map((m) => m.senderId),
        category,
      ),
      recipients: members.length,
    };
  }

  /** GET /broadcast/get360Status: the number's daily tier and quality, from its provider (kept on the channel). */
  async accountStatus(
    user: AuthUser,
    query: { providerId?: string | null; channelId?: number | null },
  ): Promise<AccountStatusView> {
    const providerId = query.providerId?.trim() ?? '';
    const byProvider = providerId
      ? await this.campaigns.channelIdByProviderId(user.companyId, providerId)
      : undefined;
    // A providerId names one of the company's numbers, and the same one as channelId when both are given.
    if (providerId && (byProvider === undefined || (query.channelId && byProvider !== query.channelId))) {
      throw AppException.validation('providerId', CAMPAIGN_MESSAGES.channelNotFound);
    }
    const channelId = query.channelId || byProvider;
    if (channelId === undefined) {
      throw AppException.validation('providerId', CAMPAIGN_MESSAGES.channelNotFound);
    }
    return this.readAccountStatus(await this.campaignChannel(user, channelId));
  }

  async readAccountStatus(channel: ChannelRow): Promise<AccountStatusView> {
    const adapter = this.registry.get(channel.platform);
    let tier = channel.currentLimit;
    let quality = channel.qualityRating;
    let perSecond: number | null = null;
    if (adapter.accountStatus) {
      try {
        const status = await adapter.accountStatus(this.channels.credentials(channel));
        tier = status.tier ?? tier;
        quality = status.quality;
        perSecond = status.messagesPerSecond;
        await this.campaigns.rememberAccountStatus(channel.id, tier, quality);
      } catch (error) {
        // What the number said last is kept: the cards and the limits still have something true-ish to show.
        if (!(error instanceof ProviderError)) throw error;
        this.logger.warn(`account status of channel ${channel.id}: ${error.message}`);
      }
    }
    const limit = dailyLimitFromTier(tier);
    return {
      current_limit: tier ?? 'NA',
      current_quality_rating: normalizeQuality(quality),
      dailyLimit: Number.isFinite(limit) ? limit : null,
      messagesPerSecond: channel.campaignRate ?? perSecond ?? 80,
    };
  }

  // ---------------------------------------------------------------------------------------------------------
  // Creating, pausing, deleting.

  async create(user: AuthUser, input: CreateCampaignInput): Promise<CampaignView> {
    const channel = await this.campaignChannel(user, input.channelId);
    const timeZone = await this.clients.timeZone(user.companyId);
    const errors = validateCampaignDraft(
      {
        name: input.name,
        tagsIds: input.tagsIds,
        conjunction: input.conjunction ?? null,
        templateId: input.templateId,
        sendAt: input.sendAt,
        shouldCreateTag: input.shouldCreateTag === true,
        tagToCreate: input.tagToCreate ?? null,
        fileUrl: input.fileUrl ?? null,
      },
      { now: new Date(), timeZone },
    );
    const [field, message] = Object.entries(errors)[0] ?? [];
    if (field === 'tagToCreate' && !input.tagToCreate?.name?.trim()) {
      throw new AppException('TAG_NAME_EMPTY', { field });
    }
    if (field && message) throw AppException.validation(field, message);
    const tagIds = [...new Set(input.tagsIds)];
    const owned = await this.campaigns.tagsOfCompany(user.companyId, tagIds);
    if (owned.length !== tagIds.length)
      throw AppException.validation('tagsIds', CAMPAIGN_MESSAGES.tagsInvalid);
    const template = await this.offeredTemplate(user, channel, input.templateId);
    const status = await this.readAccountStatus(channel);
    if (qualityGate(status.current_quality_rating) === 'block') {
      throw new AppException('CAMPAIGN_QUALITY_BLOCKED', { field: 'channelId' });
    }
    const fileUrl = input.fileUrl?.trim() || null;
    if (fileUrl !== null && !/^https?:\/\//.test(fileUrl)) {
      throw AppException.validation('fileUrl', CAMPAIGN_MESSAGES.fileRequired);
    }
    const sendAt = parseCampaignSendAt(input.sendAt) as Date;
    const conjunction = conjunctionOf(input.conjunction, tagIds.length);
    const { members } = await this.audienceOf(user, {
      channelId: channel.id,
      tagsIds: tagIds,
      conjunction,
    });
    const totalCost = campaignCost(
      members.map((m) => m.senderId),
      pricedCategory(template.category),
    );
    const campaignTag =
      input.shouldCreateTag === true && input.tagToCreate
        ? await this.tags.create(user, { name: input.tagToCreate.name ?? '', color: input.tagToCreate.color })
        : null;
    try {
      const row = await this.campaigns.transaction(async (trx) => {
        const created = await this.campaigns.insert(trx, {
          companyId: user.companyId,
          channelId: channel.id,
          name: input.name.trim(),
          type: 'TAG',
          tagIds,
          conjunction,
          templateId: template.id,
          template: {
            name: template.name,
            language: template.language,
            category: template.category,
            components: template.components as TemplateComponent[],
          },
          fileUrl,
          sendAt,
          campaignTagId: campaignTag?.id ?? null,
          totalCost: totalCost.toFixed(4),
          currentMessageLimit: status.dailyLimit,
          createdBy: user.id,
        });
        // The start job runs at sendAt (at once for a moment already past), on whichever instance is free.
        await this.jobs.enqueue(
          'campaign-start',
          { campaignId: created.id },
          { db: trx, runAt: sendAt, singletonKey: `campaign-start:${created.id}`, maxAttempts: 10 },
        );
        return created;
      });
      const view = await this.view(user.companyId, row);
      await this.publish(row.id);
      return view;
    } catch (error) {
      if (campaignTag) await this.tags.delete(user, campaignTag.id).catch(() => undefined);
      if (error instanceof AppException) throw error;
      this.logger.error(`campaign not created: ${String(error)}`);
      throw new AppException('ERROR_CREATING_CAMPAIGN', { message: String(error) });
    }
  }

  /** A running or scheduled campaign stops taking turns; what was sent stays sent. */
  async pause(user: AuthUser, id: number): Promise<CampaignView> {
    const row = await this.get(user, id);
    if (row.status !== 'IN_PROGRESS' && row.status !== 'SCHEDULED') {
      throw AppException.validation('campaignId', CAMPAIGN_MESSAGES.notPausable);
    }
    await this.campaigns.setStatus(undefined, id, 'PAUSED');
    await this.publish(id);
    return this.view(user.companyId, (await this.campaigns.findById(id)) as CampaignRow);
  }

  /** A paused campaign goes on: it starts if it never did, else the dispatcher takes it up where it was. */
  async resume(user: AuthUser, id: number): Promise<CampaignView> {
    const row = await this.get(user, id);
    if (row.status !== 'PAUSED') throw AppException.validation('campaignId', CAMPAIGN_MESSAGES.notResumable);
    const started = row.total > 0 || (await this.campaigns.hasRecipients(id));
    await this.campaigns.setStatus(undefined, id, started ? 'IN_PROGRESS' : 'SCHEDULED');
    if (started) await this.wakeDispatch(row.channelId);
    else
      await this.jobs.enqueue(
        'campaign-start',
        { campaignId: id },
        { runAt: row.sendAt, singletonKey: `campaign-start:${id}:resumed:${Date.now()}`, maxAttempts: 10 },
      );
    await this.publish(id);
    return this.view(user.companyId, (await this.campaigns.findById(id)) as CampaignRow);
  }

  /** DELETE /campaign/:id: stops it first (recipients not yet sent are skipped), then hides it everywhere. */
  async remove(user: AuthUser, id: number): Promise<{ id: number; deleted: true }> {
    await this.get(user, id);
    await this.campaigns.transaction(async (trx) => {
      const row = await this.campaigns.lockById(trx, id);
      if (!row || row.deletedAt) return;
      await this.campaigns.skipOpen(trx, id);
      const status = row.status === 'IN_PROGRESS' || row.status === 'SCHEDULED' ? 'PAUSED' : row.status;
      await this.campaigns.setStatus(trx, id, status, { deletedAt: new Date() });
    });
    await this.publish(id);
    return { id, deleted: true };
  }

  /** Wakes the number's dispatchers (one waiting job per slot; a running one goes on beside it). */
  async wakeDispatch(channelId: number, slots = 1): Promise<void> {
    for (let slot = 0; slot < slots; slot += 1) {
      await this.jobs.enqueue(
        'campaign-dispatch',
        { channelId, slot },
        { jobKey: `campaign-dispatch:${channelId}:${slot}`, maxAttempts: 25 },
      );
    }
  }

  // ---------------------------------------------------------------------------------------------------------

  /** A channel of the caller's company that sends WhatsApp templates. */
  private async campaignChannel(user: AuthUser, channelId: number): Promise<ChannelRow> {
    const channel = await this.channels.getForCompany(user.companyId, channelId);
    if (!sendsTemplates(channel.platform)) {
      throw AppException.validation('channelId', CAMPAIGN_MESSAGES.channelNotFound);
    }
    return channel;
  }

  private async offeredTemplate(user: AuthUser, channel: ChannelRow, templateId: number) {
    const [template] = await this.templates.views([templateId]);
    if (!template || template.companyId !== user.companyId) {
      throw AppException.validation('templateId', CAMPAIGN_MESSAGES.templateRequired);
    }
    if (!offeredForCampaign(template, channel.id)) {
      throw AppException.validation('templateId', CAMPAIGN_MESSAGES.templateNotOffered);
    }
    return template;
  }

  private async audienceOf(
    user: AuthUser,
    input: { channelId: number; tagsIds: number[]; conjunction?: string | null },
  ): Promise<{ channel: ChannelRow; members: AudienceMember[] }> {
    const channel = await this.campaignChannel(user, input.channelId);
    const tagIds = [...new Set(input.tagsIds)];
    if (tagIds.length === 0) throw AppException.validation('tagsIds', CAMPAIGN_MESSAGES.tagsRequired);
    if (
      input.conjunction !== null &&
      input.conjunction !== undefined &&
      !isTagConjunction(input.conjunction)
    ) {
      throw AppException.validation('conjunction', CAMPAIGN_MESSAGES.conjunctionInvalid);
    }
    const owned = await this.campaigns.tagsOfCompany(user.companyId, tagIds);
    if (owned.length !== tagIds.length)
      throw AppException.validation('tagsIds', CAMPAIGN_MESSAGES.tagsInvalid);
    const members = await this.campaigns.audience({
      companyId: user.companyId,
      channelId: channel.id,
      tagIds,
      conjunction: conjunctionOf(input.conjunction, tagIds.length),
    });
    return { channel, members: members.filter((m) => isValidPhone(m.senderId)) };
  }
}

export function recipientsOf(members: readonly AudienceMember[], category: string): NewRecipient[] {
  const priced = pricedCategory(category);
  return members
    .filter((m) => isValidPhone(m.senderId))
    .map((m) => ({
      clientId: m.clientId,
      phone: m.senderId,
      country: phoneCountryCode(m.senderId),
      cost: recipientPrice(m.senderId, priced),
    }));
}

function normalizeQuality(value: string | null | undefined): AccountStatusView['current_quality_rating'] {
  const upper = (value ?? '').toUpperCase();
  if (upper === 'HIGH' || upper === 'GREEN') return 'HIGH';
  if (upper === 'MEDIUM' || upper === 'YELLOW') return 'MEDIUM';
  if (upper === 'LOW' || upper === 'RED') return 'LOW';
  return 'NA';
}
