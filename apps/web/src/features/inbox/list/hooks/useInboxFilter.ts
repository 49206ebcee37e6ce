import {
  type ConversationFilterType,
  type ConversationListFilter,
  DEFAULT_CONVERSATION_FILTER,
} from '@crm/shared';
import { useMemo, useState } from 'react';
import { useDebouncedValue } from './useDebouncedValue';

/** The search waits for the user to stop typing before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** What the filter controls hold; the keyword as typed. */
export interface InboxFilterDraft {
  type: ConversationFilterType;
  keyword: string;
  tagsIds: number[];
  agentId: number | null;
  channelsIds: number[];
  /** ISO start of the first day and end of the last day, or null for no range. */
  dateRange: [string, string] | null;
}

export const DEFAULT_FILTER_DRAFT: InboxFilterDraft = {
  type: DEFAULT_CONVERSATION_FILTER.type,
  keyword: '',
  tagsIds: [],
  agentId: null,
  channelsIds: [],
  dateRange: null,
};

export interface InboxFilterControls {
  draft: InboxFilterDraft;
  change: (patch: Partial<InboxFilterDraft>) => void;
  /** The filter the list is fetched with: the draft, with the keyword debounced. */
  filter: ConversationListFilter;
}

export function useInboxFilter(): InboxFilterControls {
  const [draft, setDraft] = useState<InboxFilterDraft>(DEFAULT_FILTER_DRAFT);
  const keyword = useDebouncedValue(draft.keyword, SEARCH_DEBOUNCE_MS);
  const filter = useMemo<ConversationListFilter>(
    () => ({
      ...DEFAULT_CONVERSATION_FILTER,
      type: draft.type,
      keyword: keyword.trim() === '' ? null : keyword,
      tagsIds: draft.tagsIds,
      agentId: draft.agentId,
      channelsIds: draft.channelsIds,
      dateFrom: draft.dateRange?.[0] ?? null,
      dateTo: draft.dateRange?.[1] ?? null,
    }),
    [draft.type, draft.tagsIds, draft.agentId, draft.channelsIds, draft.dateRange, keyword],
  );
  const change = (patch: Partial<InboxFilterDraft>) => setDraft((current) => ({ ...current, ...patch }));
  return { draft, change, filter };
}
