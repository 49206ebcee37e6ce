import { useCallback, useState } from 'react';
import { handleError } from '../../../lib/errors';
import { endSession } from '../../../lib/session';
import { logout } from '../api/auth.rest';

// 01 §4 Session: logout revokes the token on the server, then clears local storage and goes to
// /login; a failed logout shows an error toast and keeps the session.
export function useLogout(): { loggingOut: boolean; logout: () => Promise<void> } {
  const [loggingOut, setLoggingOut] = useState(false);
  const run = useCallback(async () => {
    setLoggingOut(true);
    try {
      await logout();
      endSession();
    } catch (error) {
      handleError(error);
    } finally {
      setLoggingOut(false);
    }
  }, []);
  return { loggingOut, logout: run };
}
