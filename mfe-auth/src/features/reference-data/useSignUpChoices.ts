import type { Country } from '@shop/shared';
import { useEffect } from 'react';
import { FALLBACK_COUNTRIES } from '../../constants';
import { useAuthDispatch, useAuthSelector } from '../../store';
import type { Gender } from '../session/authApi';
import { loadCountries, loadGenders } from './referenceDataSlice';

/** Countries (with dial codes) and genders for the sign-up form, loaded once per page. */
export function useSignUpChoices(): { countries: readonly Country[]; genders: readonly Gender[] } {
  const dispatch = useAuthDispatch();
  const countries = useAuthSelector((state) => state.referenceData.countries.items);
  const genders = useAuthSelector((state) => state.referenceData.genders.items);
  useEffect(() => {
    void dispatch(loadCountries());
    void dispatch(loadGenders());
  }, [dispatch]);
  return { countries: countries.length > 0 ? countries : FALLBACK_COUNTRIES, genders };
}
