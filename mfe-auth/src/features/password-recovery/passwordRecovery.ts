import type { AuthThunk } from '../../store';

/** Spec 001, 4: the shopper sees success whatever happens; a failure is only logged. */
export const requestPasswordReset =
  (email: string): AuthThunk<Promise<void>> =>
  async (_dispatch, _getState, { api }) => {
    const answer = await api.forgotPassword(email.trim());
    if (!answer.status) console.warn('[auth] buyers/forgot-password failed', answer);
  };

/** The reset link is valid only when the hash check answers status 'success'. */
export const checkResetHash =
  (hash: string): AuthThunk<Promise<boolean>> =>
  async (_dispatch, _getState, { api }) => {
    const answer = await api.checkResetPasswordHash(hash);
    return answer.status && answer.data.status === 'success';
  };

export const resetPassword =
  (body: { hash: string; password: string; confirm_password: string }): AuthThunk<Promise<void>> =>
  async (_dispatch, _getState, { api }) => {
    const answer = await api.resetPassword(body);
    if (!answer.status) console.warn('[auth] buyers/reset-password failed', answer);
  };
