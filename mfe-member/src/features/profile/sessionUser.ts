import { bus, type Profile } from '@shop/shared';

/**
 * Keeps the stored session user in step with a changed profile (the greeting, checkout's
 * prefill). auth owns the session: it is asked with the bus command `session.updateUser`, and
 * keeps the user's token (the server answers the profile, never a token). Not awaited: the
 * profile is saved whatever happens to the greeting, and a failed command is logged.
 */
export function keepSessionUser(profile: Profile): void {
  bus
    .request('session.updateUser', { profile })
    .catch((error: unknown) => console.error('[member] session.updateUser failed', error));
}
