import { type MessageView, REALTIME_EVENTS } from '@crm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { subscribeRealtime } from '../../../lib/socket';
import { fetchSimulatorConversation } from '../api/simulator.rest';
import { withStatus } from '../messageStatus';

/** A light fallback for missed real-time events, only while the simulator is open. */
export const SIMULATOR_POLL_MS = 3000;

export interface SimulatorConversation {
  messages: MessageView[];
  /** True until the first answer for the current channel and phone arrives. */
  loading: boolean;
  /** Loads the conversation again; shows a toast when `notify` and the load fails. */
  refresh: (notify?: boolean) => Promise<void>;
}

interface Loaded {
  key: string;
  messages: MessageView[];
}

/**
 * The simulated customer's conversation, kept live: the admin's socket (02 §7) reports new messages and status
 * changes, and a 3 s poll covers anything missed. `from` is null while the phone is not valid.
 */
export function useSimulatorConversation(
  channelId: number | null,
  from: string | null,
): SimulatorConversation {
  const key = channelId !== null && from !== null ? `${channelId}:${from}` : null;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const latestRequest = useRef(0);
  const current = loaded !== null && loaded.key === key ? loaded : null;
  // Read by the socket handlers, which stay subscribed across renders.
  const shown = useRef<MessageView[]>([]);
  const shownMessages = current?.messages;
  useEffect(() => {
    shown.current = shownMessages ?? [];
  }, [shownMessages]);

  const refresh = useCallback(
    async (notify = false) => {
      if (channelId === null || from === null || key === null) return;
      const request = ++latestRequest.current;
      try {
        const messages = await fetchSimulatorConversation(channelId, from);
        // A newer load (or a change of channel or phone) supersedes this answer.
        if (request === latestRequest.current) setLoaded({ key, messages });
      } catch (error) {
        if (notify && request === latestRequest.current) handleError(error);
      }
    },
    [channelId, from, key],
  );

  useEffect(() => {
    // Whatever is in flight belongs to the previous channel or phone.
    latestRequest.current += 1;
    if (key === null) return;
    void refresh(true);
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh();
    }, SIMULATOR_POLL_MS);
    return () => window.clearInterval(timer);
  }, [key, refresh]);

  // 02 §7 applies conversation events on chat pages only; the simulator is the one other page that follows
  // them, for its own customer.
  useEffect(() => {
    if (key === null) return;
    const onMessage = (payload: { client: { senderId: string | null }; message: MessageView }) => {
      const ours =
        payload.message.channelId === channelId &&
        (payload.client.senderId === from ||
          shown.current.some((message) => message.clientId === payload.message.clientId));
      if (ours) void refresh();
    };
    const unsubscribers = [
      subscribeRealtime(REALTIME_EVENTS.newMessage, onMessage),
      subscribeRealtime(REALTIME_EVENTS.newClient, onMessage),
      subscribeRealtime(REALTIME_EVENTS.messageStatus, (payload) => {
        if (!shown.current.some((message) => message.clientId === payload.clientId)) return;
        const known = shown.current.some((message) => message.id === payload.messageId);
        setLoaded((state) => {
          if (state === null || state.key !== key) return state;
          const messages = withStatus(state.messages, payload);
          return messages === state.messages ? state : { key, messages };
        });
        // A status for a reply this page has not loaded yet: the agent's message itself is new.
        if (!known) void refresh();
      }),
    ];
    return () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
    };
  }, [key, channelId, from, refresh]);

  return { messages: current?.messages ?? [], loading: key !== null && current === null, refresh };
}
