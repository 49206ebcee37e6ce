import type { RealtimeEventMap } from '@crm/shared';
import { io, type Socket } from 'socket.io-client';
import { isSessionErrorCode } from './errors';
import { endSession, onSessionEnd } from './session';
import { getToken } from './storage';

let socket: Socket | null = null;

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
  socket.on('connect_error', (error) => {
    // A refused token ends the session like an INVALID_TOKEN answer would.
    if (isSessionErrorCode(errorCodeOf(error))) endSession();
  });
  return socket;
}

export function disconnectSocket(): void {
  socket?.disconnect();
  socket = null;
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
