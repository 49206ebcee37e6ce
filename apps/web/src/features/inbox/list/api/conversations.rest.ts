import { type ConversationListFilter, type ConversationView, PAGE_SIZES } from '@crm/shared';
import { apiPost } from '../../../../lib/http';

/** POST /conversations_by_filter answer: a keyset page (docs/api.md "Inbox"). */
export interface ConversationPage {
  clients: ConversationView[];
  hasMore: boolean;
  cursor: string | null;
}

export interface ConversationPageRequest {
  filterType: ConversationListFilter['type'];
  keyword: string | null;
  tagsIds: number[];
  agentId: number | null;
  channelsIds: number[];
  createdAtFrom: string | null;
  createdAtTo: string | null;
  first: number;
  after?: string;
}

export interface PageOptions {
  after?: string | null;
  /** 02 §9: the first page after a space switch is smaller. */
  afterSpaceSwitch?: boolean;
}

// 02 §7 / §9: 20 a page, 100 while searching, 50 in the broadcast view, 10 for the first page after a space switch.
export function pageSize(filter: ConversationListFilter, options: PageOptions = {}): number {
  if (filter.keyword?.trim()) return PAGE_SIZES.search;
  if (options.afterSpaceSwitch && !options.after) return PAGE_SIZES.afterSpaceSwitch;
  if (filter.type === 'archivedBroadcast') return PAGE_SIZES.broadcast;
  return PAGE_SIZES.list;
}

/** The request body for one page; the server normalises the keyword itself (02 §5). */
export function conversationPageRequest(
  filter: ConversationListFilter,
  options: PageOptions = {},
): ConversationPageRequest {
  const keyword = filter.keyword?.trim() || null;
  return {
    filterType: filter.type,
    keyword,
    tagsIds: filter.tagsIds,
    agentId: filter.agentId,
    channelsIds: filter.channelsIds,
    createdAtFrom: filter.dateFrom,
    createdAtTo: filter.dateTo,
    first: pageSize(filter, options),
    ...(options.after ? { after: options.after } : {}),
  };
}

export function fetchConversationPage(
  request: ConversationPageRequest,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return apiPost('/conversations_by_filter', request, { signal });
}

/** The key under which a preloaded answer to `request` waits for the list (app/guards/sessionPreload.ts, issue 22). */
export function conversationsPreloadKey(request: ConversationPageRequest): string {
  return `conversations:${JSON.stringify(request)}`;
}
