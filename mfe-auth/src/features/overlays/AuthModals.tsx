import { bus, useBusState, useTimeouts } from '@shop/shared';
import { useNavigate } from '@shop/shared/router';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { GREETING_BUBBLE_MS } from '../../constants';
import { useAuthDispatch, useAuthSelector } from '../../store';
import { endSession, logout, startAnsweredSession, updateSessionUser } from '../session/session';
import styles from './greeting.module.css';
import { openDialog } from './overlaysSlice';

// The forms (Formik, Yup, the wizard) load only when a popup opens: not on every first paint.
const AuthDialogs = lazy(() => import('./AuthDialogs'));

/**
 * Mounted once by the shell's frame: answers the auth commands of the bus (`ui.openSignIn`,
 * `ui.openSignUp`, `ui.openWishlistEmail`, and the session's `session.start`, `session.end`,
 * `session.updateUser`) and renders the popups and the greeting bubble.
 */
export function AuthModals(): ReactNode {
  const dispatch = useAuthDispatch();
  const dialog = useAuthSelector((state) => state.overlays.dialog);
  const navigate = useNavigate();
  // The handlers stay registered across navigations; they read the current navigate from here.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  useEffect(() => {
    const unregister = [
      bus.handle('ui.openSignIn', () => {
        dispatch(openDialog('signIn'));
      }),
      bus.handle('ui.openSignUp', () => {
        dispatch(openDialog('signUp'));
      }),
      bus.handle('ui.openWishlistEmail', () => {
        dispatch(openDialog('wishlistEmail'));
      }),
      bus.handle('session.start', (answer) => {
        startAnsweredSession(answer, bus);
      }),
      bus.handle('session.end', async ({ reason }) => {
        if (reason === 'token-gone') {
          endSession(bus);
          return;
        }
        // Spec: on success the overlay closes and the shopper goes to the home page.
        await dispatch(logout({ beforeClear: () => navigateRef.current('/') }));
      }),
      bus.handle('session.updateUser', ({ profile }) => {
        updateSessionUser(profile, bus);
      }),
    ];
    return () => {
      for (const off of unregister) off();
    };
  }, [dispatch]);

  return (
    <>
      {dialog ? (
        <Suspense fallback={null}>
          <AuthDialogs dialog={dialog} />
        </Suspense>
      ) : null}
      <GreetingBubble />
    </>
  );
}

/** Spec: a greeting bubble after signing in, gone after 10 s. Not shown for a restored session. */
function GreetingBubble(): ReactNode {
  const { user } = useBusState('session');
  const later = useTimeouts();
  const [greeted, setGreeted] = useState<string | null>(null);
  const previousUserId = useRef(user?.id ?? null);

  useEffect(() => {
    const userId = user?.id ?? null;
    if (user && previousUserId.current === null) {
      setGreeted(user.first_name);
      later(() => setGreeted(null), GREETING_BUBBLE_MS);
    }
    if (!user) setGreeted(null);
    previousUserId.current = userId;
  }, [user, later]);

  return greeted ? (
    <p role="status" className={styles.greeting}>
      Welcome, {greeted}!
    </p>
  ) : null;
}
