import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { handleUnauthorized } from '../store';
import { hasValidSession } from '../store/auth';
import { useAppSelector } from '../store/hooks';

/** Redirects to /login when no access token is held or the stored expiry has passed. */
export default function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAppSelector((s) => s.auth);
  const valid = hasValidSession(auth);
  const expired = !!auth.accessToken && !valid;

  useEffect(() => {
    if (expired) handleUnauthorized();
  }, [expired]);

  // Leave when the token expires while the app is open.
  useEffect(() => {
    if (!valid || auth.expiresAt === null) return;
    const ms = Math.min(auth.expiresAt - Date.now(), 2 ** 31 - 1);
    const t = setTimeout(() => handleUnauthorized(), Math.max(ms, 0));
    return () => clearTimeout(t);
  }, [valid, auth.expiresAt]);

  if (!auth.accessToken) return <Navigate to="/login" replace />;
  if (expired) return null;
  return <>{children}</>;
}
