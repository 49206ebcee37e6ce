import { useApolloClient } from '@apollo/client/react';
import {
  type ConversationView,
  type MessageView,
  type NewMessagePayload,
  PAGE_SIZES,
  REALTIME_EVENTS,
} from '@crm/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { handleError, isSessionErrorCode, resolveError } from '../../../../lib/errors';
import { onReconnected, rereadAfterConnect, subscribeRealtime } from '../../../../lib/socket';
import {
  SEND_MESSAGE_MUTATION,
  type SendMediaInput,
  toMessageView,
  WINDOW_MESSAGES_QUERY,
} from '../api/messages.graphql';
import { uploadFile } from '../api/upload.rest';
import {
  contentOfMessage,
  localMessage,
  newFakeId,
  type SendContent,
  type SendDraft,
  sendInputOf,
} from '../drafts';
import { laterExpiry } from '../replyWindow';
import { EMPTY_TIMELINE, isLocalMessage, optimisticTime, storedCount, timelineReducer } from '../timeline';

export type TimelinePhase = 'loading' | 'ready' | 'error';

/** What the composer hands over: text, or files (uploaded or already online) with the text as caption. */
export type OutgoingAttachment = { kind: 'file'; file: File } | { kind: 'remote'; media: SendMediaInput };

export interface ConversationTimeline {
  messages: MessageView[];
  phase: TimelinePhase;
  hasMore: boolean;
  loadingOlder: boolean;
  /** The window end of this conversation's latest real-time event (null until one arrives). */
  liveExpiry: string | null;
  loadOlder: () => void;
  reload: () => void;
  sendText: (text: string, quote: SendDraft['quote']) => void;
  sendAttachments: (attachments: OutgoingAttachment[], caption: string, quote: SendDraft['quote']) => void;
  sendTemplate: (template: Extract<SendContent, { kind: 'template' }>) => void;
  canRetry: (message: MessageView) => boolean;
  retry: (message: MessageView) => void;
}

const quoteOf = (message: MessageView): SendDraft['quote'] =>
  message.quotedMsgId === null
    ? null
    : {
        id: message.quotedMsgId,
        content: message.quotedMsgBody ?? '',
        type: message.quotedMsgType ?? 'text',
      };

/**
 * One conversation's messages (02 §7: newest first, 30 a fetch), kept live by the socket (newMessage,
 * newClient, messageStatus, messageUpdated), with optimistic sending: a pending bubble at once, replaced by the
 * stored message with the same fakeId, or turned failed with the error's Spanish text.
 */
export function useConversationTimeline(
  conversation: Pick<ConversationView, 'id'> & { channel: { id: number } },
  senderUserId: number,
): ConversationTimeline {
  const apollo = useApolloClient();
  const clientId = conversation.id;
  const channelId = conversation.channel.id;
  const [timeline, dispatch] = useReducer(timelineReducer, EMPTY_TIMELINE);
  const [phase, setPhase] = useState<TimelinePhase>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [liveExpiry, setLiveExpiry] = useState<string | null>(null);

  // Read by callbacks that must not be re-created on every message (scroll handler, socket handlers).
  const timelineRef = useRef(timeline);
  const hasMoreRef = useRef(hasMore);
  const olderInFlight = useRef(false);
  const drafts = useRef(new Map<string, SendDraft>());
  const lastLocalId = useRef(0);
  useEffect(() => {
    timelineRef.current = timeline;
    hasMoreRef.current = hasMore;
  }, [timeline, hasMore]);

  const fetchPage = useCallback(
    async (skip: number): Promise<MessageView[]> => {
      const result = await apollo.query({
        query: WINDOW_MESSAGES_QUERY,
        variables: { clientId, skip, first: PAGE_SIZES.messages },
        fetchPolicy: 'network-only',
      });
      return (result.data?.messages ?? []).map(toMessageView);
    },
    [apollo, clientId],
  );

  // Opened from its URL at start, the newest page is read before the socket connects: read again once it is there.
  const rereadOnConnect = useRef<ReturnType<typeof rereadAfterConnect> | null>(null);
  const loadLatest = useCallback(
    async (first: boolean) => {
      rereadOnConnect.current?.started();
      try {
        const page = await fetchPage(0);
        dispatch({ type: 'page', messages: page });
        if (first) setHasMore(page.length >= PAGE_SIZES.messages);
        setPhase('ready');
      } catch (error) {
        handleError(error);
        if (first) setPhase('error');
      }
    },
    [fetchPage],
  );

  // Marking the conversation read (02 §4) belongs to the list, which selects it and sees every event.
  useEffect(() => {
    const handle = rereadAfterConnect(() => void loadLatest(false));
    rereadOnConnect.current = handle;
    void loadLatest(true);
    return () => {
      handle.stop();
      rereadOnConnect.current = null;
    };
  }, [loadLatest]);

  const reload = useCallback(() => {
    setPhase('loading');
    void loadLatest(true);
  }, [loadLatest]);

  const loadOlder = useCallback(() => {
    if (olderInFlight.current || !hasMoreRef.current) return;
    olderInFlight.current = true;
    setLoadingOlder(true);
    fetchPage(storedCount(timelineRef.current))
      .then((page) => {
        dispatch({ type: 'page', messages: page });
        if (page.length < PAGE_SIZES.messages) setHasMore(false);
      })
      .catch((error: unknown) => {
        handleError(error);
      })
      .finally(() => {
        olderInFlight.current = false;
        setLoadingOlder(false);
      });
  }, [fetchPage]);

  // 02 §7 Real-time: this conversation's new messages and status changes, while the window is open.
  useEffect(() => {
    const onMessage = (payload: NewMessagePayload) => {
      if (payload.message.clientId !== clientId) return;
      dispatch({ type: 'server', messages: [payload.message] });
      setLiveExpiry((current) => laterExpiry(current, payload.client.windowExpiresAt));
    };
    const unsubscribe = [
      subscribeRealtime(REALTIME_EVENTS.newMessage, onMessage),
      subscribeRealtime(REALTIME_EVENTS.newClient, onMessage),
      subscribeRealtime(REALTIME_EVENTS.messageStatus, (update) => {
        if (update.clientId === clientId) dispatch({ type: 'status', update });
      }),
      // A received file finished downloading (or failed), or the customer edited or deleted a message: the
      // stored message replaces the shown one.
      subscribeRealtime(REALTIME_EVENTS.messageUpdated, (update) => {
        if (update.clientId === clientId) dispatch({ type: 'server', messages: [update.message] });
      }),
    ];
    // Events sent while the connection was down are lost: fetch the newest page again on reconnection.
    const stopReconnected = onReconnected(() => {
      void loadLatest(false);
    });
    return () => {
      for (const stop of unsubscribe) stop();
      stopReconnected();
    };
  }, [clientId, loadLatest]);

  const deliver = useCallback(
    async (fakeId: string, draft: SendDraft): Promise<void> => {
      try {
        let content = draft.content;
        if (content.kind === 'upload') {
          const uploaded = await uploadFile(content.file);
          content = {
            kind: 'media',
            caption: content.caption,
            media: {
              type: uploaded.fileType,
              url: uploaded.url,
              filename: uploaded.name,
              mimeType: uploaded.mimeType,
              weight: uploaded.weight,
            },
          };
          // A retry after a failed send reuses the uploaded file instead of uploading it again.
          drafts.current.set(fakeId, { ...draft, content });
        }
        const result = await apollo.mutate({
          mutation: SEND_MESSAGE_MUTATION,
          variables: { input: sendInputOf(clientId, content, fakeId, draft.quote?.id ?? null) },
        });
        const stored = result.data?.sendMessage;
        if (stored) dispatch({ type: 'server', messages: [toMessageView(stored)] });
        drafts.current.delete(fakeId);
      } catch (error) {
        const resolved = resolveError(error);
        // A session error has already ended the session (Apollo's link, the REST helper).
        if (isSessionErrorCode(resolved.code)) return;
        dispatch({ type: 'localFailed', fakeId, userMessage: resolved.userMessage });
      }
    },
    [apollo, clientId],
  );

  /** Shows the pending bubble now; the caller decides when its delivery starts. */
  const addLocal = useCallback(
    (draft: SendDraft): string => {
      const fakeId = newFakeId();
      lastLocalId.current -= 1;
      drafts.current.set(fakeId, draft);
      dispatch({
        type: 'local',
        message: localMessage(draft, {
          localId: lastLocalId.current,
          fakeId,
          clientId,
          channelId,
          senderUserId,
          time: optimisticTime(timelineRef.current),
        }),
      });
      return fakeId;
    },
    [clientId, channelId, senderUserId],
  );

  const sendDraft = useCallback(
    (draft: SendDraft) => {
      const fakeId = addLocal(draft);
      void deliver(fakeId, draft);
    },
    [addLocal, deliver],
  );

  const sendText = useCallback(
    (text: string, quote: SendDraft['quote']) => {
      if (text.trim() === '') return;
      sendDraft({ content: { kind: 'text', text }, quote });
    },
    [sendDraft],
  );

  const sendAttachments = useCallback(
    (attachments: OutgoingAttachment[], caption: string, quote: SendDraft['quote']) => {
      // Every bubble shows at once; they are sent one after another so the customer gets them in order.
      const queued = attachments.map((attachment, index) => {
        const text = index === 0 ? caption : '';
        const draft: SendDraft = {
          content:
            attachment.kind === 'file'
              ? { kind: 'upload', file: attachment.file, caption: text }
              : { kind: 'media', media: attachment.media, caption: text },
          quote: index === 0 ? quote : null,
        };
        return { fakeId: addLocal(draft), draft };
      });
      void (async () => {
        for (const { fakeId, draft } of queued) await deliver(fakeId, draft);
      })();
    },
    [addLocal, deliver],
  );

  const sendTemplate = useCallback(
    (content: Extract<SendContent, { kind: 'template' }>) => {
      sendDraft({ content, quote: null });
    },
    [sendDraft],
  );

  const canRetry = useCallback((message: MessageView): boolean => {
    if (message.messageStatus !== 'failed') return false;
    if (isLocalMessage(message)) return message.fakeId !== null && drafts.current.has(message.fakeId);
    return contentOfMessage(message) !== null;
  }, []);

  const retry = useCallback(
    (message: MessageView) => {
      if (isLocalMessage(message)) {
        const draft = message.fakeId ? drafts.current.get(message.fakeId) : undefined;
        if (!draft || !message.fakeId) return;
        // Never stored: the failed bubble gives way to the new attempt instead of staying as a duplicate.
        drafts.current.delete(message.fakeId);
        dispatch({ type: 'localRemoved', fakeId: message.fakeId });
        sendDraft(draft);
        return;
      }
      // Stored as failed: it stays in the history, and the same content goes again as a new message.
      const content = contentOfMessage(message);
      if (content) sendDraft({ content, quote: quoteOf(message) });
    },
    [sendDraft],
  );

  return {
    messages: timeline.messages,
    phase,
    hasMore,
    loadingOlder,
    liveExpiry,
    loadOlder,
    reload,
    sendText,
    sendAttachments,
    sendTemplate,
    canRetry,
    retry,
  };
}
