import { allAnswers } from '@shop/shared';
import { profileApi } from './profileApi';

/** The profile's own data with the lists that name its country, gender and age group. */
export const loadProfileWithLists = () =>
  allAnswers({
    profile: profileApi.profile(),
    countries: profileApi.countries(),
    genders: profileApi.genders(),
    ageGroups: profileApi.ageGroups(),
  });

export const loadProfileOverview = () =>
  allAnswers({
    profile: profileApi.profile(),
    stats: profileApi.stats(),
    countries: profileApi.countries(),
    ageGroups: profileApi.ageGroups(),
  });
