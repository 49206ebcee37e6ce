import type { Credentials } from './api/auth.rest';

// 01 §2.4: /qr-code and /two-factor carry the e-mail and password in router state, never in storage.
export type TwoFactorState = Credentials;

export function readTwoFactorState(state: unknown): TwoFactorState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, password } = state as Record<string, unknown>;
  if (typeof email !== 'string' || typeof password !== 'string' || email === '' || password === '')
    return null;
  return { email, password };
}
