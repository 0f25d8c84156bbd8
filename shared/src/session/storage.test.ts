import type { User } from '@shop/contract';
import { createBus } from '../bus/bus';
import {
  initSessionFromStorage,
  loadCurrencyCode,
  loadSession,
  loadWishlistUser,
  saveCurrencyCode,
  saveGuestSessionToken,
  saveUser,
  saveWishlistUser,
  setGuestSessionToken,
} from './storage';

const member: User = {
  id: 12,
  token: 'tok-123',
  type: 'Member',
  first_name: 'Rana',
  last_name: 'Haddad',
  email: 'rana@example.com',
  mobile: '+971 501234567',
  gender: 'Female',
  country_id: 1,
  alternate_email: null,
};

beforeEach(() => localStorage.clear());
afterEach(() => jest.restoreAllMocks());

describe('restoring the session at start', () => {
  it('restores the stored user when it holds a token, with the guest session token', () => {
    localStorage.setItem('user', JSON.stringify(member));
    localStorage.setItem('guest_session_token', 'guest-1');
    expect(loadSession()).toEqual({ user: member, guestSessionToken: 'guest-1', wishlistUser: null });
  });

  it('does not restore a stored user without a token', () => {
    localStorage.setItem('user', JSON.stringify({ ...member, token: '' }));
    expect(loadSession().user).toBeNull();
    const { token: _token, ...withoutToken } = member;
    localStorage.setItem('user', JSON.stringify(withoutToken));
    expect(loadSession().user).toBeNull();
  });

  it('starts signed out when the stored user is corrupt JSON', () => {
    localStorage.setItem('user', '{"id": 12, "token": ');
    localStorage.setItem('wishlistUser', 'not json');
    expect(loadSession()).toEqual({ user: null, guestSessionToken: null, wishlistUser: null });
    expect(loadWishlistUser()).toBeNull();
  });

  it('starts signed out when localStorage throws (private mode)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadSession()).toEqual({ user: null, guestSessionToken: null, wishlistUser: null });
    expect(loadCurrencyCode()).toBeNull();
    expect(() => saveUser(member)).not.toThrow();
  });

  it('publishes the restored session on the bus', () => {
    localStorage.setItem('user', JSON.stringify(member));
    const bus = createBus();
    initSessionFromStorage(bus);
    expect(bus.get('session')).toEqual({ user: member, guestSessionToken: null, wishlistUser: null });
    bus.destroy();
  });
});

describe('saving', () => {
  it('keeps the spec key names', () => {
    saveUser(member);
    saveGuestSessionToken('guest-2');
    saveCurrencyCode('AED');
    saveWishlistUser({ id: 4, email: 'w@example.com', token: 'w-token' });
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(member);
    expect(localStorage.getItem('guest_session_token')).toBe('guest-2');
    expect(localStorage.getItem('defaultCurrency')).toBe('AED');
    expect(loadCurrencyCode()).toBe('AED');
    expect(loadWishlistUser()).toEqual({ id: 4, email: 'w@example.com', token: 'w-token' });
  });

  it('removes a key when given null', () => {
    saveUser(member);
    saveGuestSessionToken('guest-2');
    saveUser(null);
    saveGuestSessionToken(null);
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('guest_session_token')).toBeNull();
  });

  it('setGuestSessionToken saves the token and publishes it with the session', () => {
    const bus = createBus();
    bus.publish('session', { user: member, guestSessionToken: null, wishlistUser: null });
    setGuestSessionToken('guest-3', bus);
    expect(localStorage.getItem('guest_session_token')).toBe('guest-3');
    expect(bus.get('session')).toEqual({ user: member, guestSessionToken: 'guest-3', wishlistUser: null });
    setGuestSessionToken(null, bus);
    expect(bus.get('session').guestSessionToken).toBeNull();
    expect(localStorage.getItem('guest_session_token')).toBeNull();
    bus.destroy();
  });
});
