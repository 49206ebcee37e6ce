import { clearLocalStorage } from './storage';

type SessionEndListener = () => void;

const listeners = new Set<SessionEndListener>();

// Apollo (store reset), the socket client and the router (go to /login) register here, so
// every way a session ends (logout, INVALID_TOKEN, UNAUTHORIZED, a failed load) ends it the same way.
export function onSessionEnd(listener: SessionEndListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function endSession(): void {
  clearLocalStorage();
  for (const listener of [...listeners]) listener();
}
