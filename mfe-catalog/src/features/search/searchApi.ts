import type { Suggestions, TopSearched } from '@shop/shared';
import { useCatalogRead } from '../../api';

/** Suggestions for the typed text; `ask` false reads nothing. */
export const useSuggestionsQuery = (q: string, ask: boolean) =>
  useCatalogRead<Suggestions>('suggestions', { q }, ask);

export const useTopSearchedQuery = (ask: boolean) =>
  useCatalogRead<TopSearched>('top-searched-products', undefined, ask);
