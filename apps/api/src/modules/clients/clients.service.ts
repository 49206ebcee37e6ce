import { type ConversationView, normalizeSearchKeyword, PAGE_SIZES, ROLE_NAMES } from '@crm/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import type { AuthUser } from '../../common/auth-user';
import { AppException } from '../../common/errors/app.exception';
import { Channel } from '../channels/entities/channel.entity';
import { canSeeClient, seesWholeCompany, type Viewer } from './client-access';
import { channelJsonSql, conversationExtrasSql, viewFromRow } from './conversation.view';
import type { ConversationsFilterInput } from './dto/conversations-filter.input';
import { Client } from './entities/client.entity';

export interface ConversationPage {
  clients: ConversationView[];
  hasMore: boolean;
  /** Pass back as `after` for the next page. */
  cursor: string | null;
}

interface Cursor {
  /** The last row's lastUpdate exactly as PostgreSQL wrote it (microseconds: a JS Date would round them off). */
  u: string;
  i: number;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

function encodeCursor(row: Record<string, unknown>): string {
  const client = row.client as { lastUpdate: string; id: number };
  return Buffer.from(JSON.stringify({ u: client.lastUpdate, i: client.id })).toString('base64url');
}

function decodeCursor(raw: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (!Number.isInteger(value.i) || typeof value.u !== 'string' || !TIMESTAMP.test(value.u))
      throw new Error();
    return value;
  } catch {
    throw AppException.validation('after', 'El cursor de paginación no es válido.');
  }
}

@Injectable()
export class ClientsService {
  constructor(
    @InjectRepository(Client) private readonly clients: Repository<Client>,
    private readonly dataSource: DataSource,
  ) {}

  /** The caller's administered agents and the channels of their selected space. */
  /** Who the caller is for visibility (02 §6): read with the session, so no query here. */
  viewer(user: AuthUser): Pick<Viewer, 'user' | 'adminOf'> {
    return { user, adminOf: user.adminOf };
  }

  /**
   * SQL for the channels the caller's inbox lists: the selected space's, or (no space selected) every space of
   * theirs — every space of the company for admins. A subquery, so the list needs no extra round trip.
   */
  private listedChannelsSql(user: AuthUser, alias: string): { sql: string; params: Record<string, unknown> } {
    const everySpace = user.roleName === ROLE_NAMES.admin || user.roleName === ROLE_NAMES.superadmin;
    return {
      sql: `${alias} IN (SELECT sc."channelId" FROM space_channels sc JOIN spaces s ON s.id = sc."spaceId"
        WHERE s."companyId" = :viewerCompanyId AND (
          (CAST(:viewerSpaceId AS int) IS NOT NULL AND s.id = :viewerSpaceId)
          OR (CAST(:viewerSpaceId AS int) IS NULL AND (:viewerEverySpace
            OR s.id IN (SELECT "spaceId" FROM user_spaces WHERE "userId" = :viewerUserId)))))`,
      params: {
        viewerCompanyId: user.companyId,
        viewerSpaceId: user.selectedSpaceId,
        viewerEverySpace: everySpace,
        viewerUserId: user.id,
      },
    };
  }

  async listedChannels(user: AuthUser): Promise<Array<{ id: number; name: string; platform: string }>> {
    const listed = this.listedChannelsSql(user, 'ch.id');
    return this.dataSource
      .createQueryBuilder()
      .select(['ch.id AS id', 'ch.name AS name', 'ch.platform AS platform'])
      .from(Channel, 'ch')
      .where('ch."companyId" = :companyId', { companyId: user.companyId })
      .andWhere(`ch.platform <> 'sms'`)
      .andWhere(listed.sql, listed.params)
      .orderBy('ch.name')
      .addOrderBy('ch.id')
      .getRawMany();
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
    const viewer = this.viewer(user);
    const listed = this.listedChannelsSql(user, 'c."channelId"');
    const first = input.first ?? PAGE_SIZES.list;
    const keyword = normalizeSearchKeyword(input.keyword);
    const type = input.filterType ?? 'assigned';
    const qb = this.clients
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .innerJoin(Channel, 'ch', 'ch.id = c."channelId"')
      .where('c."companyId" = :companyId', { companyId: user.companyId })
      // 02 §5: SMS channels stay out of the normal lists.
      .andWhere(`ch.platform <> 'sms'`)
      .andWhere(listed.sql, listed.params);

    if (input.channelsIds?.length)
      qb.andWhere('c."channelId" IN (:...channelsIds)', { channelsIds: input.channelsIds });
    // 02 §7 tagsIds: any one of the tags is enough (the same rule the web list applies to live events).
    if (input.tagsIds?.length) {
      qb.andWhere(
        `EXISTS (SELECT 1 FROM client_tags ct WHERE ct."clientId" = c.id AND ct."tagId" IN (:...tagsIds))`,
        { tagsIds: input.tagsIds },
      );
    }
    if (!seesWholeCompany(viewer)) {
      qb.andWhere(
        `(c."agentId" = :me OR c."agentId" IN (:...adminOf) OR (:isGroupAdmin AND c."groupAdminId" = :me))`,
        {
          me: user.id,
          adminOf: [0, ...viewer.adminOf],
          isGroupAdmin: user.roleName === ROLE_NAMES.groupadmin,
        },
      );
    }
    if (type === 'archived') qb.andWhere('c."isArchived" = true AND c."isBroadcastMessage" = false');
    else if (type === 'archivedBroadcast') qb.andWhere('c."isBroadcastMessage" = true');
    else qb.andWhere('c."isArchived" = false AND c."isBroadcastMessage" = false');
    if (type === 'assigned') qb.andWhere('c."agentId" = :me', { me: user.id });
    if (type === 'others') qb.andWhere('c."agentId" IS DISTINCT FROM :me', { me: user.id });
    if (type === 'unanswered') qb.andWhere('c.answered = false');
    if (type === 'unreadMessages') qb.andWhere('c."unreadMessagesCount" > 0');
    if (type === 'valuable') qb.andWhere('c."isConversationValuable" = true');
    if (input.agentId !== undefined && input.agentId !== null)
      qb.andWhere('c."agentId" = :agentId', { agentId: input.agentId });
    if (input.agentIdIn?.length)
      qb.andWhere('c."agentId" IN (:...agentIdIn)', { agentIdIn: input.agentIdIn });
    if (input.groupAdminId)
      qb.andWhere('c."groupAdminId" = :groupAdminId', { groupAdminId: input.groupAdminId });

    const dateColumn = input.filterContactsBy === 'createdAt' ? 'c."createdAt"' : 'c."lastUpdate"';
    if (input.createdAtFrom) qb.andWhere(`${dateColumn} >= :from`, { from: input.createdAtFrom });
    if (input.createdAtTo) qb.andWhere(`${dateColumn} <= :to`, { to: input.createdAtTo });

    if (keyword) {
      qb.andWhere(`(c."cleanedName" LIKE :kw OR c."senderId" LIKE :kw)`, {
        kw: `%${keyword.replace(/[%_\\]/g, '\\$&')}%`,
      });
    } else {
      // 02 §5: conversations without a last message show only while searching.
      qb.andWhere('c."lastMessageId" IS NOT NULL');
    }

    if (input.after) {
      const cursor = decodeCursor(input.after);
      // A row comparison the (…, "lastUpdate", id) indexes answer directly: a deep page costs what the first does.
      qb.andWhere('(c."lastUpdate", c.id) < (CAST(:cu AS timestamptz), :ci)', { cu: cursor.u, ci: cursor.i });
    } else if (input.skip) {
      qb.offset(input.skip);
    }
    const [pageSql, params] = qb
      .orderBy('c."lastUpdate"', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(first + 1)
      .getQueryAndParameters();
    // One statement: the page's ids by the filters, then each one's view (channel, agent, category, tags).
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `WITH page AS (${pageSql})
       SELECT row_to_json(c) AS client, ${channelJsonSql('ch')}, ${conversationExtrasSql('c')}
       FROM page JOIN clients c ON c.id = page.id JOIN channels ch ON ch.id = c."channelId"
       ORDER BY c."lastUpdate" DESC, c.id DESC`,
      params,
    );
    const page = rows.slice(0, first);
    const last = page[page.length - 1];
    return {
      clients: page.map(viewFromRow),
      hasMore: rows.length > first,
      cursor: last ? encodeCursor(last) : null,
    };
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
