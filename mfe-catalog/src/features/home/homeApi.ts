import type { Banner, CategoryBlock, Deal, HeroSlide, ProductItems } from '@shop/shared';
import { catalogApi } from '../../api';

/** The home page's calls (paths the spec does not show are the project's, see api/types.ts). */
export const homeApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    heroSlides: build.query<{ items: HeroSlide[] }, void>({ query: () => ({ path: 'hero-slides' }) }),
    dealOfTheDay: build.query<{ deal: Deal | null }, void>({ query: () => ({ path: 'deals-of-the-day' }) }),
    exclusiveProducts: build.query<ProductItems, void>({ query: () => ({ path: 'exclusive-products' }) }),
    handmadeProducts: build.query<ProductItems, void>({ query: () => ({ path: 'handmade-products' }) }),
    topSellingProducts: build.query<ProductItems, void>({ query: () => ({ path: 'top-selling-products' }) }),
    spotlight: build.query<ProductItems, void>({ query: () => ({ path: 'spotlight' }) }),
    banners: build.query<{ items: Banner[] }, void>({ query: () => ({ path: 'banners' }) }),
    categoryBlocks: build.query<{ items: CategoryBlock[] }, void>({
      query: () => ({ path: 'category-blocks' }),
    }),
  }),
});

export const {
  useHeroSlidesQuery,
  useDealOfTheDayQuery,
  useExclusiveProductsQuery,
  useHandmadeProductsQuery,
  useTopSellingProductsQuery,
  useSpotlightQuery,
  useBannersQuery,
  useCategoryBlocksQuery,
} = homeApi;
