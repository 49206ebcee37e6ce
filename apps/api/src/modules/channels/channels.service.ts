import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SecretBox } from '../../common/crypto/secret-box';
import { AppException } from '../../common/errors/app.exception';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { ChannelCredentials, ChannelPlatform } from '../../providers/channels/channel-provider';
import { Channel } from './entities/channel.entity';

const CHANNEL_CACHE_MS = 5000;
const CHANNEL_NOT_FOUND = 'El canal no existe.';

@Injectable()
export class ChannelsService {
  private readonly box: SecretBox;
  private readonly byProviderId = new Map<string, { channel: Channel | null; expires: number }>();

  constructor(
    @InjectRepository(Channel) private readonly channels: Repository<Channel>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.box = new SecretBox(config.encryptionKey);
  }

  sealToken(token: string | null): string | null {
    return token ? this.box.seal(token) : null;
  }

  /**
   * The channel a webhook names, by the provider's own id; null for one we do not know. Cached for a few
   * seconds: every inbound message asks, and channels change rarely (a change is seen within the TTL).
   */
  async findByProviderId(platform: ChannelPlatform, providerId: string): Promise<Channel | null> {
    const key = `${platform}:${providerId}`;
    const cached = this.byProviderId.get(key);
    if (cached && cached.expires > Date.now()) return cached.channel;
    const channel = await this.channels.findOneBy({ platform, providerId });
    if (this.byProviderId.size > 10_000) this.byProviderId.clear();
    this.byProviderId.set(key, { channel, expires: Date.now() + CHANNEL_CACHE_MS });
    return channel;
  }

  /** A channel was just created for this id: the next webhook must find it, not a cached "unknown". */
  forgetProviderId(platform: ChannelPlatform, providerId: string): void {
    this.byProviderId.delete(`${platform}:${providerId}`);
  }

  findById(id: number): Promise<Channel | null> {
    return this.channels.findOneBy({ id });
  }

  /**
   * A channel the caller names by id. A missing one and another company's one are both bad input (400 on
   * `field`, nothing read or changed): telling them apart would let a caller probe other companies' ids.
   */
  async getForCompany(companyId: number, id: number, field = 'channelId'): Promise<Channel> {
    const channel = Number.isSafeInteger(id) ? await this.channels.findOneBy({ id, companyId }) : null;
    if (!channel) throw AppException.validation(field, CHANNEL_NOT_FOUND);
    return channel;
  }

  listForCompany(companyId: number): Promise<Channel[]> {
    return this.channels.find({ where: { companyId }, order: { id: 'ASC' } });
  }

  credentials(channel: Channel): ChannelCredentials {
    return {
      platform: channel.platform,
      providerId: channel.providerId,
      accessToken: channel.accessToken ? this.box.open(channel.accessToken) : '',
      phone: channel.phone,
    };
  }
}
