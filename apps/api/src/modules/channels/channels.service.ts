import { SPACE_MESSAGES } from '@crm/shared';
import { Inject, Injectable } from '@nestjs/common';
import { SecretBox, secretBoxFor } from '../../common/crypto/secret-box';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ChannelCredentials, ChannelPlatform } from '../../providers/channels/channel-provider';
import { type ChannelRow, ChannelsRepository } from './channels.repository';

const CHANNEL_CACHE_MS = 5000;
const CHANNEL_NOT_FOUND = SPACE_MESSAGES.channelNotFound;

@Injectable()
export class ChannelsService {
  private readonly box: SecretBox;
  private readonly byProviderId = new Map<string, { channel: ChannelRow | null; expires: number }>();

  constructor(
    private readonly channels: ChannelsRepository,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = secretBoxFor(config);
  }

  sealToken(token: string | null): string | null {
    return token ? this.box.seal(token) : null;
  }

  /**
   * The channel a webhook names, by the provider's own id; null for one we do not know. Cached for a few
   * seconds: every inbound message asks, and channels change rarely (a change is seen within the TTL).
   */
  async findByProviderId(platform: ChannelPlatform, providerId: string): Promise<ChannelRow | null> {
    const key = `${platform}:${providerId}`;
    const cached = this.byProviderId.get(key);
    if (cached && cached.expires > Date.now()) return cached.channel;
    const channel = (await this.channels.findByProviderId(platform, providerId)) ?? null;
    if (this.byProviderId.size > 10_000) this.byProviderId.clear();
    this.byProviderId.set(key, { channel, expires: Date.now() + CHANNEL_CACHE_MS });
    return channel;
  }

  /** A channel was just created for this id: the next webhook must find it, not a cached "unknown". */
  forgetProviderId(platform: ChannelPlatform, providerId: string): void {
    this.byProviderId.delete(`${platform}:${providerId}`);
  }

  async findById(id: number): Promise<ChannelRow | null> {
    return (await this.channels.findById(id)) ?? null;
  }

  /**
   * A channel the caller names by id. A missing one and another company's one are both bad input (400 on
   * `field`, nothing read or changed): telling them apart would let a caller probe other companies' ids.
   */
  async getForCompany(companyId: number, id: number, field = 'channelId'): Promise<ChannelRow> {
    const channel = Number.isSafeInteger(id) ? await this.channels.findForCompany(companyId, id) : undefined;
    if (!channel) throw AppException.validation(field, CHANNEL_NOT_FOUND);
    return channel;
  }

  listForCompany(companyId: number): Promise<ChannelRow[]> {
    return this.channels.listForCompany(companyId);
  }

  credentials(
    channel: Pick<ChannelRow, 'platform' | 'providerId' | 'accessToken' | 'phone'>,
  ): ChannelCredentials {
    return {
      platform: channel.platform,
      providerId: channel.providerId,
      accessToken: channel.accessToken ? this.box.open(channel.accessToken) : '',
      phone: channel.phone,
    };
  }
}
