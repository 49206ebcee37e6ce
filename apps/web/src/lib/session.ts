import { LOGIN_ROUTE } from '@crm/shared';
import { clearLocalStorage } from './storage';

/**
 * Where the user goes when the session ends. 01 §2.1 / §4 Session: an INVALID_TOKEN (graph service) or UNAUTHORIZED
 * (REST service) answer, or a refused token, sends the user to the root page, which shows the login view once
 * signed out; logout, a missing token and a failed login go to /login (01 §2.3 Auth, §4).
 */
export const SESSION_REJECTED_ROUTE = '/';

type SessionEndListener = (destination: string) => void;

const listeners = new Set<SessionEndListener>();

// Apollo (store reset), the socket client and the router (where to go) register here, so
// every way a session ends (logout, INVALID_TOKEN, UNAUTHORIZED, a failed load) ends it the same way.
export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function endSession(destination: string = LOGIN_ROUTE): void {
  clearLocalStorage();
  for (const listener of [...listeners]) listener(destination);
}

/** The server refused the session (INVALID_TOKEN / UNAUTHORIZED): storage cleared, back to the root page. */
export function endRejectedSession(): void {
  endSession(SESSION_REJECTED_ROUTE);
}
