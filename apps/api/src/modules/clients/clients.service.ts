import { type ContactsPage, type ConversationView, DEFAULT_TIME_ZONE, PAGE_SIZES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { pgPool } from '../../database/pg-pool';
import { Channel } from '../channels/entities/channel.entity';
import { canSeeClient, type Viewer } from './client-access';
import { toContactReportRow } from './contact-report';
import { channelJsonSql, conversationExtrasSql, viewFromRow } from './conversation.view';
import {
  type ContactReportRecord,
  contactsReportQuery,
  conversationListQuery,
  encodeListCursor,
  listedChannelsQuery,
  reportCursor,
} from './conversation-list.query';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';
import { Client } from './entities/client.entity';

export interface ConversationPage {
  clients: ConversationView[];
  hasMore: boolean;
  /** Pass back as `after` for the next page. */
  cursor: string | null;
}

@Injectable()
export class ClientsService {
  constructor(
    @InjectRepository(Client) private readonly clients: Repository<Client>,
    private readonly dataSource: DataSource,
  ) {}

  /** Who the caller is for visibility (02 §6): read with the session, so no query here. */
  viewer(user: AuthUser): Pick<Viewer, 'user' | 'adminOf'> {
    return { user, adminOf: user.adminOf };
  }

  async listedChannels(user: AuthUser): Promise<Array<{ id: number; name: string; platform: string }>> {
    const { rows } = await pgPool(this.dataSource).query<{ id: number; name: string; platform: string }>(
      listedChannelsQuery(user),
    );
    return rows;
  }

  async getVisible(user: AuthUser, clientId: number): Promise<{ client: Client; channel: Channel }> {
    const client = await this.clients.findOneBy({ id: clientId });
    if (!client) throw new AppException('CONVERSATION_NOT_FOUND', { field: 'clientId' });
    if (client.companyId !== user.companyId)
      throw new AppException('FORBIDDEN', { message: 'Conversation of another company' });
    if (!canSeeClient(this.viewer(user), client)) {
      throw new AppException('FORBIDDEN', { message: 'Conversation not visible to the user' });
    }
    const channel = await this.dataSource.manager.findOneByOrFail(Channel, { id: client.channelId });
    return { client, channel };
  }

  /** 02 §2, §5, §6, §7: the conversation list, newest activity first, keyset-paginated. */
  async list(user: AuthUser, input: ConversationsFilterInput): Promise<ConversationPage> {
    const first = input.first ?? PAGE_SIZES.list;
    // The pool directly: TypeORM's per-query runner set-up is a visible share of this hot request's cost.
    const { rows } = await pgPool(this.dataSource).query<Record<string, unknown>>(
      conversationListQuery(user, input),
    );
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
    const pool = pgPool(this.dataSource);
    const [{ rows }, timeZone] = await Promise.all([
      pool.query<ContactReportRecord>(contactsReportQuery(user, input)),
      this.timeZone(user.companyId),
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
    const { rows } = await pgPool(this.dataSource).query<{ timezone: string }>(
      'SELECT timezone FROM companies WHERE id = $1',
      [companyId],
    );
    return rows[0]?.timezone ?? DEFAULT_TIME_ZONE;
  }

  /** Current views of these conversations, in the order asked (ids that do not exist are left out). */
  async views(ids: number[]): Promise<ConversationView[]> {
    if (ids.length === 0) return [];
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT row_to_json(c) AS client, ${channelJsonSql('ch')}, ${conversationExtrasSql('c')}
       FROM clients c JOIN channels ch ON ch.id = c."channelId" WHERE c.id = ANY($1)`,
      [ids],
    );
    const byId = new Map(rows.map((row) => [(row.client as { id: number }).id, viewFromRow(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async view(id: number): Promise<ConversationView> {
    const [view] = await this.views([id]);
    if (!view) throw new AppException('CONVERSATION_NOT_FOUND', { field: 'clientId' });
    return view;
  }
}
