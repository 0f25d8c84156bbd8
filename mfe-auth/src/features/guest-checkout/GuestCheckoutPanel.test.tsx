import { bus, type User } from '@shop/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { GUEST_CHECKOUT_REDIRECT_MS } from '../../constants';
import { createFakeBackend, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { GuestCheckoutPanel } from './GuestCheckoutPanel';

const GUEST: User = {
  id: 40,
  token: 'guest-token',
  type: 'Guest',
  first_name: 'Sam',
  last_name: 'Lee',
  email: 'sam@example.com',
  mobile: '+971 501234567',
  gender: null,
  country_id: null,
  alternate_email: null,
};

function fill(values: { name: string; email: string; mobile: string }) {
  fireEvent.change(screen.getByLabelText('Name *'), { target: { value: values.name } });
  fireEvent.change(screen.getByLabelText('Email address *'), { target: { value: values.email } });
  fireEvent.change(screen.getByLabelText('Mobile number *'), { target: { value: values.mobile } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
}

describe('Guest Checkout panel', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it('asks for the name, a valid e-mail and a complete mobile number', async () => {
    const backend = createFakeBackend();
    renderInAuth(<GuestCheckoutPanel />, { store: backend.store, path: '/cart' });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your mobile number')).toBeInTheDocument();

    fill({ name: 'Sam', email: 'sam@', mobile: '+971 5012' });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter your complete mobile number')).toBeInTheDocument();
    expect(backend.callsTo('buyers/register-guest')).toHaveLength(0);
  });

  it('signs the guest in with the guest cart and goes to /checkout 5 s later', async () => {
    jest.useFakeTimers();
    bus.publish('session', { user: null, guestSessionToken: 'cart-token', wishlistUser: null });
    const backend = createFakeBackend({
      'POST buyers/check-email-exist': ok({ emailExist: false }),
      'POST buyers/register-guest': ok({ user: GUEST, cart_adjustments: [] }, 201),
    });
    renderInAuth(<GuestCheckoutPanel />, { store: backend.store, path: '/cart' });
    fill({ name: 'Sam Lee', email: 'sam@example.com', mobile: '+971 50 123 4567' });
    expect(await screen.findByRole('status')).toHaveTextContent('checking out as a guest');
    expect(backend.callsTo('buyers/register-guest')[0]?.body).toMatchObject({
      type: 'Express',
      first_name: 'Sam',
      last_name: 'Lee',
      email: 'sam@example.com',
      mobile: '+971 50 123 4567',
      continue_as_guest: false,
      guest_cart_session_token: 'cart-token',
    });
    expect(bus.get('session').user).toEqual(GUEST);
    expect(screen.getByTestId('path')).toHaveTextContent('/cart');
    act(() => jest.advanceTimersByTime(GUEST_CHECKOUT_REDIRECT_MS));
    expect(screen.getByTestId('path')).toHaveTextContent('/checkout');
  });

  it('warns when an account has the e-mail, recommending sign-in, and continues as a guest when asked', async () => {
    const backend = createFakeBackend({
      'POST buyers/check-email-exist': ok({ emailExist: true }),
      'POST buyers/register-guest': ok({ user: GUEST, cart_adjustments: [] }, 201),
    });
    const openSignIn = jest.fn();
    const stop = bus.handle('ui.openSignIn', openSignIn);
    renderInAuth(<GuestCheckoutPanel />, { store: backend.store, path: '/cart' });
    fill({ name: 'Sam', email: 'sam@example.com', mobile: '0501234567' });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('An account already exists for this e-mail');
    expect(backend.callsTo('buyers/register-guest')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(async () => {});
    expect(openSignIn).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(await screen.findByRole('status')).toHaveTextContent('checking out as a guest');
    expect(backend.callsTo('buyers/register-guest')[0]?.body).toMatchObject({ continue_as_guest: true });
    stop();
  });
});
