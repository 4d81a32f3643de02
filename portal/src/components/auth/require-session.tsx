import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AUTH_BASE } from '../../lib/auth-client';
import { currentAppPath } from '../../lib/callback-url';
import { useSession } from '../../providers/session';
import { PageLoader } from '../layout/page-loader';
import { SessionExpired } from './session-expired';

/** A full page load to the API's sign-in route, which answers with the portal's sign-in page. */
function RedirectToSignIn({ callbackUrl }: { callbackUrl: string }) {
  useEffect(() => {
    const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl });
    window.location.replace(`${AUTH_BASE}/signin?${query}`);
  }, [callbackUrl]);
  return <PageLoader fullScreen />;
}

/**
 * Guards the protected screens. No session on first load → the sign-in page (SessionRequired);
 * a session that ends while here → the session-expired screen; signing out here → /login.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status, data, ended } = useSession();
  const location = useLocation();
  if (data) return children;
  if (status === 'loading') return <PageLoader fullScreen />;
  if (ended === 'expired') return <SessionExpired />;
  if (ended === 'signed_out') return <Navigate to="/login" replace />;
  return <RedirectToSignIn callbackUrl={currentAppPath(location)} />;
}
