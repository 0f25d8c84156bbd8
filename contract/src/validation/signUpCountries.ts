import type { Country } from '../types';

/**
 * The countries sign-up offers: a static list (spec 000 §9: United Arab Emirates 1, Lebanon 2).
 * The front end shows it and the server accepts only these at registration. Delivery countries
 * are a separate list (GET delivery-countries); the phone input's dial codes come from GET
 * countries, since a shopper's phone may be from anywhere.
 */
export const SIGN_UP_COUNTRIES: readonly Country[] = [
  { id: 1, name: 'United Arab Emirates', iso2: 'ae', dial_code: '971' },
  { id: 2, name: 'Lebanon', iso2: 'lb', dial_code: '961' },
];

export const isSignUpCountry = (id: number) => SIGN_UP_COUNTRIES.some((country) => country.id === id);
