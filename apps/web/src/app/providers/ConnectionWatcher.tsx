import { OFFLINE_WARNING_MESSAGE, ONLINE_SUCCESS_MESSAGE, ONLINE_TOAST_MS } from '@crm/shared';
import { useEffect } from 'react';
import { toast } from '../../lib/toast';

const CONNECTION_TOAST_KEY = 'connection';

// 02 §7: offline shows a persistent warning; coming back shows a success message for 6 s.
export function ConnectionWatcher() {
  useEffect(() => {
    const offline = () =>
      toast.warning(OFFLINE_WARNING_MESSAGE, { key: CONNECTION_TOAST_KEY, persistent: true });
    const online = () =>
      toast.success(ONLINE_SUCCESS_MESSAGE, { key: CONNECTION_TOAST_KEY, durationMs: ONLINE_TOAST_MS });
    if (!navigator.onLine) offline();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
  return null;
}
