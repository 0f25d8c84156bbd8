/**
 * The signed-in admin, kept like the shopper's session is (localStorage, restored at start only
 * while it holds a token) but under a key of its own: an admin token never reaches the shop's
 * `api` client, and a shopper's token never reaches an admin call. Other tabs follow through the
 * `storage` event, so signing out in one tab signs out every tab.
 */
import type { ApiAnswer } from '@shop/shared';

export type AdminSession = ApiAnswer<'POST', 'admin/login'>;
export type AdminRole = AdminSession['admin']['role'];

/** Why the sign-in form shows: signed out by the admin, or the API refused the token (expired, disabled). */
export type SignedOutReason = 'signed-out' | 'expired';

export interface AdminSessionState {
  session: AdminSession | null;
  /** Set when the session ended by itself; the sign-in form says so. */
  endedBecause: SignedOutReason | null;
}

export const ADMIN_SESSION_KEY = 'adminSession';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSession(value: unknown): value is AdminSession {
  if (!isRecord(value) || !isRecord(value.admin)) return false;
  const { token, expires_at: expiresAt, admin } = value;
  return (
    typeof token === 'string' &&
    token !== '' &&
    typeof expiresAt === 'string' &&
    typeof admin.id === 'number' &&
    typeof admin.email === 'string' &&
    (admin.role === 'owner' || admin.role === 'staff')
  );
}

/** A stored session that is well formed and not past its expiry, else null. */
export function parseStoredSession(raw: string | null, now: number = Date.now()): AdminSession | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isSession(value)) return null;
  const expiresAt = Date.parse(value.expires_at);
  return Number.isNaN(expiresAt) || expiresAt <= now ? null : value;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readStored(): AdminSession | null {
  try {
    return parseStoredSession(storage()?.getItem(ADMIN_SESSION_KEY) ?? null);
  } catch {
    return null;
  }
}

function writeStored(session: AdminSession | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (session) store.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
    else store.removeItem(ADMIN_SESSION_KEY);
  } catch (error) {
    // Full or disabled storage: the session works for this page, it just won't survive a reload.
    console.warn('[admin] could not write the session to localStorage', error);
  }
}

let state: AdminSessionState = { session: readStored(), endedBecause: null };
const listeners = new Set<() => void>();

function publish(next: AdminSessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const adminSession = {
  get: (): AdminSessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** After a successful `admin/login`. */
  start(session: AdminSession): void {
    writeStored(session);
    publish({ session, endedBecause: null });
  },
  /** Signed out here, or the API said the token is no longer valid (401). */
  end(reason: SignedOutReason): void {
    if (!state.session) return;
    writeStored(null);
    publish({ session: null, endedBecause: reason === 'expired' ? 'expired' : null });
  },
  /** Reads storage again (another tab signed in or out; tests start from a fresh state). */
  reload(): void {
    const session = readStored();
    if (session?.token !== state.session?.token) publish({ session, endedBecause: null });
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === ADMIN_SESSION_KEY || event.key === null) adminSession.reload();
  });
}
