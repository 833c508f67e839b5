import { onLogout } from '@cinema/api-client';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';

const SESSION_ENDED_MESSAGE = 'Your session has expired. Please login again.';

/**
 * When the API client ends the session itself (the refresh token was refused), send the person
 * to the login page instead of leaving them on a screen that can no longer load. The account
 * screens handle their own outcome, so nothing is added there.
 */
export function SessionEndRedirect() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  useEffect(
    () =>
      onLogout(() => {
        if (pathnameRef.current.startsWith('/auth/')) return;
        toast.info(SESSION_ENDED_MESSAGE);
        navigate('/auth/login');
      }),
    [navigate],
  );
  return null;
}
