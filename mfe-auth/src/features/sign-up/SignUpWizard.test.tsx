import { bus } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FORM_FEEDBACK_MS } from '../../constants';
import { createFakeBackend, fail, MEMBER, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { AuthModals } from '../overlays/AuthModals';

const EXISTING = 'taken@example.com';

function backendWith(register = ok({ user: MEMBER }, 201)) {
  return createFakeBackend({
    'POST buyers/check-email-exist': (call) => {
      const { email } = call.body as { email: string };
      return ok({ emailExist: email === EXISTING })(call);
    },
    'POST buyers/register': register,
  });
}

async function openSignUp(): Promise<HTMLElement> {
  await act(() => bus.request('ui.openSignUp'));
  return screen.getByRole('dialog', { name: 'Create your account' });
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const next = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));

async function completeSteps1And2(dialog: HTMLElement) {
  type(dialog, 'Email address', 'lina@example.com');
  next(dialog);
  await within(dialog).findByText('Step 2 of 3');
  type(dialog, 'Password', 'Secret123');
  type(dialog, 'Confirm password', 'Secret123');
  type(dialog, 'First name', 'Lina');
  type(dialog, 'Last name', 'Haddad');
  next(dialog);
  await within(dialog).findByText('Step 3 of 3');
}

async function completeStep3(dialog: HTMLElement) {
  await within(dialog).findByRole('option', { name: 'Female' });
  type(dialog, 'Mobile number', '50 123 4567');
  type(dialog, 'Country', '1');
  type(dialog, 'Gender', 'Female');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
}

describe('sign-up wizard', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it('step 1 asks for a valid e-mail that is not registered yet', async () => {
    const backend = backendWith();
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignUp();
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();

    next(dialog);
    expect(await within(dialog).findByText('Please enter your email address')).toBeInTheDocument();
    type(dialog, 'Email address', 'lina@');
    next(dialog);
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(backend.callsTo('buyers/check-email-exist')).toHaveLength(0);

    type(dialog, 'Email address', EXISTING);
    next(dialog);
    expect(await within(dialog).findByText('Email is already exist')).toBeInTheDocument();
    expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument();

    type(dialog, 'Email address', 'lina@example.com');
    next(dialog);
    expect(await within(dialog).findByText('Step 2 of 3')).toBeInTheDocument();
    expect(backend.callsTo('buyers/check-email-exist').map((call) => call.body)).toEqual([
      { email: EXISTING },
      { email: 'lina@example.com' },
    ]);
  });

  it('step 2 validates passwords and names; Previous goes back with the e-mail kept', async () => {
    renderInAuth(<AuthModals />, { store: backendWith().store });
    const dialog = await openSignUp();
    type(dialog, 'Email address', 'lina@example.com');
    next(dialog);
    await within(dialog).findByText('Step 2 of 3');
    // A fresh step shows no errors before the shopper tries to go on.
    expect(within(dialog).queryByText('Please choose your password')).not.toBeInTheDocument();

    next(dialog);
    for (const message of [
      'Please choose your password',
      'Please retype your password',
      'Please enter your first name',
      'Please enter your last name',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    type(dialog, 'Password', 'weakpass');
    type(dialog, 'Confirm password', 'different');
    next(dialog);
    expect(
      await within(dialog).findByText('Use 8-16 characters with one upper letters and at least one number'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Your password and confirmation password do not match'),
    ).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous' }));
    expect(await within(dialog).findByText('Step 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('lina@example.com');
  });

  it('step 3 builds the phone number from the dial code and registers the member', async () => {
    bus.publish('session', { user: null, guestSessionToken: 'guest-cart-9', wishlistUser: null });
    const backend = backendWith();
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignUp();
    await completeSteps1And2(dialog);

    expect(within(dialog).getByLabelText('Country code')).toHaveValue('ae');
    // The country choices are the spec's static list; the phone's dial codes cover every country.
    const choices = within(within(dialog).getByLabelText('Country')).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual([
      'Select your country',
      'United Arab Emirates',
      'Lebanon',
    ]);
    expect(within(dialog).getByRole('option', { name: 'France (+33)' })).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign up' }));
    for (const message of [
      'Please enter your mobile number',
      'Please select your country',
      'Please select your gender',
    ]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Mobile number')).toHaveAttribute('aria-invalid', 'true');

    type(dialog, 'Country code', 'lb');
    await completeStep3(dialog);
    expect(await within(dialog).findByText('Your account has been created. Welcome!')).toBeInTheDocument();
    expect(backend.callsTo('buyers/register')[0]?.body).toEqual({
      type: 'Registration',
      email: 'lina@example.com',
      password: 'Secret123',
      confirm_password: 'Secret123',
      first_name: 'Lina',
      last_name: 'Haddad',
      mobile: '+961 501234567',
      country_id: 1,
      gender: 'Female',
      guest_cart_session_token: 'guest-cart-9',
      wishlist_token: null,
    });
    expect(bus.get('session').user).toEqual(MEMBER);
  });

  it('after success shows the message 5 s, then closes, and a shopper on /cart goes on to /checkout', async () => {
    const backend = backendWith();
    renderInAuth(<AuthModals />, { store: backend.store, path: '/cart' });
    const dialog = await openSignUp();
    await completeSteps1And2(dialog);
    jest.useFakeTimers();
    await completeStep3(dialog);
    await within(dialog).findByText('Your account has been created. Welcome!');

    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/checkout');
  });

  it('after a failure shows the error 5 s, then starts the form over', async () => {
    const backend = backendWith(fail(409, 'EMAIL_EXISTS', 'Email is already exist'));
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignUp();
    await completeSteps1And2(dialog);
    jest.useFakeTimers();
    await completeStep3(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email is already exist');

    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    await waitFor(() => expect(within(dialog).getByText('Step 1 of 3')).toBeInTheDocument());
    expect(within(dialog).getByLabelText('Email address')).toHaveValue('');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(bus.get('session').user).toBeNull();
  });
});
