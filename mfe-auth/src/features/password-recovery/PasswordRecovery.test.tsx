import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { RECOVERY_SUCCESS_DELAY_MS } from '../../constants';
import { createFakeBackend, fail, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

describe('password recovery', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it('/forgotpassword shows its success 0.5 s after submit even when the call fails (only logged)', async () => {
    jest.useFakeTimers();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const backend = createFakeBackend({ 'POST buyers/forgot-password': fail(500, 'INTERNAL_ERROR', 'boom') });
    renderInAuth(<ForgotPasswordPage />, { store: backend.store });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please enter your email address')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'lina@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(backend.callsTo('buyers/forgot-password')).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(RECOVERY_SUCCESS_DELAY_MS));
    expect(screen.getByRole('status')).toHaveTextContent('a link to reset your password has been sent');
    expect(warn).toHaveBeenCalledWith('[auth] buyers/forgot-password failed', expect.anything());
    warn.mockRestore();
  });

  it('/reset-password/:hash with an unknown hash goes to /pagenotfound', async () => {
    const backend = createFakeBackend({
      'POST buyers/check-reset-password-hash': fail(404, 'NOT_FOUND', 'Not found'),
    });
    renderInAuth(<ResetPasswordPage />, {
      store: backend.store,
      path: '/reset-password/nope',
      routePath: '/reset-password/:hash',
    });
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/pagenotfound'));
    expect(backend.callsTo('buyers/check-reset-password-hash')[0]?.body).toEqual({ hash: 'nope' });
  });

  it('/reset-password/:hash applies the sign-up password rules, then offers to sign in', async () => {
    const backend = createFakeBackend({
      'POST buyers/check-reset-password-hash': ok({ status: 'success' }),
      'POST buyers/reset-password': ok({}),
    });
    renderInAuth(<ResetPasswordPage />, {
      store: backend.store,
      path: '/reset-password/abc123',
      routePath: '/reset-password/:hash',
    });
    const password = await screen.findByLabelText('New password');
    fireEvent.change(password, { target: { value: 'weak' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText('Use 8-16 characters with one upper letters and at least one number'),
    ).toBeInTheDocument();
    expect(screen.getByText('Your password and confirmation password do not match')).toBeInTheDocument();

    fireEvent.change(password, { target: { value: 'NewSecret1' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'NewSecret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(backend.callsTo('buyers/reset-password')[0]?.body).toEqual({
      hash: 'abc123',
      password: 'NewSecret1',
      confirm_password: 'NewSecret1',
    });
  });
});
