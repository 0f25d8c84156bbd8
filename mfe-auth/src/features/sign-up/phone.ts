import type { Country } from '@shop/shared';

/** Spec: the mobile number is stored as '+{dialcode} {number}'; an empty number stays empty. */
export function formatPhone(dialCode: string, number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits === '') return '';
  return `+${dialCode.replace(/\D/g, '')} ${digits}`;
}

/** The dial code of a country by its ISO code, '' when the list does not know it. */
export function dialCodeOf(iso2: string, countries: readonly Country[]): string {
  return countries.find((country) => country.iso2.toLowerCase() === iso2.toLowerCase())?.dial_code ?? '';
}
