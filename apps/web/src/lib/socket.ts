import type { RealtimeEventMap } from '@crm/shared';
import { io, type Socket } from 'socket.io-client';
import { isSessionErrorCode } from './errors';
import { endRejectedSession, onSessionEnd } from './session';
import { getToken } from './storage';

let socket: Socket | null = null;
/** Set when the server closed the socket: the next 'connect' is a reconnection the manager does not announce. */
let closedByServer = false;
const reconnectListeners = new Set<() => void>();
const connectListeners = new Set<() => void>();

function errorCodeOf(error: Error): string | undefined {
  const data = (error as Error & { data?: { code?: unknown } }).data;
  if (typeof data?.code === 'string') return data.code;
  return error.message;
}

// 02 §7 Real-time: one connection per signed-in tab, authenticated with the stored token.
export function connectSocket(): Socket | null {
  if (socket) return socket;
  if (!getToken()) return null;
  socket = io({
    path: '/socket.io',
    // A function so that every reconnection sends the current token.
    auth: (callback) => callback({ token: getToken() }),
  });
  const current = socket;
  current.on('connect_error', (error) => {
    // A refused token ends the session like an INVALID_TOKEN answer would.
    if (isSessionErrorCode(errorCodeOf(error))) endRejectedSession();
  });
  current.on('disconnect', (reason) => {
    // The server closes a user's sockets when their role changes (the rooms they may join change) or their
    // session ends; socket.io does not reconnect after a server-side disconnect by itself. Connecting again
    // re-joins the rooms of the new role, or is refused (connect_error above) when the session has ended.
    if (reason === 'io server disconnect' && socket === current && getToken()) {
      closedByServer = true;
      current.connect();
    }
  });
  current.on('connect', () => {
    for (const listener of connectListeners) listener();
    if (!closedByServer) return;
    closedByServer = false;
    for (const listener of reconnectListeners) listener();
  });
  current.io.on('reconnect', () => {
    for (const listener of reconnectListeners) listener();
  });
  return current;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
  closedByServer = false;
}

/**
 * Runs `listener` each time the connection comes back, after a network loss (the manager's reconnection) or after
 * the server closed it (a role change): events sent meanwhile are lost, so what they would have changed is read
 * again. Returns the unsubscribe.
 */
export function onReconnected(listener: () => void): () => void {
  connectSocket();
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}

/**
 * Whether what is read now may already be missing events: until this tab's socket is connected (at start, where
 * the first answers are asked for with the session, before the socket connects; or while it is down), events
 * published meanwhile never reach it.
 */
export function eventsMayBeMissed(): boolean {
  return socket?.connected !== true;
}

/**
 * Keeps what `read` reads in step with the events: call the returned `started()` when a read begins; if it began
 * while events could be missed (eventsMayBeMissed), `reread` runs once the socket connects. Reconnections are
 * onReconnected's. Returns `started` and the unsubscribe.
 */
export function rereadAfterConnect(reread: () => void): { started: () => void; stop: () => void } {
  connectSocket();
  let readOffline = false;
  const listener = () => {
    if (!readOffline) return;
    readOffline = false;
    reread();
  };
  connectListeners.add(listener);
  return {
    started: () => {
      readOffline = eventsMayBeMissed();
    },
    stop: () => {
      connectListeners.delete(listener);
    },
  };
}

export function subscribeRealtime<E extends keyof RealtimeEventMap>(
  event: E,
  handler: (payload: RealtimeEventMap[E]) => void,
): () => void {
  const current = connectSocket();
  if (!current) return () => undefined;
  const listener = (payload: RealtimeEventMap[E]) => handler(payload);
  current.on(event as string, listener);
  return () => {
    current.off(event as string, listener);
  };
}

onSessionEnd(disconnectSocket);
