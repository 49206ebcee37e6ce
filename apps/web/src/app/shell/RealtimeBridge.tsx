import { REALTIME_EVENTS } from '@crm/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../features/session/hooks/useSession';
import { connectSocket, disconnectSocket, onReconnected, subscribeRealtime } from '../../lib/socket';

/** The line-linking page: it follows its own line to /spaces once linked (02 §2). */
const LINKING_PATH = '/spaces/new-whatsapp';

// 02 §7: updateUserData applies on every page: the user's data is loaded again; so it is after a reconnection, which
// may have followed a change of the user's role (the server closes their sockets) and lost the event.
// onLinkedChannel applies on every page too: a WhatsApp line of the company was linked, so the browser goes to /chat —
// except on the linking page itself, which goes to /spaces when its line is linked.
export function RealtimeBridge() {
  const { refetchMe } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const refetch = useRef(refetchMe);
  const goTo = useRef(navigate);
  const path = useRef(pathname);
  useEffect(() => {
    refetch.current = refetchMe;
    goTo.current = navigate;
    path.current = pathname;
  }, [refetchMe, navigate, pathname]);

  useEffect(() => {
    connectSocket();
    const unsubscribe = subscribeRealtime(REALTIME_EVENTS.updateUserData, () => {
      void refetch.current();
    });
    const stopLinked = subscribeRealtime(REALTIME_EVENTS.onLinkedChannel, () => {
      if (path.current !== LINKING_PATH) void goTo.current('/chat');
    });
    const stopReconnected = onReconnected(() => {
      void refetch.current();
    });
    return () => {
      unsubscribe();
      stopLinked();
      stopReconnected();
      disconnectSocket();
    };
  }, []);
  return null;
}
