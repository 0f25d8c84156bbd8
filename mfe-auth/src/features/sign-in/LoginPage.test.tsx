import { bus } from '@shop/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeBackend, MEMBER, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { LoginPage, returnPathOf } from './LoginPage';

describe('/login', () => {
  beforeEach(resetSession);

  it('sends a member who is already signed in to /member', () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    renderInAuth(<LoginPage />, { store: createFakeBackend().store, path: '/login' });
    expect(screen.getByTestId('path')).toHaveTextContent('/member');
  });

  it('keeps an express-checkout guest on the sign-in form (/member sent them here to sign in)', () => {
    const guest = { ...MEMBER, type: 'Guest' as const };
    act(() => bus.publish('session', { user: guest, guestSessionToken: null, wishlistUser: null }));
    renderInAuth(<LoginPage />, {
      store: createFakeBackend().store,
      path: '/login',
      state: { from: { pathname: '/member', search: '', hash: '' } },
    });
    expect(screen.getByTestId('path')).toHaveTextContent('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the sign-in slides beside the form', async () => {
    renderInAuth(<LoginPage />, { store: createFakeBackend().store, path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Gifts for everyone' })).toBeInTheDocument();
  });

  it('returns to the protected page that sent the shopper here once signed in', async () => {
    const backend = createFakeBackend({ 'POST buyers/login': ok({ user: MEMBER }) });
    renderInAuth(<LoginPage />, {
      store: backend.store,
      path: '/login',
      state: { from: { pathname: '/member/orders', search: '?page=2', hash: '' } },
    });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'lina@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/member/orders'));
  });

  it('accepts only a same-site path as the return target', () => {
    expect(returnPathOf({ from: { pathname: '/member', search: '?a=1', hash: '#x' } })).toBe('/member?a=1#x');
    expect(returnPathOf({ from: { pathname: '//evil.example' } })).toBeNull();
    expect(returnPathOf({ from: 'x' })).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});
