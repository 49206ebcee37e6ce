import { MESSENGER_SYNC_MESSAGES, planMessengerSync, platformOf, VALIDATION_MESSAGES } from '@crm/shared';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/unique-name';
import { ProviderError } from '../../providers/channels/channel-provider';
import {
  type LongLivedUserToken,
  type MessengerPage,
  MessengerPagesClient,
} from '../../providers/channels/messenger/messenger-pages.client';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';
import type { ChannelModel } from './models/channel.model';

/** A long-lived user token lasts about 60 days; Graph omits expires_in for tokens that do not expire. */
const DEFAULT_TOKEN_DAYS = 60;

const M = MESSENGER_SYNC_MESSAGES;

export interface MessengerSyncError {
  pageId: string;
  name: string;
  code: string;
  message: string;
}

export interface MessengerSyncResult {
  /** The company's Messenger channels after the sync. */
  channels: ChannelModel[];
  created: number[];
  activated: number[];
  deactivated: number[];
  /** 02 §4: the per-page errors, returned rather than thrown. */
  errors: MessengerSyncError[];
}

/**
 * 02 §4 Messenger channel sync: the company's Facebook Pages become its Messenger channels. The Graph calls are
 * the Messenger adapter's (providers/channels/messenger); this service applies the rule to the company's rows.
 */
@Injectable()
export class MessengerSyncService {
  private readonly logger = new Logger(MessengerSyncService.name);
  private readonly graph: MessengerPagesClient;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly repository: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly admin: ChannelAdminService,
  ) {
    this.graph = new MessengerPagesClient({
      graphUrl: config.messengerGraphUrl,
      appId: config.messengerAppId,
      appSecret: config.messengerAppSecret,
    });
  }

  /** 02 §7 POST /fbUserPermanentToken: the long-lived token for the user token Facebook Login gave the browser. */
  async permanentToken(accessToken: string): Promise<{ token: string; expiresAt: string | null }> {
    const long = await this.exchange(accessToken);
    return { token: long.token, expiresAt: long.expiresAt?.toISOString() ?? null };
  }

  async sync(user: AuthUser, accessToken: string): Promise<MessengerSyncResult> {
    const long = await this.exchange(accessToken);
    const pages = await this.fromGraph(() => this.graph.listPages(long.token));
    const expiresAt = long.expiresAt ?? new Date(Date.now() + DEFAULT_TOKEN_DAYS * 86_400_000);

    const known = await this.repository.pagesOf(user.companyId, 'messenger');
    // A Page is one channel across the product (webhooks name it by its id): another company's stays theirs.
    const takenIds = new Set(
      await this.repository.pagesOfOthers(
        user.companyId,
        'messenger',
        pages.map((p) => p.pageId),
      ),
    );
    const errors: MessengerSyncError[] = [];
    const plan = planMessengerSync(
      known,
      pages.filter((page) => {
        if (!takenIds.has(page.pageId)) return true;
        errors.push(pageError(page, 'PAGE_LINKED_TO_OTHER_COMPANY', M.pageOfOtherCompany));
        return false;
      }),
    );
    const result: MessengerSyncResult = { channels: [], created: [], activated: [], deactivated: [], errors };

    for (const { channelId, page } of plan.refresh) {
      const failure = await this.subscribe(page);
      if (failure) {
        errors.push(failure);
        continue;
      }
      const wasActive = known.find((k) => k.channelId === channelId)?.isActive === true;
      // 02 §4: activation sets useChatbot false; an already active channel keeps its chatbot.
      await this.repository.refreshMessengerPage(channelId, {
        accessToken: this.channels.sealToken(page.pageToken),
        imageUrl: page.pictureUrl,
        expiresAt,
      });
      if (!wasActive) result.activated.push(channelId);
    }

    if (plan.deactivate.length > 0) {
      await this.repository.deactivate(user.companyId, plan.deactivate);
      result.deactivated.push(...plan.deactivate);
    }

    for (const page of plan.create) {
      const failure = await this.subscribe(page);
      if (failure) {
        errors.push(failure);
        continue;
      }
      try {
        result.created.push(await this.create(user.companyId, page, expiresAt));
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Another sync (of this or another company) connected the Page first.
        errors.push(pageError(page, 'PAGE_LINKED_TO_OTHER_COMPANY', M.pageOfOtherCompany));
      }
    }

    const changed = [...result.created, ...result.activated, ...result.deactivated];
    if (changed.length > 0) await this.admin.notify(user, changed, 'messengerSync');
    result.channels = (await this.admin.list(user.companyId)).filter((c) => platformOf(c.platform)?.pageSync);
    return result;
  }

  /** 02 §7 POST /setExpirationDate: when the channel's Page token stops working, as Graph says today. */
  async setExpirationDate(
    user: AuthUser,
    channelId: number,
  ): Promise<{ channelId: number; expiresAt: string | null }> {
    const channel = await this.channels.getForCompany(user.companyId, channelId);
    if (!platformOf(channel.platform)?.tokenExpires || !channel.accessToken) {
      throw AppException.validation('channelId', M.expiryIsMessengerOnly);
    }
    const { accessToken } = this.channels.credentials(channel);
    let expiresAt: Date | null;
    try {
      expiresAt = await this.graph.tokenExpiry(accessToken);
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'PROVIDER_AUTH_ERROR') {
        throw AppException.validation('channelId', M.pageTokenExpired);
      }
      throw this.providerFailure(error);
    }
    await this.repository.setExpiresAt(channelId, expiresAt);
    return { channelId, expiresAt: expiresAt?.toISOString() ?? null };
  }

  private async create(companyId: number, page: MessengerPage, expiresAt: Date): Promise<number> {
    return this.repository.transaction(async (trx) => {
      const id = await this.repository.create(trx, {
        companyId,
        name: page.name.slice(0, 120),
        platform: 'messenger',
        providerId: page.pageId,
        pageId: page.pageId,
        accessToken: this.channels.sealToken(page.pageToken),
        imageUrl: page.pictureUrl?.slice(0, 500) ?? null,
        isActive: true,
        useChatbot: false,
        expiresAt,
      });
      // 02 §4: new pages go to the company's default space.
      await this.repository.addToDefaultSpace(trx, companyId, id);
      return id;
    });
  }

  /** Subscribes the Page's webhooks; a refusal is this page's error, not the whole sync's. */
  private async subscribe(page: MessengerPage): Promise<MessengerSyncError | null> {
    if (!page.pageToken) {
      return pageError(page, 'PAGE_WITHOUT_MESSAGING', M.noMessagingPermission);
    }
    try {
      await this.graph.subscribePage(page.pageId, page.pageToken);
      return null;
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn(`Messenger page ${page.pageId} not subscribed: ${error.message}`);
      if (error.retryable) {
        return pageError(page, error.code, M.facebookDown);
      }
      return pageError(page, error.code, M.facebookRefused(error.info));
    }
  }

  private async exchange(accessToken: string): Promise<LongLivedUserToken> {
    const token = accessToken?.trim() ?? '';
    if (token === '') throw AppException.validation('accessToken', VALIDATION_MESSAGES.required);
    return this.fromGraph(() => this.graph.exchangeUserToken(token));
  }

  /** A Graph failure of the whole operation: a refused token is the caller's input (400), the rest is Meta's. */
  private async fromGraph<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof ProviderError && error.code === 'PROVIDER_AUTH_ERROR') {
        throw AppException.validation('accessToken', M.tokenRefused);
      }
      throw this.providerFailure(error);
    }
  }

  private providerFailure(error: unknown): unknown {
    if (!(error instanceof ProviderError)) return error;
    this.logger.warn(`Graph API call failed: ${error.message}`);
    if (error.code === 'PROVIDER_RATE_LIMITED')
      return new AppException('PROVIDER_RATE_LIMITED', { message: error.info });
    if (error.retryable) return new AppException('PROVIDER_UNAVAILABLE', { message: error.info });
    return new AppException('ERROR_GETTING_CHANNELS', { message: error.info });
  }
}

function pageError(page: MessengerPage, code: string, message: string): MessengerSyncError {
  return { pageId: page.pageId, name: page.name, code, message };
}
