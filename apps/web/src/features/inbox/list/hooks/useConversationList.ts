import { useApolloClient } from '@apollo/client/react';
import {
  CONVERSATION_LIST_EVENT_KINDS,
  type ConversationListEvent,
  type ConversationListEventKind,
  type ConversationListFilter,
  type ConversationView,
  type ConversationViewer,
  normalizeSearchKeyword,
} from '@crm/shared';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef } from 'react';
import { handleError, resolveError } from '../../../../lib/errors';
import { takePreloaded } from '../../../../lib/preload';
import { onReconnected, rereadAfterConnect, subscribeRealtime } from '../../../../lib/socket';
import {
  type ConversationPage,
  conversationPageRequest,
  conversationsPreloadKey,
  fetchConversationPage,
} from '../api/conversations.rest';
import { CONVERSATION_QUERY, MARK_CONVERSATION_READ, withoutTypename } from '../api/inbox.graphql';
import {
  type InboxListState,
  inboxListReducer,
  initialInboxListState,
  selectedConversation,
} from '../inboxListState';

export interface ConversationListOptions {
  filter: ConversationListFilter;
  viewer: ConversationViewer;
  /** The user's selected space: switching it reloads the list from the first page. */
  spaceId: number | null;
  /** The conversation open in the URL, or null. */
  selectedId: number | null;
}

export interface ConversationListController {
  state: InboxListState;
  /** The open conversation's latest view (its row, or the one loaded by id), kept live by events. */
  selected: ConversationView | null;
  /** A conversation is open in the URL but its data is still on the way. */
  opening: boolean;
  /** Fetches the next page if there is one and nothing is loading. */
  loadMore: () => void;
  /** Reloads from the first page (after an error, or after the socket reconnects). */
  reload: () => void;
}

type EventOf<K extends ConversationListEventKind> = Extract<ConversationListEvent, { kind: K }>;

// The wire names are the list's event kinds, and RealtimeEventMap gives each the payload the list reducer expects.
function subscribeListEvent<K extends ConversationListEventKind>(
  kind: K,
  onEvent: (event: ConversationListEvent) => void,
): () => void {
  return subscribeRealtime(kind, (payload) => onEvent({ kind, payload } as EventOf<K>));
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The inbox conversation list (02 §2, §4, §7): pages from POST /conversations_by_filter, live events applied with
 * the shared reducer against the filter and viewer the rows were fetched with, and the open conversation.
 */
export function useConversationList({
  filter,
  viewer,
  spaceId,
  selectedId,
}: ConversationListOptions): ConversationListController {
  const client = useApolloClient();
  const [state, dispatch] = useReducer(inboxListReducer, undefined, () =>
    initialInboxListState(filter, viewer),
  );
  // Read by callbacks and socket handlers that outlive a render; updated once a render commits.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const moreRequest = useRef<AbortController | null>(null);

  // The server normalises the keyword (02 §5): text that normalises the same is the same list.
  const filterKey = JSON.stringify({ ...filter, keyword: normalizeSearchKeyword(filter.keyword) });
  const viewerKey = JSON.stringify(viewer);
  const latest = useRef({ filter, viewer });
  useLayoutEffect(() => {
    latest.current = { filter, viewer };
  });
  const loadedSpace = useRef<number | null | undefined>(undefined);

  const reset = useCallback((afterSpaceSwitch: boolean) => {
    moreRequest.current?.abort();
    moreRequest.current = null;
    dispatch({ type: 'reset', ...latest.current, afterSpaceSwitch });
  }, []);

  useEffect(() => {
    // Keys, not objects: the session's `me` is a new object after every refetch.
    void filterKey;
    void viewerKey;
    const switched = loadedSpace.current !== undefined && loadedSpace.current !== spaceId;
    loadedSpace.current = spaceId;
    reset(switched);
  }, [filterKey, viewerKey, spaceId, reset]);

  // A first page read before the socket connected (at start it is asked for with the session, about a second
  // before) may miss a conversation's event sent meanwhile: it is read again once the socket is there.
  const rereadOnConnect = useRef<ReturnType<typeof rereadAfterConnect> | null>(null);
  useEffect(() => {
    const handle = rereadAfterConnect(() => reset(false));
    rereadOnConnect.current = handle;
    return () => {
      handle.stop();
      rereadOnConnect.current = null;
    };
  }, [reset]);

  const { generation } = state;
  useEffect(() => {
    if (generation === 0) return;
    rereadOnConnect.current?.started();
    const { filter: pageFilter, afterSpaceSwitch } = stateRef.current;
    const controller = new AbortController();
    const request = conversationPageRequest(pageFilter, { afterSpaceSwitch });
    // Issue 22: the first page of a full load may already be on its way, asked for with the session's `me`.
    const preloaded = takePreloaded<ConversationPage>(conversationsPreloadKey(request));
    const page = preloaded
      ? preloaded.then((answer) => answer ?? fetchConversationPage(request, controller.signal))
      : fetchConversationPage(request, controller.signal);
    page
      .then((answer) => {
        if (!controller.signal.aborted) dispatch({ type: 'pageLoaded', generation, page: answer });
      })
      .catch((error: unknown) => {
        if (isAbort(error) || controller.signal.aborted) return;
        dispatch({ type: 'pageFailed', generation, append: false, message: resolveError(error).userMessage });
      });
    return () => controller.abort();
  }, [generation]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.status !== 'fetched' || !current.hasMore || current.loadingMore || moreRequest.current)
      return;
    const controller = new AbortController();
    moreRequest.current = controller;
    dispatch({ type: 'loadingMore' });
    const request = conversationPageRequest(current.filter, { after: current.cursor });
    fetchConversationPage(request, controller.signal)
      .then((page) => dispatch({ type: 'pageLoaded', generation: current.generation, page }))
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        const message = resolveError(error).userMessage;
        dispatch({ type: 'pageFailed', generation: current.generation, append: true, message });
      })
      .finally(() => {
        if (moreRequest.current === controller) moreRequest.current = null;
      });
  }, []);

  const reload = useCallback(() => reset(false), [reset]);

  const markRead = useCallback(
    (clientId: number) => {
      // Best effort: the row already shows it read, and a refused call (the conversation was just reassigned)
      // is followed by the event that removes it. Session errors still end the session in the Apollo link.
      void client
        .mutate({ mutation: MARK_CONVERSATION_READ, variables: { clientId } })
        .catch(() => undefined);
    },
    [client],
  );

  // An incoming message for the open conversation is being read; a hidden tab reads it when it comes back.
  const unreadWhileHidden = useRef<number | null>(null);
  useEffect(() => {
    const onVisible = () => {
      const pending = unreadWhileHidden.current;
      if (document.visibilityState !== 'visible' || pending === null) return;
      unreadWhileHidden.current = null;
      if (stateRef.current.list.selectedId === pending) markRead(pending);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  useEffect(() => {
    const onEvent = (event: ConversationListEvent) => {
      dispatch({ type: 'event', event });
      if (event.kind !== 'newMessage' && event.kind !== 'newClient') return;
      const { client: conversation, message } = event.payload;
      if (message.sender !== 'CLIENT' || stateRef.current.list.selectedId !== conversation.id) return;
      if (document.visibilityState === 'hidden') unreadWhileHidden.current = conversation.id;
      else markRead(conversation.id);
    };
    const unsubscribers = CONVERSATION_LIST_EVENT_KINDS.map((kind) => subscribeListEvent(kind, onEvent));
    // Events sent while the socket was down are lost: the list is read again when it comes back.
    const stopReconnected = onReconnected(() => reset(false));
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      stopReconnected();
    };
  }, [markRead, reset]);

  useEffect(() => {
    const row =
      selectedId === null ? undefined : stateRef.current.list.items.find((item) => item.id === selectedId);
    dispatch({ type: 'select', id: selectedId });
    // 02 §4: a selected conversation is marked read (one opened from its URL, once it has loaded).
    if (row && row.unreadMessages > 0) markRead(row.id);
  }, [selectedId, markRead]);

  const selected = useMemo(() => selectedConversation(state), [state]);
  const missing = selectedId !== null && selected === null && state.closedId !== selectedId;

  // Opened from its URL, or gone from the list between the click and the selection (an event can land in
  // between): fetch it. It may be on a page not loaded yet or outside the filter; if the caller may no longer
  // see it, the refusal closes it.
  useEffect(() => {
    if (!missing || selectedId === null) return;
    let active = true;
    client
      // Kept current by events, not by Apollo's cache.
      .query({ query: CONVERSATION_QUERY, variables: { clientId: selectedId }, fetchPolicy: 'no-cache' })
      .then(({ data }) => {
        if (!active || !data) return;
        const conversation = withoutTypename(data.conversation);
        dispatch({ type: 'opened', conversation });
        if (conversation.unreadMessages > 0) markRead(selectedId);
      })
      .catch((error: unknown) => {
        if (!active) return;
        handleError(error);
        dispatch({ type: 'openFailed', id: selectedId });
      });
    return () => {
      active = false;
    };
  }, [missing, selectedId, client, markRead]);

  const opening = missing;

  return { state, selected, opening, loadMore, reload };
}
