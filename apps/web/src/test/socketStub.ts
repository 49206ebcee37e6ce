import type { RealtimeEventMap } from '@crm/shared';
import { act } from '@testing-library/react';

type Handler = (payload: unknown) => void;

/**
 * The socket client replaced by a registry the tests emit through: `vi.mock('<path>/lib/socket', async () =>
 * (await import('<path>/test/socketStub')).socketModule)`. No connection, so nothing is read again on connect.
 */
const handlers = new Map<string, Set<Handler>>();

function listen(event: string, handler: Handler): () => void {
  const set = handlers.get(event) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(event, set);
  return () => {
    set.delete(handler);
  };
}

/**
 * What `connectSocket()` answers: code that listens on the socket itself (the linking pages' `socket.on`) registers
 * in the same registry as `subscribeRealtime`, so `emit` reaches both.
 */
const stubSocket = {
  on: (event: string, handler: Handler) => {
    listen(event, handler);
    return stubSocket;
  },
  off: (event: string, handler: Handler) => {
    handlers.get(event)?.delete(handler);
    return stubSocket;
  },
};

export const socketModule = {
  onReconnected: () => () => undefined,
  rereadAfterConnect: () => ({ started: () => undefined, stop: () => undefined }),
  eventsMayBeMissed: () => false,
  connectSocket: () => stubSocket,
  disconnectSocket: () => undefined,
  subscribeRealtime: listen,
};

/**
 * Delivers a server event to everything listening, as one React update (inside an outer `act`, several emits make one
 * batch, as events that arrive in the same task); throws when nothing listens to it.
 */
export function emit<E extends keyof RealtimeEventMap>(event: E, payload: RealtimeEventMap[E]): void {
  const set = handlers.get(event);
  if (!set || set.size === 0) throw new Error(`nobody listens to ${event}`);
  act(() => {
    for (const handler of [...set]) handler(payload);
  });
}
