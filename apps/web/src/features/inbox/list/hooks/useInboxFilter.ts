import {
  type ConversationFilterType,
  type ConversationListFilter,
  type DateRange,
  DEFAULT_CONVERSATION_FILTER,
  rangeInstants,
} from '@crm/shared';
import { useMemo, useState } from 'react';
import { useDebounced } from '../../../../lib/useDebounced';
import { useCompanyTimeZone } from '../../../session/hooks/useCompanyTimeZone';

/** The search waits for the user to stop typing before asking the server. */
export const SEARCH_DEBOUNCE_MS = 400;

/** What the filter controls hold; the keyword as typed. */
export interface InboxFilterDraft {
  type: ConversationFilterType;
  keyword: string;
  tagsIds: number[];
  agentId: number | null;
  channelsIds: number[];
  /** The picked calendar days (local-midnight Dates), or null for no range. */
  dateRange: DateRange | null;
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

/** `initialType`: the view the inbox opens on (defaultConversationFilterType for the viewer). */
export function useInboxFilter(
  initialType: ConversationFilterType = DEFAULT_FILTER_DRAFT.type,
): InboxFilterControls {
  const [draft, setDraft] = useState<InboxFilterDraft>(() => ({
    ...DEFAULT_FILTER_DRAFT,
    type: initialType,
  }));
  const keyword = useDebounced(draft.keyword, SEARCH_DEBOUNCE_MS);
  const timeZone = useCompanyTimeZone();
  const filter = useMemo<ConversationListFilter>(() => {
    // 02 §9: the days cover the company's day, from its first instant to its last, whatever the browser's zone.
    const range = draft.dateRange ? rangeInstants(draft.dateRange, timeZone) : null;
    return {
      ...DEFAULT_CONVERSATION_FILTER,
      type: draft.type,
      keyword: keyword.trim() === '' ? null : keyword,
      tagsIds: draft.tagsIds,
      agentId: draft.agentId,
      channelsIds: draft.channelsIds,
      dateFrom: range?.createdAtFrom ?? null,
      dateTo: range?.createdAtTo ?? null,
    };
  }, [draft.type, draft.tagsIds, draft.agentId, draft.channelsIds, draft.dateRange, keyword, timeZone]);
  const change = (patch: Partial<InboxFilterDraft>) => setDraft((current) => ({ ...current, ...patch }));
  return { draft, change, filter };
}
