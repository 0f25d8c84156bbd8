/**
 * A fake `fetch` for the profile tests: the member-account routes over one in-memory member
 * (Omar, id 3 as in the area's fake backend), with the reference lists of the profile form.
 */
import type { InterestOption, Profile, ProfileStats } from '@shop/shared';
import { type FakeRequest, installFakeFetch, ok, refused } from '../../test/fakeFetch';

type Call = FakeRequest & { body: Record<string, unknown> | undefined };
type Reply = { status: number; body: unknown };

export { ok, refused };

export function omarProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 3,
    type: 'Member',
    first_name: 'Omar',
    last_name: 'Khan',
    email: 'omar@example.com',
    mobile: '0501234567',
    gender: 'Male',
    country_id: 1,
    age_group: 2,
    alternate_email: null,
    ...overrides,
  };
}

export const NO_PROMPTS: ProfileStats = {
  profileUpdateRequired: false,
  alternateEmailUpdateRequired: false,
  interestsUpdatedRequired: false,
  passwordUpdatedRequired: false,
};

const option = (id: number, name: string, isChecked = false): InterestOption => ({ id, name, isChecked });

export function installProfile(
  start: { profile?: Profile; stats?: ProfileStats } = {},
  overrides: Record<string, () => Reply> = {},
) {
  let profile = start.profile ?? omarProfile();
  const answer = (call: Call): Reply => {
    const key = `${call.method} ${call.path}`;
    const override = overrides[key];
    if (override) return override();
    switch (key) {
      case 'GET buyers/profile':
        return ok({ user: profile });
      case 'GET buyers/profile-stats':
        return ok(start.stats ?? NO_PROMPTS);
      case 'GET countries':
        return ok({
          list: [
            { id: 1, name: 'United Arab Emirates' },
            { id: 2, name: 'Lebanon' },
          ],
        });
      case 'GET gender':
        return ok({ genders: [{ name: 'Male' }, { name: 'Female' }] });
      case 'GET age-group':
        return ok({
          list: [
            { id: 1, name: '18-24' },
            { id: 2, name: '25-34' },
          ],
        });
      case 'GET buyers/get-interest-options':
        return ok({ interests: [option(1, 'Flowers', true), option(2, 'Chocolates')] });
      case 'GET buyers/get-hear-about-us-options':
        return ok({ options: [option(1, 'A friend'), option(2, 'Instagram', true)] });
      case 'POST buyers/update-interests':
        return ok({ interests: [] });
      case 'POST buyers/update-hear-about-us':
        return ok({ options: [] });
      case `POST buyers/update/${profile.id}`:
        profile = { ...profile, ...(call.body as Partial<Profile>) };
        return ok({ user: profile });
      case 'POST buyers/update-alternate-email':
        profile = { ...profile, alternate_email: (call.body?.alternate_email as string | null) ?? null };
        return ok({ user: profile });
      case 'POST buyers/change-password':
        return ok({});
      default:
        return refused(404, 'NOT_FOUND', 'Not found');
    }
  };
  const calls = installFakeFetch((request) => answer(request as Call)) as Call[];
  return {
    bodiesTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath).map((call) => call.body),
  };
}
