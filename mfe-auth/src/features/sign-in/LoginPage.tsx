import { useBusState } from '@shop/shared';
import { Navigate, useLocation } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { MEMBER_HOME_PATH } from '../../constants';
import { useAuthDispatch } from '../../store';
import { openDialog } from '../overlays/overlaysSlice';
import { Slides } from '../reference-data/Slides';
import styles from './login-page.module.css';
import { SignInForm } from './SignInForm';

/** Where a protected route sent the shopper from (`state.from`, a location), as a path. */
export function returnPathOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from: unknown = state.from;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return null;
  const { pathname } = from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/**
 * /login: the sign-in form beside the sign-in slides. A signed-in member does not stay here:
 * they go back where a protected route sent them from, else to the member area (see
 * MEMBER_HOME_PATH for the choice between the spec's '/' and '/member'). Signing in here
 * takes the same way, because the page re-renders with the member. An express-checkout guest
 * stays: /member sends them here to sign in as a member.
 */
export function LoginPage(): ReactNode {
  const { user } = useBusState('session');
  const location = useLocation();
  const dispatch = useAuthDispatch();
  if (user?.type === 'Member')
    return <Navigate to={returnPathOf(location.state) ?? MEMBER_HOME_PATH} replace />;
  return (
    <div className={styles.page}>
      <section className={styles.formPanel} aria-labelledby="login-title">
        <h1 id="login-title">Sign in</h1>
        <SignInForm onSignUp={() => dispatch(openDialog('signUp'))} />
      </section>
      <Slides kind="signin" />
    </div>
  );
}
