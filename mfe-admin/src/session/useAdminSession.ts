import { useSyncExternalStore } from 'react';
import { type AdminSessionState, adminSession } from './adminSession';

/** The admin session as a component sees it; re-renders on sign-in, sign-out and expiry. */
export function useAdminSession(): AdminSessionState {
  return useSyncExternalStore(adminSession.subscribe, adminSession.get, adminSession.get);
}
