import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import type { AdminPage } from '../pages/registry';
import { ADMIN_SESSION_KEY, adminSession } from '../session/adminSession';
import { renderAdmin, sessionOf, signIn, signOutEverywhere } from '../test/adminTesting';

const page = (path: string, label: string, ownerOnly: boolean): AdminPage => ({
  path,
  label,
  ownerOnly,
  component: lazy(async () => ({ default: () => <h1>{`${label} page`}</h1> })),
});

const PAGES = [page('orders', 'Orders', false), page('releases', 'Releases', true)];

beforeEach(() => signOutEverywhere());

describe('signing in at /admin', () => {
  it('asks for the e-mail and password, and shows the address asked for once signed in', async () => {
    const owner = sessionOf('owner');
    const backend = installFakeBackend(routeTable({ 'POST admin/login': ok(owner) }));
    renderAdmin('/admin/releases', PAGES);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Releases page' })).toBeInTheDocument();
    expect(backend.calls[0]?.body).toEqual({ email: 'owner@example.com', password: 'a long password' });
    expect(JSON.parse(localStorage.getItem(ADMIN_SESSION_KEY) ?? 'null')).toEqual(owner);
  });

  it('says which field is missing before asking the API', async () => {
    const backend = installFakeBackend(routeTable({}));
    renderAdmin('/admin', PAGES);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Enter your e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(backend.calls).toHaveLength(0);
  });

  it("shows the API's refusal as it words it", async () => {
    installFakeBackend(
      routeTable({ 'POST admin/login': refused(401, 'INVALID_CREDENTIALS', 'Wrong e-mail or password') }),
    );
    renderAdmin('/admin', PAGES);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'owner@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong e-mail or password');
    expect(adminSession.get().session).toBeNull();
  });
});

describe('the frame', () => {
  it("builds the navigation from the registry, without owners' pages for staff", async () => {
    installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin', PAGES);

    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(nav).toHaveTextContent('Orders');
    expect(nav).not.toHaveTextContent('Releases');
  });

  it('shows staff "Owners only" at the address of an owners\' page', async () => {
    installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/releases', PAGES);

    expect(screen.getByRole('heading', { name: 'Owners only' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Releases page' })).not.toBeInTheDocument();
  });

  it('shows an owner every page', async () => {
    installFakeBackend(routeTable({}));
    signIn('owner');
    renderAdmin('/admin/releases', PAGES);

    expect(await screen.findByRole('heading', { name: 'Releases page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Back office' })).toHaveTextContent('Releases');
  });

  it('signs out: the token is given back to the API and forgotten here', async () => {
    const backend = installFakeBackend(routeTable({ 'POST admin/logout': ok({}) }));
    signIn('owner');
    renderAdmin('/admin/orders', PAGES);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Back office sign-in' })).toBeInTheDocument();
    expect(backend.calls.map((call) => [call.path, call.authorization])).toEqual([
      ['admin/logout', 'Bearer adm.owner-token'],
    ]);
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
    expect(screen.queryByText('Your session has ended. Please sign in again.')).not.toBeInTheDocument();
  });
});

describe('an expired session', () => {
  it('goes back to the sign-in form with a message when the API answers 401', async () => {
    installFakeBackend(routeTable({ 'GET admin/orders': refused(401, 'UNAUTHORIZED', 'Sign in again') }));
    signIn('owner');
    renderAdmin('/admin/orders');

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Back office sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_SESSION_KEY)).toBeNull();
  });

  it("does not end a newer session for an older token's 401", async () => {
    signIn('owner');
    const { sessionEndingFetch } = await import('../api/adminApi');
    const newer = sessionOf('owner', 'adm.newer');
    const fetchAsAdmin = sessionEndingFetch(async () => {
      act(() => adminSession.start(newer));
      return { ok: false, status: 401, json: async () => ({}) };
    });

    await fetchAsAdmin('/backend/api/admin/orders', { headers: { Authorization: 'Bearer adm.owner-token' } });

    await waitFor(() => expect(adminSession.get().session).toEqual(newer));
  });
});
