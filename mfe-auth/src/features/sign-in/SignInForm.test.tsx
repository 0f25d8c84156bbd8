import { bus, loadUser } from '@shop/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SIGN_IN_ERROR_MS } from '../../constants';
import { createFakeBackend, fail, MEMBER, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { AuthModals } from '../overlays/AuthModals';

function fillSignIn(dialog: HTMLElement, email: string, password: string) {
  fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: email } });
  fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
}

async function openSignIn(): Promise<HTMLElement> {
  await act(() => bus.request('ui.openSignIn'));
  return screen.getByRole('dialog', { name: 'Sign in' });
}

describe('sign-in popup', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it('makes no login call for an invalid e-mail or a missing password, and says why', async () => {
    const backend = createFakeBackend({ 'POST buyers/login': ok({ user: MEMBER }) });
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignIn();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByText('Please enter your email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your password')).toBeInTheDocument();

    fillSignIn(dialog, 'lina@', '');
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.callsTo('buyers/login')).toHaveLength(0);
  });

  it("shows 'Incorrect username or password. Please try again' for 5 s, then hides it", async () => {
    jest.useFakeTimers();
    const backend = createFakeBackend({
      'POST buyers/login': fail(401, 'INVALID_CREDENTIALS', 'Invalid e-mail or password'),
    });
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignIn();

    fillSignIn(dialog, 'lina@example.com', 'Wrong123');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect username or password. Please try again');

    act(() => jest.advanceTimersByTime(SIGN_IN_ERROR_MS - 1));
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(bus.get('session').user).toBeNull();
  });

  it('signs in, closes the popup and greets the member', async () => {
    const backend = createFakeBackend({ 'POST buyers/login': ok({ user: MEMBER }) });
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignIn();

    fillSignIn(dialog, 'lina@example.com', 'Secret123');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loadUser()).toEqual(MEMBER);
    expect(screen.getByRole('status')).toHaveTextContent('Welcome, Lina!');
  });

  it('is static: neither the backdrop nor Escape closes it, the Close button does', async () => {
    const backend = createFakeBackend();
    renderInAuth(
      <>
        <button type="button">opener</button>
        <AuthModals />
      </>,
      { store: backend.store },
    );
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    const dialog = await openSignIn();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByLabelText('Email address')).toHaveFocus();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('dialog-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();

    // Tab from the last control comes back to the first: focus stays in the popup.
    const controls = within(dialog).getAllByRole('button');
    const last = controls[controls.length - 1];
    act(() => last?.focus());
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("links to 'Forgot password?' and switches to the sign-up popup", async () => {
    const backend = createFakeBackend();
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await openSignIn();
    expect(within(dialog).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'New customer? Start here' }));
    expect(await screen.findByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
  });
});
