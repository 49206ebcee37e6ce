import { createContext } from 'react';
import type { Me } from './api/me.graphql';

export interface SessionValue {
  me: Me;
  /** Loads the user again (after a space switch or an updateUserData event). */
  refetchMe: () => Promise<void>;
}

export const SessionContext = createContext<SessionValue | null>(null);
