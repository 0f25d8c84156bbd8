import type { Suggestions, TopSearched } from '@shop/shared';
import { catalogApi } from '../../api';

export const searchApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    suggestions: build.query<Suggestions, string>({ query: (q) => ({ path: 'suggestions', query: { q } }) }),
    topSearched: build.query<TopSearched, void>({ query: () => ({ path: 'top-searched-products' }) }),
  }),
});

export const { useSuggestionsQuery, useTopSearchedQuery } = searchApi;
