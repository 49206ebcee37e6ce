import { useContext } from 'react';
import { SessionContext } from '../SessionContext';

/**
 * The company's time zone (02 §9: dates are shown in it), or undefined outside a session, where the shared date
 * helpers fall back to their default zone.
 */
export function useCompanyTimeZone(): string | undefined {
  return useContext(SessionContext)?.me.company.timezone || undefined;
}
