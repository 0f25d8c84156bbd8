import {
  api,
  type InterestOption,
  type Profile,
  type ProfileInput,
  type ProfileStats,
} from '@shop/shared';

export interface ChangePasswordInput {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/** The member-account calls of spec 001 §7 (shapes: backend README, member account). */
export const profileApi = {
  profile: () => api.get<{ user: Profile }>('buyers/profile'),
  stats: () => api.get<ProfileStats>('buyers/profile-stats'),
  update: (id: number, input: ProfileInput) => api.post<{ user: Profile }>(`buyers/update/${id}`, input),
  /** An empty value clears the alternate e-mail. */
  updateAlternateEmail: (alternate_email: string | null) =>
    api.post<{ user: Profile }>('buyers/update-alternate-email', { alternate_email }),
  changePassword: (input: ChangePasswordInput) =>
    api.post<Record<string, never>>('buyers/change-password', input),
  interests: () => api.get<{ interests: InterestOption[] }>('buyers/get-interest-options'),
  updateInterests: (interests: number[]) =>
    api.post<{ interests: InterestOption[] }>('buyers/update-interests', { interests }),
  hearAboutUs: () => api.get<{ options: InterestOption[] }>('buyers/get-hear-about-us-options'),
  updateHearAboutUs: (options: number[]) =>
    api.post<{ options: InterestOption[] }>('buyers/update-hear-about-us', { options }),
  countries: () => api.get('countries'),
  genders: () => api.get('gender'),
  ageGroups: () => api.get('age-group'),
};
