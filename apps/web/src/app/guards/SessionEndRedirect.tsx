import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onSessionEnd } from '../../lib/session';

// Whatever ends the session, the user lands where lib/session says: /login after a logout or without a token, the
// root page (the login view) after the server refused the token.
export function SessionEndRedirect() {
  const navigate = useNavigate();
  useEffect(() => onSessionEnd((destination) => navigate(destination, { replace: true })), [navigate]);
  return null;
}
