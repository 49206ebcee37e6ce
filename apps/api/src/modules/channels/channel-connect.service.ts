import { CHANNEL_CONNECT_MESSAGES, CHANNEL_NAME_MAX, e164Digits } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { isUniqueViolation } from '../../database/unique-name';
import {
  type ChannelConnectInputs,
  type ConnectablePlatform,
  type ConnectedNumber,
  ConnectRefusedError,
} from '../../providers/channels/channel-connector';
import { ProviderError } from '../../providers/channels/channel-provider';
import { ChannelAdminService } from './channel-admin.service';
import { ChannelRegistry } from './channel-registry.service';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';
import type {
  ConnectDialog360ChannelInput,
  ConnectSmsChannelInput,
  ConnectWhatsappCloudChannelInput,
} from './dto/connect-channel.input';
import type { ChannelModel } from './models/channel.model';

/**
 * Numbers an admin connects by hand on the channels screen (SMS through Twilio, 360dialog, an existing Cloud API
 * number). The provider checks what was typed before anything is stored; the number then becomes an active channel
 * of the company's default space, like the Pages of a Messenger sync (02 §4). How each provider checks a number
 * is its adapter's business (ChannelRegistry.connector).
 */
@Injectable()
export class ChannelConnectService {
  private readonly logger = new Logger(ChannelConnectService.name);

  constructor(
    private readonly repository: ChannelsRepository,
    private readonly registry: ChannelRegistry,
    private readonly channels: ChannelsService,
    private readonly admin: ChannelAdminService,
  ) {}

  connectSms(user: AuthUser, input: ConnectSmsChannelInput): Promise<ChannelModel> {
    return this.connect(user, 'sms', input.name, {
      accountSid: input.accountSid.trim(),
      authToken: input.authToken.trim(),
      phoneNumber: e164Digits(input.phoneNumber),
    });
  }

  connectDialog360(user: AuthUser, input: ConnectDialog360ChannelInput): Promise<ChannelModel> {
    return this.connect(user, 'dialog360', input.name, {
      apiKey: input.apiKey.trim(),
      phoneNumber: e164Digits(input.phoneNumber),
    });
  }

  connectWhatsappCloud(user: AuthUser, input: ConnectWhatsappCloudChannelInput): Promise<ChannelModel> {
    return this.connect(user, 'whatsapp_cloud', input.name, {
      phoneNumberId: input.phoneNumberId.trim(),
      wabaId: input.wabaId.trim(),
      accessToken: input.accessToken.trim(),
    });
  }

  private async connect<P extends ConnectablePlatform>(
    user: AuthUser,
    platform: P,
    name: string | null | undefined,
    input: ChannelConnectInputs[P],
  ): Promise<ChannelModel> {
    const connector = this.registry.connector(platform);
    let number: ConnectedNumber;
    try {
      number = await connector.connect(input);
    } catch (error) {
      throw this.refusal(platform, error);
    }
    const channelName = name?.trim() || number.defaultName.slice(0, CHANNEL_NAME_MAX);
    const taken = await this.duplicate(
      user.companyId,
      platform,
      number.providerId,
      connector.providerIdField,
    );
    if (taken) throw taken;
    let id: number;
    try {
      id = await this.create(user.companyId, platform, number, channelName);
    } catch (error) {
      // Two connections of the same number at once: the unique index lets one through.
      if (!isUniqueViolation(error)) throw error;
      throw (
        (await this.duplicate(user.companyId, platform, number.providerId, connector.providerIdField)) ??
        error
      );
    }
    // A webhook may have asked for this id while it was unknown: that cached answer must not outlive the channel.
    this.channels.forgetProviderId(platform, number.providerId);
    await this.admin.notify(user, [id], 'channelCreated');
    return this.admin.get(user.companyId, id);
  }

  /** The channel and its place in the default space, together or not at all. */
  private create(
    companyId: number,
    platform: ConnectablePlatform,
    number: ConnectedNumber,
    name: string,
  ): Promise<number> {
    return this.repository.transaction(async (trx) => {
      const id = await this.repository.create(trx, {
        companyId,
        name,
        platform,
        providerId: number.providerId,
        phone: number.phone,
        accessToken: this.channels.sealToken(number.accessToken),
        qualityRating: number.qualityRating,
        isActive: true,
        useChatbot: false,
      });
      // 02 §4: a new channel goes to the company's default space, as Messenger sync and the sandbox do.
      await this.repository.addToDefaultSpace(trx, companyId, id);
      return id;
    });
  }

  /**
   * The refusal when the number is a channel already, or null. A number is one channel across the product (unique
   * index on platform and providerId), since webhooks name it by that id. Asked only after the provider accepted
   * the credentials, so saying whose it is tells nothing to someone who does not hold the number.
   */
  private async duplicate(
    companyId: number,
    platform: ConnectablePlatform,
    providerId: string,
    field: string,
  ): Promise<AppException | null> {
    // The cache may hold an answer from before a channel was created elsewhere.
    this.channels.forgetProviderId(platform, providerId);
    const owner = await this.channels.findByProviderId(platform, providerId);
    if (!owner) return null;
    const m = CHANNEL_CONNECT_MESSAGES;
    const userMessage = owner.companyId === companyId ? m.alreadyYours : m.alreadyOtherCompany;
    return new AppException('CHANNEL_ALREADY_CONNECTED', {
      field,
      fields: { [field]: userMessage },
      userMessage,
      message: `${platform} ${providerId} is a channel already`,
    });
  }

  /** What typed data the provider refused is a 400 on its field; a provider that fails is not the admin's fault. */
  private refusal(platform: ConnectablePlatform, error: unknown): unknown {
    if (error instanceof ConnectRefusedError) {
      this.logger.warn(`${platform} refused a channel connection on ${error.field}: ${error.info}`);
      return AppException.validation(error.field, error.userMessage);
    }
    if (!(error instanceof ProviderError)) return error;
    this.logger.warn(`${platform} failed while a channel was connected: ${error.message}`);
    const m = CHANNEL_CONNECT_MESSAGES;
    if (error.code === 'PROVIDER_RATE_LIMITED') {
      return new AppException('PROVIDER_RATE_LIMITED', {
        userMessage: m.providerRateLimited,
        message: error.info,
      });
    }
    // Retryable: down or timed out. Otherwise it answered, but not in a way the admin can fix from the form.
    return new AppException('PROVIDER_UNAVAILABLE', {
      userMessage: error.retryable ? m.providerDown : m.providerRefused,
      message: error.info,
    });
  }
}
