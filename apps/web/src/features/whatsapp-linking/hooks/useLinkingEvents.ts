import type { LinkingQrPayload, LinkingStatusPayload } from '@crm/shared';
import { useEffect, useRef } from 'react';
import { connectSocket } from '../../../lib/socket';

/** Room onboarding_{companyId}: the linking of a number ended (issue 19). */
export type LinkStatusPayload = LinkingStatusPayload;
/** Room phone_{phone}: the first-message QR's state. */
export type QrStatusPayload = LinkingQrPayload;

export const LINK_STATUS_EVENT = 'status';
export const QR_STATUS_EVENT = 'qr';

/**
 * Listens to one of the linking events. The server puts the company's sockets in the rooms itself, so the page only
 * listens; these events are not in the shared catalogue (they are not chat events), hence the plain socket.
 */
export function useLinkingEvent<T>(event: string, handler: (payload: T) => void, enabled = true): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!enabled) return;
    const socket = connectSocket();
    if (!socket) return;
    const listener = (payload: T) => latest.current(payload);
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [event, enabled]);
}
