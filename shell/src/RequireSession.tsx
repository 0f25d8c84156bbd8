import { type ApiClient, bus, api as sharedApi, useBusState } from '@shop/shared';
import { Navigate, useLocation } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from './RequireSession.module.css';

type Verification = { token: string; state: 'checking' | 'verified' | 'rejected' };

/**
 * Protected routes (spec 001, 2.1): the login is verified with the server on entry
 * (buyers/is-logged-in). Not logged in: auth is asked to clear the stale local session
 * (`session.end`, reason 'token-gone') and the shopper goes to
 * /login, which keeps where they were going as the redirect target. An express or chat-checkout
 * guest is signed in but "Cannot use /member" (spec 001 §6): they go to /login too, to sign in
 * as a member (their guest session stays until then). When the server cannot be
 * asked (offline, a fault) the area opens anyway: sending a member with a valid token to /login
 * would bounce them straight back here, and the area's own calls show their errors.
 * A session that ends while the member is inside (Logout) goes home, as the spec's logout does:
 * the navigation and the cleared session can reach this guard in either order.
 */
export function RequireSession({
  children,
  api = sharedApi,
}: {
  children: ReactNode;
  api?: ApiClient;
}): ReactNode {
  const { user } = useBusState('session');
  const location = useLocation();
  const guest = user !== null && user.type !== 'Member';
  // Only a member's login is worth verifying: a guest is sent to sign in whatever the server says.
  const token = guest ? null : (user?.token ?? null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const wasInside = useRef(false);

  useEffect(() => {
    if (!token) return;
    let current = true;
    setVerification({ token, state: 'checking' });
    void api.get('buyers/is-logged-in').then((answer) => {
      if (!current) return;
      const loggedIn = answer.status ? answer.data.is_logged_in : answer.httpStatus !== 401;
      if (!answer.status && answer.httpStatus !== 401) {
        console.warn('[shell] buyers/is-logged-in failed; opening the member area unverified', answer);
      }
      setVerification({ token, state: loggedIn ? 'verified' : 'rejected' });
    });
    return () => {
      current = false;
    };
  }, [api, token]);

  const rejected = verification?.token === token && verification.state === 'rejected';
  useEffect(() => {
    // auth owns the session: the server has forgotten this token, so it is cleared here only.
    if (!rejected) return;
    bus
      .request('session.end', { reason: 'token-gone' })
      .catch((error: unknown) => console.error('[shell] session.end failed', error));
  }, [rejected]);

  if (guest) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!token && wasInside.current) return <Navigate to="/" replace />;
  if (!token || rejected) return <Navigate to="/login" replace state={{ from: location }} />;
  if (verification?.token !== token || verification.state === 'checking') {
    return (
      <p className={styles.checking} aria-busy="true" role="status">
        Checking your session…
      </p>
    );
  }
  wasInside.current = true;
  return children;
}
