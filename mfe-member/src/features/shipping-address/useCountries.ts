import type { Country } from '@shop/shared';
import { useApiData } from '../../app/useApiData';
import { shippingAddressApi } from './shippingAddressApi';

export type CountriesState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'loaded'; list: Pick<Country, 'id' | 'name'>[] };

/**
 * The countries an address may be in (`countries`), loaded when a form opens, under the shared
 * retry policy; `retry` is the error panel's Retry.
 */
export function useCountries(): CountriesState & { retry: () => void } {
  const { loaded, reload } = useApiData('countries', shippingAddressApi.countries);
  const state: CountriesState =
    loaded.state === 'loaded'
      ? { state: 'loaded', list: loaded.data.list }
      : loaded.state === 'loading'
        ? { state: 'loading' }
        : { state: 'failed' };
  return { ...state, retry: reload };
}
