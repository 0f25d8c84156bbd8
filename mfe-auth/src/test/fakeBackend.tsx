/**
 * The network edge of the auth tests: a real API client and the remote's real store, over the
 * shared fake backend (`@shop/shared/test/fake-backend`) answering from a table of routes like the
 * backend would (envelopes and HTTP codes). The fake is also the global `fetch`: the reference
 * lists are read through the shared `api` and its data cache.
 */
import { bus, createApiClient, type User } from '@shop/shared';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/shared/router';
import {
  type FakeCall as BackendCall,
  type FakeEnvelope,
  installFakeBackend,
  ok as okReply,
  refused,
  routeTable,
} from '@shop/shared/test/fake-backend';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AuthRoot } from '../app/AuthRoot';
import { createAuthApi } from '../features/session/authApi';
import { type AuthStore, createAuthStore } from '../store';

export type FakeCall = Pick<BackendCall, 'method' | 'path' | 'body' | 'authorization'>;

export type FakeRoute = (call: FakeCall) => FakeEnvelope | Promise<FakeEnvelope>;

export const ok =
  (data: unknown, status = 200): FakeRoute =>
  () =>
    okReply(data, status);

export const fail =
  (status: number, code: string, message: string, fields?: Record<string, string>): FakeRoute =>
  () =>
    refused(status, code, message, fields);

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

export function createFakeBackend(routes: Record<string, FakeRoute> = {}) {
  const table: Record<string, FakeRoute> = { ...REFERENCE_ROUTES, ...routes };
  const callOf = ({ method, path, body, authorization }: FakeCall): FakeCall => ({
    method,
    path,
    body,
    authorization,
  });
  const backend = installFakeBackend(
    routeTable(
      Object.fromEntries(
        Object.entries(table).map(([key, route]) => [key, (call: FakeCall) => route(callOf(call))]),
      ),
    ),
    callOf,
  );
  const { calls } = backend;
  const client = createApiClient({
    getToken: () => bus.get('session').user?.token ?? null,
    fetchImpl: backend.fetch,
  });
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
