import {
  CONVERSATION_MESSAGES,
  type ConversationView,
  cleanedName,
  contactNameError,
  NAMED_LIST_MESSAGES,
  ROLE_NAMES,
  TAG_MESSAGES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { RealtimeService } from '../../realtime/realtime.service';
import { CategoriesRepository } from '../categories/categories.repository';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesRepository } from '../companies/companies.repository';
import { TagsRepository } from '../tags/tags.repository';
import { companySettingsOf, emitConversationChanged } from './conversation-context';

/**
 * The conversation actions of 02 §1/§4 (issue 4): tags, archive, valuable, follow-up flag, name, category and
 * deletion (assignment, closing and the CRM have their own services). Every action checks that the caller sees
 * the conversation (02 §6), changes it in one statement, and tells the rooms that see it, with the
 * conversation's new view so each open list decides by its own filters whether to keep, add or drop it.
 */
@Injectable()
export class ConversationActionsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly tags: TagsRepository,
    private readonly categories: CategoriesRepository,
    private readonly companies: CompaniesRepository,
    private readonly clients: ClientsService,
    private readonly realtime: RealtimeService,
  ) {}

  async addTag(user: AuthUser, clientId: number, tagId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    const tag = await this.tags.owner(tagId);
    if (!tag || tag.companyId !== user.companyId) {
      throw AppException.validation('tagId', TAG_MESSAGES.notFound);
    }
    await this.conversations.addTag(clientId, tagId);
    return this.emitTags(clientId);
  }

  async removeTag(user: AuthUser, clientId: number, tagId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    // Taking off a tag deleted meanwhile is harmless (an open inbox may still show it); another company's tag is
    // bad input, not a removal that happened to find nothing.
    const tag = await this.tags.owner(tagId);
    if (tag && tag.companyId !== user.companyId)
      throw AppException.validation('tagId', TAG_MESSAGES.notFound);
    await this.conversations.removeTag(clientId, tagId);
    return this.emitTags(clientId);
  }

  private async emitTags(clientId: number): Promise<ConversationView> {
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'tagsUpdate', { clientId, tags: view.tags, client: view });
    return view;
  }

  /** Archive / unarchive. Unarchiving is an admin's call when the company turned canUnarchiveConversations off. */
  async setArchived(user: AuthUser, clientId: number, archived: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    if (!archived) {
      const settings = await companySettingsOf(this.companies, user.companyId);
      const isAdmin = user.roleName === ROLE_NAMES.admin || user.roleName === ROLE_NAMES.superadmin;
      if (!settings.canUnarchiveConversations && !isAdmin) {
        throw new AppException('FORBIDDEN', {
          message: 'Unarchiving is disabled for non-admins',
          userMessage: CONVERSATION_MESSAGES.unarchiveDisabled,
        });
      }
    }
    await this.conversations.update(clientId, { isArchived: archived });
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'archived', { clientId, isArchived: archived, client: view });
    return view;
  }

  async setValuable(user: AuthUser, clientId: number, valuable: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.conversations.update(clientId, { isConversationValuable: valuable, setValuableByUser: true });
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'conversationValuable', {
      clientId,
      isConversationValuable: valuable,
      client: view,
    });
    return view;
  }

  /** The follow-up flag (02 §1 "set a follow-up flag"); scheduled follow-up messages also keep it up. */
  async setFollowUpFlag(user: AuthUser, clientId: number, flag: boolean): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    await this.conversations.update(clientId, { hasFollowUpMessage: flag });
    const view = await this.clients.view(clientId);
    emitConversationChanged(this.realtime, view, 'followUp');
    return view;
  }

  async rename(user: AuthUser, clientId: number, name: string): Promise<ConversationView> {
    const { client } = await this.clients.getVisible(user, clientId);
    const problem = contactNameError(name);
    if (problem) throw AppException.validation('name', problem);
    const trimmed = name.trim();
    await this.conversations.update(clientId, {
      name: trimmed,
      cleanedName: cleanedName(trimmed, client.senderId),
    });
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'newUserName', { clientId, name: trimmed, client: view });
    return view;
  }

  async setCategory(user: AuthUser, clientId: number, categoryId: number | null): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    if (categoryId !== null && (await this.categories.companyOf(categoryId)) !== user.companyId) {
      throw AppException.validation('categoryId', NAMED_LIST_MESSAGES.categoryNotFound);
    }
    await this.conversations.update(clientId, { categoryId });
    const view = await this.clients.view(clientId);
    emitConversationChanged(this.realtime, view, 'category');
    return view;
  }

  /** deleteConversations: the conversations and everything hanging from them (messages, tags, follow-ups). */
  async deleteConversations(user: AuthUser, clientIds: number[]): Promise<number[]> {
    const unique = [...new Set(clientIds)];
    if (unique.length === 0)
      throw AppException.validation('clientIds', CONVERSATION_MESSAGES.selectConversation);
    const visible: Array<{
      companyId: number;
      agentId: number | null;
      groupAdminId: number | null;
      id: number;
    }> = [];
    for (const id of unique) {
      const { client } = await this.clients.getVisible(user, id);
      visible.push(client);
    }
    const deleted = await this.conversations.deleteMany(user.companyId, unique);
    for (const client of visible) {
      if (deleted.includes(client.id)) {
        this.realtime.emit(conversationRooms(client), 'deleteConversation', { clientId: client.id });
      }
    }
    return deleted;
  }
}
