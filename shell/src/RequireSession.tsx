import { useBusState } from '@shop/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

/**
 * Protected routes: a shopper who is not signed in goes to /login, which keeps where they were
 * going as the redirect target (spec 001, 2.1). Server-side verification of the token on entry
 * (buyers/is-logged-in) arrives with the auth issue.
 */
export function RequireSession({ children }: { children: ReactNode }): ReactNode {
  const { user } = useBusState('session');
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return children;
}
