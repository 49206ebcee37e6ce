import {
  CONVERSATION_MESSAGES,
  type ContactsPage,
  type ConversationView,
  DEFAULT_TIME_ZONE,
  defaultConversationPageSize,
  PAGE_SIZES,
} from '@crm/shared';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { type ChannelRow, ChannelsRepository } from '../channels/channels.repository';
import { CompaniesRepository } from '../companies/companies.repository';
import { canSeeClient, type Viewer } from './client-access';
import { toContactReportRow } from './contact-report';
import { viewFromRow } from './conversation.view';
import { encodeListCursor, reportCursor } from './conversation-list.query';
import { type ClientRow, ConversationsRepository, type ListedChannel } from './conversations.repository';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';

export interface ConversationPage {
  clients: ConversationView[];
  hasMore: boolean;
  /** Pass back as `after` for the next page. */
  cursor: string | null;
}

@Injectable()
export class ClientsService {
  constructor(
    private readonly conversations: ConversationsRepository,
    private readonly channels: ChannelsRepository,
    private readonly companies: CompaniesRepository,
  ) {}

  /** Who the caller is for visibility (02 §6): read with the session, so no query here. */
  viewer(user: AuthUser): Pick<Viewer, 'user' | 'adminOf'> {
    return { user, adminOf: user.adminOf };
  }

  listedChannels(user: AuthUser): Promise<ListedChannel[]> {
    return this.conversations.listedChannels(user);
  }

  async getVisible(user: AuthUser, clientId: number): Promise<{ client: ClientRow; channel: ChannelRow }> {
    const client = await this.conversations.findById(clientId);
    if (!client) throw new AppException('CONVERSATION_NOT_FOUND', { field: 'clientId' });
    if (client.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Conversation of another company' });
    if (!canSeeClient(this.viewer(user), client)) {
      throw new AppException('FORBIDDEN', { message: 'Conversation not visible to the user' });
    }
    const channel = await this.channels.findById(client.channelId);
    if (!channel) throw new Error(`channel ${client.channelId} of conversation ${clientId} not found`);
    return { client, channel };
  }

  /**
   * The filter's channels, tags and users are the caller's company's: another company's id is bad input (400 on
   * its field), as everywhere else a row is named. The lists filter by the company anyway, so the check may run
   * beside them: it decides only whether the answer is the page or the refusal.
   */
  async checkFilterIds(user: AuthUser, input: ConversationsFilterInput): Promise<void> {
    const named: Array<[string, 'channels' | 'tags' | 'users', number[]]> = [
      ['channelsIds', 'channels', input.channelsIds ?? []],
      ['tagsIds', 'tags', input.tagsIds ?? []],
      ['agentId', 'users', input.agentId ? [input.agentId] : []],
      ['agentIdIn', 'users', input.agentIdIn ?? []],
      ['groupAdminId', 'users', input.groupAdminId ? [input.groupAdminId] : []],
    ];
    const distinct = named.map(([, , ids]) => [...new Set(ids)]);
    const owned = await Promise.all(
      named.map(([, table], i) => this.conversations.countOwned(table, user.companyId, distinct[i])),
    );
    const foreign = named.findIndex((_, i) => owned[i] !== distinct[i].length);
    if (foreign !== -1) throw AppException.validation(named[foreign][0], CONVERSATION_MESSAGES.filterValue);
  }

  /** 02 §2, §5, §6, §7: the conversation list, newest activity first, keyset-paginated. */
  async list(user: AuthUser, input: ConversationsFilterInput): Promise<ConversationPage> {
    const first = input.first ?? defaultConversationPageSize(false, input.keyword);
    const [rows] = await Promise.all([
      this.conversations.listPage(user, input),
      this.checkFilterIds(user, input),
    ]);
    const page = rows.slice(0, first);
    const last = page[page.length - 1];
    return {
      clients: page.map(viewFromRow),
      hasMore: rows.length > first,
      cursor: last ? encodeListCursor(last.client as { lastUpdate: string; id: number }) : null,
    };
  }

  /** 02 §2 contacts panel (`custom: true`): one page of report rows, keyset-paginated on the chosen date. */
  async report(user: AuthUser, input: ConversationsFilterInput): Promise<ContactsPage> {
    const first = input.first ?? PAGE_SIZES.report;
    const [rows, timeZone] = await Promise.all([
      this.conversations.reportPage(user, input),
      this.timeZone(user.companyId),
      this.checkFilterIds(user, input),
    ]);
    const page = rows.slice(0, first);
    const last = page[page.length - 1];
    const viewer = { timeZone, canSeePhoneNumber: user.permissions.canSeePhoneNumber === true };
    return {
      clients: page.map((record) => toContactReportRow(record, viewer)),
      hasMore: rows.length > first,
      cursor: last ? reportCursor(last, input) : null,
    };
  }

  async timeZone(companyId: number): Promise<string> {
    return (await this.companies.findById(companyId))?.timezone ?? DEFAULT_TIME_ZONE;
  }

  /** Current views of these conversations, in the order asked (ids that do not exist are left out). */
  async views(ids: number[]): Promise<ConversationView[]> {
    if (ids.length === 0) return [];
    const rows = await this.conversations.views(ids);
    const byId = new Map(rows.map((row) => [(row.client as { id: number }).id, viewFromRow(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async view(id: number): Promise<ConversationView> {
    const [view] = await this.views([id]);
    if (!view) throw new AppException('CONVERSATION_NOT_FOUND', { field: 'clientId' });
    return view;
  }
}
