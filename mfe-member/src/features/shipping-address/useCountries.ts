import type { Country } from '@shop/shared';
import { useEffect, useState } from 'react';
import { shippingAddressApi } from './shippingAddressApi';

export type CountriesState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; list: Pick<Country, 'id' | 'name'>[] };

/** The countries an address may be in (`countries`), loaded when a form opens. */
export function useCountries(): CountriesState {
  const [countries, setCountries] = useState<CountriesState>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    shippingAddressApi.countries().then((answer) => {
      if (current)
        setCountries(answer.status ? { state: 'loaded', list: answer.data.list } : { state: 'failed' });
    });
    return () => {
      current = false;
    };
  }, []);
  return countries;
}
