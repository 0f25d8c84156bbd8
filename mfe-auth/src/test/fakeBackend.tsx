/**
 * The network edge of the auth tests: a real API client and the remote's real store, over a
 * fetch that answers from a table of routes like the backend would (envelopes and HTTP codes).
 */
import { bus, createApiClient, type FetchImpl, type User } from '@shop/shared';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthRoot } from '../app/AuthRoot';
import { createAuthApi } from '../features/session/authApi';
import { type AuthStore, createAuthStore } from '../store';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

interface Reply {
  status: number;
  body: unknown;
}

export type FakeRoute = (call: FakeCall) => Reply | Promise<Reply>;

export const ok =
  (data: unknown, status = 200): FakeRoute =>
  () => ({ status, body: { status: true, data } });

export const fail =
  (status: number, code: string, message: string, fields?: Record<string, string>): FakeRoute =>
  () => ({ status, body: { status: false, error: { code, message, fields } } });

export const COUNTRIES = [
  { id: 1, name: 'United Arab Emirates', iso2: 'ae', dial_code: '971' },
  { id: 2, name: 'Lebanon', iso2: 'lb', dial_code: '961' },
  { id: 3, name: 'France', iso2: 'fr', dial_code: '33' },
];

const REFERENCE_ROUTES: Record<string, FakeRoute> = {
  'GET countries': ok({ list: COUNTRIES }),
  'GET gender': ok({ genders: [{ name: 'Female' }, { name: 'Male' }] }),
  'GET signin-slides': ok({
    items: [{ id: 1, title: 'Gifts for everyone', sub_title: 'Sign in', image: '/s1.png' }],
  }),
  'GET signup-slides': ok({
    items: [{ id: 2, title: 'Join the shop', sub_title: 'Sign up', image: '/s2.png' }],
  }),
};

function headerOf(headers: RequestInit['headers'], name: string): string | null {
  if (!headers || Array.isArray(headers)) return null;
  if ('get' in headers && typeof headers.get === 'function') return headers.get(name);
  return (headers as Record<string, string>)[name] ?? null;
}

export function createFakeBackend(routes: Record<string, FakeRoute> = {}) {
  const table: Record<string, FakeRoute> = { ...REFERENCE_ROUTES, ...routes };
  const calls: FakeCall[] = [];
  const fetchImpl: FetchImpl = async (input, init) => {
    const path = new URL(input, 'http://shop.test').pathname.replace(/^\/backend\/api\//, '');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headerOf(init.headers, 'Authorization'),
    };
    calls.push(call);
    const route = table[`${call.method} ${path}`];
    const reply = route
      ? await route(call)
      : { status: 404, body: { status: false, error: { code: 'NOT_FOUND', message: 'Not found' } } };
    return { ok: reply.status < 400, status: reply.status, json: async () => reply.body };
  };
  const client = createApiClient({ getToken: () => bus.get('session').user?.token ?? null, fetchImpl });
  const store = createAuthStore({ api: createAuthApi(client), bus });
  return {
    calls,
    store,
    /** The calls made to one path, e.g. 'buyers/login'. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
  };
}

/** Shows where the router is, so tests can follow navigations. */
function CurrentPath(): ReactNode {
  const location = useLocation();
  return <div data-testid="path">{location.pathname}</div>;
}

export function renderInAuth(
  ui: ReactNode,
  {
    store,
    path = '/',
    state,
    routePath = '*',
  }: { store: AuthStore; path?: string; state?: unknown; routePath?: string },
) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: path, state }]}>
      <AuthRoot store={store}>
        <Routes>
          <Route path={routePath} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <CurrentPath />
      </AuthRoot>
    </MemoryRouter>,
  );
}

export const MEMBER: User = {
  id: 7,
  token: 'member-token',
  type: 'Member',
  first_name: 'Lina',
  last_name: 'Haddad',
  email: 'lina@example.com',
  mobile: '+971 501234567',
  gender: 'Female',
  country_id: 1,
  alternate_email: null,
};

/** Every test starts signed out with an empty localStorage. */
export function resetSession(): void {
  localStorage.clear();
  bus.publish('session', { user: null, guestSessionToken: null, wishlistUser: null });
}
