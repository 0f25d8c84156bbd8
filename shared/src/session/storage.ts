/**
 * What the shop keeps in localStorage, under the spec's key names. The session in storage and on
 * the bus is written by auth (through the save functions here) when another app asks it with a
 * bus command; see contract.ts for the two exceptions. Every access tolerates a storage that throws
 * (Safari private mode, storage disabled) or holds corrupt data: the shop then simply starts
 * signed out.
 */
import type { User } from '@shop/contract';
import { type Bus, bus as sharedBus } from '../bus/bus';
import type { SessionState } from '../bus/contract';

export const STORAGE_KEYS = {
  user: 'user',
  guestSessionToken: 'guest_session_token',
  currencyCode: 'defaultCurrency',
  wishlistUser: 'wishlistUser',
} as const;

export const DEFAULT_CURRENCY_CODE = 'USD';

/**
 * Who registered through the wishlist e-mail form (spec: enables the hearts for a guest). The token
 * is the wishlist's own bearer token: the wishlist calls carry it, a user id alone grants nothing.
 */
export interface WishlistUser {
  id: number;
  email: string;
  token: string;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** null removes the key. */
function writeItem(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch (error) {
    // Full or disabled storage: the session still works for this page, it just won't survive a reload.
    console.warn(`[session] could not write "${key}" to localStorage`, error);
  }
}

function readJson(key: string): unknown {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStoredUser(value: unknown): value is User {
  return isRecord(value) && typeof value.token === 'string' && value.token !== '';
}

/** Spec: at start the stored user is restored only if it holds a token. */
export function loadUser(): User | null {
  const value = readJson(STORAGE_KEYS.user);
  return isStoredUser(value) ? value : null;
}

export function loadGuestSessionToken(): string | null {
  const token = readItem(STORAGE_KEYS.guestSessionToken);
  return token ? token : null;
}

export function loadSession(): SessionState {
  return { user: loadUser(), guestSessionToken: loadGuestSessionToken(), wishlistUser: loadWishlistUser() };
}

export function saveUser(user: User | null): void {
  writeItem(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
}

export function saveGuestSessionToken(token: string | null): void {
  writeItem(STORAGE_KEYS.guestSessionToken, token || null);
}

export function loadCurrencyCode(): string | null {
  return readItem(STORAGE_KEYS.currencyCode) || null;
}

export function saveCurrencyCode(code: string | null): void {
  writeItem(STORAGE_KEYS.currencyCode, code || null);
}

export function loadWishlistUser(): WishlistUser | null {
  const value = readJson(STORAGE_KEYS.wishlistUser);
  // A wishlist user saved before wishlists had tokens cannot call the server: it is dropped.
  return isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.email === 'string' &&
    typeof value.token === 'string' &&
    value.token !== ''
    ? { id: value.id, email: value.email, token: value.token }
    : null;
}

export function saveWishlistUser(user: WishlistUser | null): void {
  writeItem(STORAGE_KEYS.wishlistUser, user ? JSON.stringify(user) : null);
}

/** The shell calls this once at start (and a remote running alone in its bootstrap). */
export function initSessionFromStorage(bus: Bus = sharedBus): SessionState {
  const session = loadSession();
  bus.publish('session', session);
  return session;
}

/**
 * Saves and publishes the guest cart token (e.g. the one returned by cart/add). cart_checkout's
 * alone: it owns the guest cart, and the token must be in storage at once for the other tabs (see
 * its guestCartToken.ts). Every other change of the session is auth's, asked through the bus
 * commands `session.start`, `session.end` and `session.updateUser`.
 */
export function setGuestSessionToken(token: string | null, bus: Bus = sharedBus): void {
  saveGuestSessionToken(token);
  const session = bus.get('session');
  if (session.guestSessionToken !== token) bus.publish('session', { ...session, guestSessionToken: token });
}
