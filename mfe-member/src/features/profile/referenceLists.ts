import { profileApi } from './profileApi';
import { all } from './useLoaded';

/** The profile's own data with the lists that name its country, gender and age group. */
export const loadProfileWithLists = () =>
  all({
    profile: profileApi.profile(),
    countries: profileApi.countries(),
    genders: profileApi.genders(),
    ageGroups: profileApi.ageGroups(),
  });

export const loadProfileOverview = () =>
  all({
    profile: profileApi.profile(),
    stats: profileApi.stats(),
    countries: profileApi.countries(),
    ageGroups: profileApi.ageGroups(),
  });
