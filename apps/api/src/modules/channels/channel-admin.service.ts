import { channelNameError } from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { queryRows } from '../../database/query-rows';
import { RealtimeService } from '../../realtime/realtime.service';
import { notifyUserData, spaceAudience } from '../spaces/space-audience';
import { ChannelsService } from './channels.service';
import type { ChannelModel } from './models/channel.model';

const CHANNEL_COLUMNS = `c.id, c.name, c.platform, c.phone, c."pageId", c."imageUrl", c."isActive", c."useChatbot",
  c."qualityRating", c."currentLimit", to_json(c."expiresAt") #>> '{}' AS "expiresAt",
  to_json(c."createdAt") #>> '{}' AS "createdAt", slot.status AS "slotStatus",
  coalesce((SELECT array_agg(sc."spaceId" ORDER BY sc."spaceId") FROM space_channels sc WHERE sc."channelId" = c.id),
           '{}') AS "spaceIds"`;

/** 02 §4 Channels: what an admin changes on a channel (active, chatbot, name) and how the spaces screen reads it. */
@Injectable()
export class ChannelAdminService {
  private readonly logger = new Logger(ChannelAdminService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly channels: ChannelsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The company's channels, or those of the given spaces (already checked to be the company's). */
  async list(companyId: number, spaceIds?: readonly number[]): Promise<ChannelModel[]> {
    const rows: ChannelModel[] = await this.dataSource.query(
      `SELECT ${CHANNEL_COLUMNS}
         FROM channels c LEFT JOIN channel_slots slot ON slot."channelId" = c.id
        WHERE c."companyId" = $1
          AND ($2::int[] IS NULL OR EXISTS (SELECT 1 FROM space_channels sc
                                             WHERE sc."channelId" = c.id AND sc."spaceId" = ANY($2::int[])))
        ORDER BY c.id`,
      [companyId, spaceIds ? [...spaceIds] : null],
    );
    return rows;
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
    const [row] = await this.dataSource.query(
      `SELECT ${CHANNEL_COLUMNS} FROM channels c LEFT JOIN channel_slots slot ON slot."channelId" = c.id
        WHERE c.id = $1`,
      [id],
    );
    return row as ChannelModel;
  }

  /** 02 §4: isActive can be switched; activation also sets useChatbot false. */
  async setActive(user: AuthUser, id: number, isActive: boolean): Promise<ChannelModel> {
    await this.channels.getForCompany(user.companyId, id, 'id');
    await this.dataSource.query(
      isActive
        ? `UPDATE channels SET "isActive" = true, "useChatbot" = false, "updatedAt" = now() WHERE id = $1`
        : `UPDATE channels SET "isActive" = false, "updatedAt" = now() WHERE id = $1`,
      [id],
    );
    await this.notify(user, [id], isActive ? 'channelActivated' : 'channelDeactivated');
    return this.get(user.companyId, id);
  }

  async setChatbot(user: AuthUser, id: number, useChatbot: boolean): Promise<ChannelModel> {
    const channel = await this.channels.getForCompany(user.companyId, id, 'id');
    if (useChatbot && !channel.isActive) {
      throw AppException.validation('useChatbot', 'Activa el canal antes de encender el chatbot.');
    }
    await this.failingAs('ERROR_UPDATING_CHATBOT_STATUS', 'Error updating chatbot status', async () => {
      const updated = queryRows(
        await this.dataSource.query(
          `UPDATE channels SET "useChatbot" = $2, "updatedAt" = now() WHERE id = $1 AND "companyId" = $3 RETURNING id`,
          [id, useChatbot, user.companyId],
        ),
      );
      if (updated.length === 0) throw new Error(`Channel ${id} vanished while its chatbot was switched`);
    });
    return this.get(user.companyId, id);
  }

  async rename(user: AuthUser, id: number, rawName: string): Promise<ChannelModel> {
    const error = channelNameError(rawName);
    if (error) throw AppException.validation('name', error);
    await this.channels.getForCompany(user.companyId, id, 'id');
    // 02 §8: the catalogue gives this failure in English; the code carries the Spanish text.
    await this.failingAs('ERROR_UPDATING_CHANNEL_NAME', 'Error updating channel name', async () => {
      const updated = queryRows(
        await this.dataSource.query(
          `UPDATE channels SET name = $2, "updatedAt" = now() WHERE id = $1 AND "companyId" = $3 RETURNING id`,
          [id, rawName.trim(), user.companyId],
        ),
      );
      if (updated.length === 0) throw new Error(`Channel ${id} vanished while it was renamed`);
    });
    await this.notify(user, [id], 'channelRenamed');
    return this.get(user.companyId, id);
  }

  /** Users whose channel lists hold these channels load their data again (02 §7 updateUserData). */
  async notify(user: AuthUser, channelIds: readonly number[], reason: string): Promise<void> {
    const audience = await spaceAudience(this.dataSource, user.companyId, { channelIds });
    notifyUserData(this.realtime, user.companyId, user.id, audience, reason);
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
