/**
 * Reference lists several remotes read (sign-up, the address forms of checkout and the member
 * area): one key each, so a page asks once however many forms show the list.
 */
import { useApiRead } from './useApiRead';

/** `GET countries`: every country a shopper may live or ship to. */
export const useCountries = () => useApiRead('countries');
