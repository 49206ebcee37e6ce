import { LOGIN_ROUTE } from '@crm/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionEnd } from '../../lib/session';

// Whatever ends the session (logout, INVALID_TOKEN, UNAUTHORIZED, a failed load), the user lands on /login.
export function SessionEndRedirect() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnd(() => navigate(LOGIN_ROUTE, { replace: true })), [navigate]);
  return null;
}
