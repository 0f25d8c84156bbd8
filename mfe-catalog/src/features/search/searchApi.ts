import type { Suggestions, TopSearched } from '@shop/shared';
import { defineQuery } from '../../app/queries';

export const useSuggestionsQuery = defineQuery<string, Suggestions>((q) => ({
  path: 'suggestions',
  query: { q },
}));

export const useTopSearchedQuery = defineQuery<void, TopSearched>(() => ({
  path: 'top-searched-products',
}));
