import {
  collapseSpaces,
  companyScopedKey,
  DEFAULT_TAG_COLOR,
  TAG_COLORS,
  TAG_MESSAGES,
  TAGS_LIMIT,
  tagNameError,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import type { AgentModel, TagModel } from './models/tag.model';
import { type TagChannelCount, type TagOwner, TagsRepository } from './tags.repository';

/**
 * How many conversations, most recently active first, get a fresh view when one of their tags is renamed or
 * deleted: open inboxes show the newest conversations, and an older row keeps a stale chip until it is reloaded
 * (harmless: removing a deleted tag is a no-op and adding one is refused), where re-sending every tagged
 * conversation could mean thousands of events for one click.
 */
export const TAG_CHANGE_REFRESH_LIMIT = 200;

function tagName(raw: string): string {
  const name = collapseSpaces(raw);
  if (!name) throw new AppException('TAG_NAME_EMPTY', { field: 'name' });
  const error = tagNameError(name);
  if (error) throw AppException.validation('name', error);
  return name;
}

function tagColor(raw: string | null | undefined): string {
  const color = (raw ?? DEFAULT_TAG_COLOR).toLowerCase();
  if (!(TAG_COLORS as readonly string[]).includes(color)) {
    throw AppException.validation('color', TAG_MESSAGES.colorNotInPalette);
  }
  return color;
}

/**
 * 02 §3/§5 tag administration (issue 6): name unique per company (case and spacing aside), a palette colour, at
 * most 50, predefined tags fixed. clientCount is counted from client_tags when read, so it is always right.
 */
@Injectable()
export class TagsAdminService {
  constructor(
    private readonly tags: TagsRepository,
    private readonly channels: ChannelsService,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The company's tags, predefined first, then by name: the inbox's pickers and the configuration. */
  list(companyId: number): Promise<TagModel[]> {
    return this.tags.list(companyId);
  }

  /**
   * 02 §6: with readUsers the whole team; without it the agent filter lists only the caller. Whoever can reassign
   * conversations also gets the whole team: they need someone to reassign to.
   */
  agents(user: AuthUser): Promise<AgentModel[]> {
    const everyone = user.permissions.readUsers === true || user.permissions.reasignConversations === true;
    return this.tags.agents(user.companyId, everyone, user.id);
  }

  private taggedConversations(tagId: number): Promise<number[]> {
    return this.tags.taggedConversations(tagId, TAG_CHANGE_REFRESH_LIMIT);
  }

  /** The same tagsUpdate the inbox gets when a tag is added or removed, so its chips follow the change. */
  private async emitTags(clientIds: number[]): Promise<void> {
    for (const view of await this.clients.views(clientIds)) {
      this.realtime.emit(conversationRooms(view), 'tagsUpdate', {
        clientId: view.id,
        tags: view.tags,
        client: view,
      });
    }
  }

  private async own(user: AuthUser, id: number): Promise<TagOwner> {
    const tag = await this.tags.owner(id);
    if (!tag || tag.companyId !== user.companyId) throw AppException.validation('id', TAG_MESSAGES.notFound);
    if (tag.isDefault) throw new AppException('PREDEFINED_TAG_CANNOT_BE_MODIFIED', { field: 'id' });
    return tag;
  }

  private async byId(id: number): Promise<TagModel> {
    const tag = await this.tags.byId(id);
    if (!tag) throw AppException.validation('id', TAG_MESSAGES.notFound);
    return tag;
  }

  async create(user: AuthUser, input: { name: string; color?: string | null }): Promise<TagModel> {
    const name = tagName(input.name);
    const color = tagColor(input.color);
    const row = await this.tags.create(
      user.companyId,
      { name, color, key: companyScopedKey(user.companyId, name) },
      TAGS_LIMIT,
    );
    if (row.id === null && row.full) throw new AppException('TAGS_LIMIT_REACHED', { field: 'name' });
    if (row.id === null) throw new AppException('ERROR_CREATING_TAG_DUPLICATED', { field: 'name' });
    return this.byId(row.id);
  }

  async update(
    user: AuthUser,
    id: number,
    input: { name: string; color?: string | null },
  ): Promise<TagModel> {
    await this.own(user, id);
    const before = await this.byId(id);
    const name = tagName(input.name);
    // No colour sent: the tag keeps its own, as stored (not checked again, nor reset to the default).
    const color = input.color === null || input.color === undefined ? before.color : tagColor(input.color);
    const saved = await this.tags.update(id, { name, color, key: companyScopedKey(user.companyId, name) });
    if (!saved) throw new AppException('ERROR_CREATING_TAG_DUPLICATED', { field: 'name' });
    const after = await this.byId(id);
    if (after.name !== before.name || after.color !== before.color) {
      await this.emitTags(await this.taggedConversations(id));
    }
    return after;
  }

  /** Deleting a tag takes it off every conversation (client_tags cascade). */
  async delete(user: AuthUser, id: number): Promise<boolean> {
    await this.own(user, id);
    const tagged = await this.taggedConversations(id);
    await this.tags.delete(id);
    await this.emitTags(tagged);
    return true;
  }

  /** 02 §7 POST /tagsCount: each tag of the company with how many conversations of the channel carry it. */
  async countByChannel(user: AuthUser, channelId: number): Promise<TagChannelCount[]> {
    await this.channels.getForCompany(user.companyId, channelId, 'channelId');
    return this.tags.countByChannel(user.companyId, channelId);
  }
}
