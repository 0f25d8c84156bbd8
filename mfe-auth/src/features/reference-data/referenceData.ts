import { type ApiAnswer, type Loaded, useApiRead } from '@shop/shared';

/** One entry of the `gender` list. */
export type Gender = ApiAnswer<'GET', 'gender'>['genders'][number];

export type SlideKind = 'signin' | 'signup';

/*
 * The reference lists of the auth screens (countries: `useCountries` of @shop/shared, which the
 * address forms read too), read through the page's data cache (@shop/shared
 * data kit): once per page however many forms show them, a failed read asked again under the
 * kit's retry policy.
 */

export const useGenders = () => useApiRead('gender');

export const useSlides = (kind: SlideKind) => useApiRead(`${kind}-slides`);

/** A list's items once read; none while it loads or when it failed (the forms show their fallback). */
export function itemsOf<Answer, Item>(
  loaded: Loaded<Answer>,
  items: (answer: Answer) => readonly Item[],
): readonly Item[] {
  return loaded.status === 'ready' ? items(loaded.data) : [];
}
