import { useCatalogRead } from '../../api';

/** Suggestions for the typed text; `ask` false reads nothing. */
export const useSuggestionsQuery = (q: string, ask: boolean) =>
  useCatalogRead('suggestions', { query: { q } }, ask);

export const useTopSearchedQuery = (ask: boolean) => useCatalogRead('top-searched-products', {}, ask);
