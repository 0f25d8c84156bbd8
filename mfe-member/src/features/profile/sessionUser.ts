import { bus, type Profile, setSessionUser } from '@shop/shared';

/**
 * Keeps the stored session user in step with a changed profile (the greeting, checkout's
 * prefill), keeping its token: the server answers the profile, never a token.
 */
export function keepSessionUser(profile: Profile): void {
  const current = bus.get('session').user;
  if (!current || current.id !== profile.id) return;
  setSessionUser({
    ...current,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email,
    mobile: profile.mobile,
    gender: profile.gender,
    country_id: profile.country_id,
    alternate_email: profile.alternate_email,
  });
}
