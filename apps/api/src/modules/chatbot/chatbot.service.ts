import {
  AUTOMATION_MESSAGES,
  CHATBOT_MESSAGES,
  type ChatbotMenu,
  type ChatbotMenuError,
  COLD_TAG_COLOR,
  COLD_TAG_NAME,
  type ConversationView,
  chatbotOptions,
  cleanChatbotMenu,
  companyScopedKey,
  reportBound,
  validateChatbotMenu,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { seesPhoneNumbers } from '../../common/privacy/phone-privacy';
import { RealtimeService } from '../../realtime/realtime.service';
import type { ChannelRow } from '../channels/channels.repository';
import { ChannelsService } from '../channels/channels.service';
import { ClientsService } from '../clients/clients.service';
import { conversationRooms } from '../clients/conversation-rooms';
import { ConversationsRepository } from '../clients/conversations.repository';
import { CompaniesService } from '../companies/companies.service';
import { type BotReportRow, type ChatbotMenuRow, ChatbotRepository } from './chatbot.repository';
import { ChatbotRunnerService } from './chatbot-runner.service';

/** The menu of a channel as the editor reads it back. */
export interface ChatbotMenuConfig {
  channelId: number;
  menu: ChatbotMenu;
  updatedAt: string;
}

function configOf(row: ChatbotMenuRow): ChatbotMenuConfig {
  return { channelId: row.channelId, menu: row.menu, updatedAt: row.updatedAt.toISOString() };
}

/** A validation problem of the menu as the API reports it: the field is `menu.<path>`. */
function menuField(path: string): string {
  return path ? `menu.${path}` : 'menu';
}

function refused(errors: ChatbotMenuError[]): AppException {
  const [first] = errors;
  return new AppException('VALIDATION_ERROR', {
    field: menuField(first.path),
    fields: Object.fromEntries(errors.map((error) => [menuField(error.path), error.message])),
    userMessage: first.message,
    message: `Invalid chatbot menu at ${menuField(first.path)}`,
  });
}

/**
 * Issue 17: the menu chatbot's configuration (one menu per channel of the caller's company, validated by the
 * shared rules and by what the company has), the tags that keep the bot away, and coldBot's 'Frío' tag.
 */
@Injectable()
export class ChatbotService {
  constructor(
    private readonly repository: ChatbotRepository,
    private readonly channels: ChannelsService,
    private readonly companies: CompaniesService,
    private readonly clients: ClientsService,
    private readonly conversations: ConversationsRepository,
    private readonly runner: ChatbotRunnerService,
    private readonly realtime: RealtimeService,
  ) {}

  /** The caller's company's channel; any other id (another company's, or none) is refused alike. */
  private async ownChannel(user: AuthUser, channelId: number): Promise<ChannelRow> {
    const channel = Number.isSafeInteger(channelId) ? await this.channels.findById(channelId) : null;
    if (!channel || channel.companyId !== user.companyId) {
      throw new AppException('FORBIDDEN', {
        field: 'channelId',
        userMessage: CHATBOT_MESSAGES.channelNotFound,
        message: `Channel ${channelId} is not of company ${user.companyId}`,
      });
    }
    return channel;
  }

  async get(user: AuthUser, channelId: number): Promise<ChatbotMenuConfig | null> {
    await this.ownChannel(user, channelId);
    const row = await this.repository.menuOf(channelId);
    return row ? configOf(row) : null;
  }

  /** Validates the whole tree (400 on `menu.<path>`, nothing stored), then replaces the channel's menu. */
  async save(user: AuthUser, channelId: number, raw: unknown): Promise<ChatbotMenuConfig> {
    const channel = await this.ownChannel(user, channelId);
    const errors = validateChatbotMenu(raw as ChatbotMenu);
    if (errors.length > 0) throw refused(errors);
    const menu = cleanChatbotMenu(raw as ChatbotMenu);
    const missing = await this.missingReferences(user.companyId, menu);
    if (missing.length > 0) throw refused(missing);
    return configOf(await this.repository.saveMenu(channel.companyId, channel.id, menu));
  }

  /** Removes the channel's menu; the conversations the bot was talking in go to the inbox. */
  async remove(user: AuthUser, channelId: number): Promise<boolean> {
    await this.ownChannel(user, channelId);
    const ended = await this.repository.deleteMenu(channelId, 'end');
    if (ended === null) return false;
    for (const clientId of ended) await this.runner.emitFinished(clientId, 'end');
    return true;
  }

  /** The tags, agents, spaces and fields the menu names that the company does not have. */
  private async missingReferences(companyId: number, menu: ChatbotMenu): Promise<ChatbotMenuError[]> {
    const at = new Map<string, string>();
    const paths = (options: ChatbotMenu['options'], prefix: string): void => {
      options.forEach((option, index) => {
        at.set(option.id, `${prefix}.${index}.action`);
        if (option.action.type === 'submenu')
          paths(option.action.options, `${prefix}.${index}.action.options`);
      });
    };
    paths(menu.options, 'options');
    const actions = chatbotOptions(menu).map(({ option }) => ({
      action: option.action,
      path: at.get(option.id) ?? '',
    }));
    const wanted = {
      tagIds: [] as number[],
      userIds: [] as number[],
      spaceIds: [] as number[],
      fieldIds: [] as number[],
      fieldKeys: [] as string[],
    };
    for (const { action } of actions) {
      if (action.type === 'tag') wanted.tagIds.push(action.tagId);
      if (action.type === 'assignAgent') wanted.userIds.push(action.userId);
      if (action.type === 'assignSpace') wanted.spaceIds.push(action.spaceId);
      if (action.type === 'question') {
        if (/^\d{1,9}$/.test(action.fieldKey)) wanted.fieldIds.push(Number(action.fieldKey));
        else wanted.fieldKeys.push(action.fieldKey);
      }
    }
    const found = await this.repository.companyReferences(companyId, wanted);
    const errors: ChatbotMenuError[] = [];
    for (const { action, path } of actions) {
      if (action.type === 'tag' && !found.tagIds.has(action.tagId)) {
        errors.push({ path: `${path}.tagId`, message: CHATBOT_MESSAGES.tagNotFound });
      }
      if (action.type === 'assignAgent' && !found.userIds.has(action.userId)) {
        errors.push({ path: `${path}.userId`, message: CHATBOT_MESSAGES.agentNotFound });
      }
      if (action.type === 'assignSpace' && !found.spaceIds.has(action.spaceId)) {
        errors.push({ path: `${path}.spaceId`, message: CHATBOT_MESSAGES.spaceNotFound });
      }
      if (action.type === 'question' && !found.fieldKeys.has(action.fieldKey)) {
        errors.push({ path: `${path}.fieldKey`, message: CHATBOT_MESSAGES.fieldNotFound });
      }
    }
    return errors;
  }

  /**
   * 02 §7 GET /botFlow/clienInfo (01 §3 "Bot custom field"): what the menu bot asked and stored, per conversation
   * created in the range, on the channels asked (all when none). The customer's number only for canSeePhoneNumber.
   */
  async botReport(
    user: AuthUser,
    query: { startDate?: unknown; endDate?: unknown; companyId?: unknown; channelsIds?: unknown },
  ): Promise<Array<Omit<BotReportRow, 'senderId'> & { senderId: string | null }>> {
    if (query.companyId !== undefined && Number(query.companyId) !== user.companyId) {
      throw new AppException('FORBIDDEN', { field: 'companyId', message: 'Bot report of another company' });
    }
    const from = reportBound(query.startDate, false);
    if (!from) throw AppException.validation('startDate', AUTOMATION_MESSAGES.reportDateInvalid);
    const to = reportBound(query.endDate, true);
    if (!to) throw AppException.validation('endDate', AUTOMATION_MESSAGES.reportDateInvalid);
    if (from.getTime() >= to.getTime()) {
      throw AppException.validation('startDate', AUTOMATION_MESSAGES.reportRangeInvalid);
    }
    const channelIds = await this.reportChannels(user, query.channelsIds);
    const rows = await this.repository.botReport(user.companyId, from, to, channelIds);
    const phones = seesPhoneNumbers(user);
    return rows.map((row) => ({ ...row, senderId: phones ? row.senderId : null }));
  }

  /** `channelsIds` as 1,2,3 or repeated; each the company's own (another company's → 403). Null: every channel. */
  private async reportChannels(user: AuthUser, raw: unknown): Promise<number[] | null> {
    if (raw === undefined || raw === null || raw === '') return null;
    const parts = (Array.isArray(raw) ? raw : String(raw).split(',')).map((part) => String(part).trim());
    const ids = parts.filter((part) => part !== '').map(Number);
    if (ids.length === 0) return null;
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      throw AppException.validation('channelsIds', AUTOMATION_MESSAGES.reportChannelsInvalid);
    }
    for (const id of new Set(ids)) {
      const channel = await this.channels.findById(id);
      if (!channel) throw AppException.validation('channelsIds', AUTOMATION_MESSAGES.reportChannelsInvalid);
      if (channel.companyId !== user.companyId) {
        throw new AppException('FORBIDDEN', { field: 'channelsIds', message: 'Channel of another company' });
      }
    }
    return [...new Set(ids)];
  }

  /** GET /api/disable-bot-tags: the company's tags that keep the menu bot away (deleted ones left out). */
  async disableBotTags(user: AuthUser): Promise<Array<{ id: number; name: string; color: string }>> {
    const settings = await this.companies.getSettings(user.companyId);
    return this.repository.tagsAmong(user.companyId, settings.disableBotTagIds);
  }

  /** 02 §6 coldBot ('tag as cold'): the company's predefined 'Frío' tag on a conversation the caller sees. */
  async markCold(user: AuthUser, clientId: number): Promise<ConversationView> {
    await this.clients.getVisible(user, clientId);
    const tagId = await this.repository.predefinedTag(user.companyId, {
      name: COLD_TAG_NAME,
      color: COLD_TAG_COLOR,
      key: companyScopedKey(user.companyId, COLD_TAG_NAME),
    });
    await this.conversations.addTag(clientId, tagId);
    const view = await this.clients.view(clientId);
    this.realtime.emit(conversationRooms(view), 'tagsUpdate', { clientId, tags: view.tags, client: view });
    return view;
  }
}
