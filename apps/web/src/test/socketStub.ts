import type { RealtimeEventMap } from '@crm/shared';
import { act } from '@testing-library/react';

type Handler = (payload: unknown) => void;

/**
 * The socket client replaced by a registry the tests emit through: `vi.mock('<path>/lib/socket', async () =>
 * (await import('<path>/test/socketStub')).socketModule)`. No connection, so nothing is read again on connect.
 */
const handlers = new Map<string, Set<Handler>>();

export const socketModule = {
  onReconnected: () => () => undefined,
  rereadAfterConnect: () => ({ started: () => undefined, stop: () => undefined }),
  eventsMayBeMissed: () => false,
  connectSocket: () => null,
  disconnectSocket: () => undefined,
  subscribeRealtime: (event: string, handler: Handler) => {
    const set = handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(event, set);
    return () => {
      set.delete(handler);
    };
  },
};

export function emit<E extends keyof RealtimeEventMap>(event: E, payload: RealtimeEventMap[E]): void {
  const set = handlers.get(event);
  if (!set || set.size === 0) throw new Error(`nobody listens to ${event}`);
  act(() => {
    for (const handler of set) handler(payload);
  });
}
