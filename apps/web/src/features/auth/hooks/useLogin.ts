import { secondFactorDestination } from '@crm/shared';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { resolveError } from '../../../lib/errors';
import { removeQrUri, setQrUri } from '../../../lib/storage';
import { type Credentials, getUserByEmail, loginDash, sendTwoFactorCode } from '../api/auth.rest';
import type { TwoFactorState } from '../twoFactorState';
import { loadSessionClient, useCompleteLogin } from './useCompleteLogin';

export interface LoginState {
  submitting: boolean;
  error: string | null;
  login: (credentials: Credentials) => Promise<void>;
}

export function useLogin(): LoginState {
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const startSecondFactor = useCallback(
    async (credentials: Credentials) => {
      const { factor } = await sendTwoFactorCode(credentials);
      // The QR is only needed (and only sent) while the factor is unverified.
      if (factor.binding?.uri) setQrUri(factor.binding.uri);
      else removeQrUri();
      const state: TwoFactorState = { email: credentials.email, password: credentials.password };
      navigate(secondFactorDestination(factor.status), { state });
    },
    [navigate],
  );

  const login = useCallback(
    async (credentials: Credentials) => {
      setSubmitting(true);
      setError(null);
      // Fetched while the credentials are checked, so the session's client is there when the token arrives.
      void loadSessionClient().catch(() => undefined);
      try {
        const { hasUsed2FA } = await getUserByEmail(credentials.email);
        if (hasUsed2FA) {
          await startSecondFactor(credentials);
          return;
        }
        try {
          const { token } = await loginDash(credentials);
          await completeLogin(token);
        } catch (failure) {
          // The company may have turned two-factor on since the e-mail check.
          if (ApiError.is(failure) && failure.code === 'TWO_FACTOR_REQUIRED') {
            await startSecondFactor(credentials);
            return;
          }
          throw failure;
        }
      } catch (failure) {
        setError(resolveError(failure).userMessage);
      } finally {
        setSubmitting(false);
      }
    },
    [completeLogin, startSecondFactor],
  );

  return { submitting, error, login };
}
