import { type ApiBody, api, type ProfileInput } from '@shop/shared';

export type ChangePasswordInput = ApiBody<'POST', 'buyers/change-password'>;

/** The member-account calls of spec 001 §7 (shapes: backend README, member account). */
export const profileApi = {
  profile: () => api.get('buyers/profile'),
  stats: () => api.get('buyers/profile-stats'),
  update: (id: number, input: ProfileInput) => api.post('buyers/update/:id', input, { params: { id } }),
  /** An empty value clears the alternate e-mail. */
  updateAlternateEmail: (alternate_email: string | null) =>
    api.post('buyers/update-alternate-email', { alternate_email }),
  changePassword: (input: ChangePasswordInput) => api.post('buyers/change-password', input),
  interests: () => api.get('buyers/get-interest-options'),
  updateInterests: (interests: number[]) => api.post('buyers/update-interests', { interests }),
  hearAboutUs: () => api.get('buyers/get-hear-about-us-options'),
  updateHearAboutUs: (options: number[]) => api.post('buyers/update-hear-about-us', { options }),
  countries: () => api.get('countries'),
  genders: () => api.get('gender'),
  ageGroups: () => api.get('age-group'),
};
