import type { Country } from '@shop/shared';
import { useCountries } from '@shop/shared';
import { FALLBACK_COUNTRIES } from '../../constants';
import { type Gender, itemsOf, useGenders } from './referenceData';

/** Countries (with dial codes) and genders for the sign-up form, read once per page. */
export function useSignUpChoices(): { countries: readonly Country[]; genders: readonly Gender[] } {
  const countries = itemsOf(useCountries(), (answer) => answer.list);
  const genders = itemsOf(useGenders(), (answer) => answer.genders);
  return { countries: countries.length > 0 ? countries : FALLBACK_COUNTRIES, genders };
}
