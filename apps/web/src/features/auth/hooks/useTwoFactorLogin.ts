import { TWO_FACTOR_GENERIC_ERROR_MESSAGE, TWO_FACTOR_WRONG_CODE_MESSAGE } from '@crm/shared';
import { useCallback, useRef, useState } from 'react';
import { resolveError } from '../../../lib/errors';
import { loginDash } from '../api/auth.rest';
import type { TwoFactorState } from '../twoFactorState';
import { loadSessionClient, useCompleteLogin } from './useCompleteLogin';

// 01 §8 Two-factor: a wrong code has its own text; any other failure the generic retry text.
const WRONG_CODE_CODES: ReadonlySet<string> = new Set(['ERROR_CHECKING_CODE', 'ERROR_CHECKING_QR_CODE']);
const KEEP_SERVER_MESSAGE: ReadonlySet<string> = new Set([
  'TOO_MANY_ATTEMPTS',
  'NETWORK_ERROR',
  'INVALID_CREDENTIALS',
]);

export function twoFactorErrorMessage(error: unknown): string {
  const { code, userMessage } = resolveError(error);
  if (WRONG_CODE_CODES.has(code)) return TWO_FACTOR_WRONG_CODE_MESSAGE;
  if (KEEP_SERVER_MESSAGE.has(code)) return userMessage;
  return TWO_FACTOR_GENERIC_ERROR_MESSAGE;
}

export interface TwoFactorLogin {
  submitting: boolean;
  error: string | null;
  /** Resolves true when signed in; false when the code was refused. Ignores calls while one is running. */
  submit: (code: string) => Promise<boolean>;
}

export function useTwoFactorLogin(credentials: TwoFactorState | null): TwoFactorLogin {
  const completeLogin = useCompleteLogin();
  const running = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = useCallback(
    async (code: string) => {
      if (!credentials || running.current) return false;
      running.current = true;
      setSubmitting(true);
      setError(null);
      void loadSessionClient().catch(() => undefined);
      try {
        const { token } = await loginDash({ ...credentials, otp: code });
        await completeLogin(token);
        return true;
      } catch (failure) {
        setError(twoFactorErrorMessage(failure));
        return false;
      } finally {
        running.current = false;
        setSubmitting(false);
      }
    },
    [credentials, completeLogin],
  );

  return { submitting, error, submit };
}
