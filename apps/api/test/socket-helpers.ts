import { io, type Socket } from 'socket.io-client';

/** A socket.io client signed in with `token` (none: anonymous), kept in `opened` so the suite closes it. */
export function openSocket(baseUrl: string, token: string | null, opened: Socket[]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: token ? { token } : {},
      reconnection: false,
    });
    opened.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The next `event` (whose payload passes `match`, when given), or a rejection after `timeoutMs`. */
export function nextEvent<T>(
  socket: Socket,
  event: string,
  timeoutMs = 3000,
  match: (payload: T) => boolean = () => true,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${timeoutMs} ms`));
    }, timeoutMs);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}
