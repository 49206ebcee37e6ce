import { channelNameError, SPACE_MESSAGES } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { SpaceAudienceService } from '../space-audience/space-audience.service';
import { ChannelsRepository } from './channels.repository';
import { ChannelsService } from './channels.service';
import type { ChannelModel } from './models/channel.model';

/** 02 §4 Channels: what an admin changes on a channel (active, chatbot, name) and how the spaces screen reads it. */
@Injectable()
export class ChannelAdminService {
  private readonly logger = new Logger(ChannelAdminService.name);

  constructor(
    private readonly repository: ChannelsRepository,
    private readonly channels: ChannelsService,
    private readonly audience: SpaceAudienceService,
  ) {}

  /** The company's channels, or those of the given spaces (already checked to be the company's). */
  list(companyId: number, spaceIds?: readonly number[]): Promise<ChannelModel[]> {
    return this.repository.listings(companyId, spaceIds ?? null);
  }

  /** The channels of each space, for a list of spaces of one company. */
  async listBySpace(companyId: number, spaceIds: readonly number[]): Promise<Map<number, ChannelModel[]>> {
    const channels = await this.list(companyId, spaceIds);
    const bySpace = new Map<number, ChannelModel[]>(spaceIds.map((id) => [id, []]));
    for (const channel of channels) {
      for (const spaceId of channel.spaceIds) bySpace.get(spaceId)?.push(channel);
    }
    return bySpace;
  }

  async get(companyId: number, id: number): Promise<ChannelModel> {
    await this.channels.getForCompany(companyId, id, 'id');
    return (await this.repository.listingById(id)) as ChannelModel;
  }

  /** 02 §4: isActive can be switched; activation also sets useChatbot false. */
  async setActive(user: AuthUser, id: number, isActive: boolean): Promise<ChannelModel> {
    await this.channels.getForCompany(user.companyId, id, 'id');
    await this.repository.setActive(id, isActive);
    await this.notify(user, [id], isActive ? 'channelActivated' : 'channelDeactivated');
    return this.get(user.companyId, id);
  }

  async setChatbot(user: AuthUser, id: number, useChatbot: boolean): Promise<ChannelModel> {
    const channel = await this.channels.getForCompany(user.companyId, id, 'id');
    if (useChatbot && !channel.isActive) {
      throw AppException.validation('useChatbot', SPACE_MESSAGES.chatbotNeedsActiveChannel);
    }
    await this.failingAs('ERROR_UPDATING_CHATBOT_STATUS', 'Error updating chatbot status', async () => {
      const updated = await this.repository.setChatbot(user.companyId, id, useChatbot);
      if (!updated) throw new Error(`Channel ${id} vanished while its chatbot was switched`);
    });
    return this.get(user.companyId, id);
  }

  async rename(user: AuthUser, id: number, rawName: string): Promise<ChannelModel> {
    const error = channelNameError(rawName);
    if (error) throw AppException.validation('name', error);
    await this.channels.getForCompany(user.companyId, id, 'id');
    // 02 §8: the catalogue gives this failure in English; the code carries the Spanish text.
    await this.failingAs('ERROR_UPDATING_CHANNEL_NAME', 'Error updating channel name', async () => {
      const updated = await this.repository.rename(user.companyId, id, rawName.trim());
      if (!updated) throw new Error(`Channel ${id} vanished while it was renamed`);
    });
    await this.notify(user, [id], 'channelRenamed');
    return this.get(user.companyId, id);
  }

  /** Users whose channel lists hold these channels load their data again (02 §7 updateUserData). */
  async notify(user: AuthUser, channelIds: readonly number[], reason: string): Promise<void> {
    await this.audience.notifyOf(user, { channelIds }, reason);
  }

  /** A failure of ours while writing (never bad input, checked before) becomes the catalogue's code. */
  private async failingAs(
    code: 'ERROR_UPDATING_CHATBOT_STATUS' | 'ERROR_UPDATING_CHANNEL_NAME',
    message: string,
    write: () => Promise<void>,
  ): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (error instanceof AppException) throw error;
      this.logger.error(`${message}: ${String(error)}`);
      throw new AppException(code, { message });
    }
  }
}
