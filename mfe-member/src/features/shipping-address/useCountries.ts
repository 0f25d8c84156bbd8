import { type Country, useLoaded } from '@shop/shared';
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
  const loaded = useLoaded('member:countries', () => shippingAddressApi.countries(), { maxAgeMs: 0 });
  const state: CountriesState =
    loaded.status === 'ready'
      ? { state: 'loaded', list: loaded.data.list }
      : loaded.status === 'failed'
        ? { state: 'failed' }
        : { state: 'loading' };
  return { ...state, retry: loaded.retry };
}
