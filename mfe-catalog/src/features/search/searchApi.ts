import { useApiRead } from '@shop/shared';

/** Suggestions for the typed text; `ask` false reads nothing. */
export const useSuggestionsQuery = (q: string, ask: boolean) =>
  useApiRead('suggestions', { query: { q } }, ask);

export const useTopSearchedQuery = (ask: boolean) => useApiRead('top-searched-products', {}, ask);
