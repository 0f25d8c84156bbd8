import type { Banner, CategoryBlock, Deal, HeroSlide, ProductItems } from '@shop/shared';
import { defineQuery } from '../../app/queries';

// The home page's calls (paths the spec does not show are the project's, see api/types.ts).

export const useHeroSlidesQuery = defineQuery<void, { items: HeroSlide[] }>(() => ({
  path: 'hero-slides',
}));

export const useDealOfTheDayQuery = defineQuery<void, { deal: Deal | null }>(() => ({
  path: 'deals-of-the-day',
}));

export const useExclusiveProductsQuery = defineQuery<void, ProductItems>(() => ({
  path: 'exclusive-products',
}));

export const useHandmadeProductsQuery = defineQuery<void, ProductItems>(() => ({
  path: 'handmade-products',
}));

export const useTopSellingProductsQuery = defineQuery<void, ProductItems>(() => ({
  path: 'top-selling-products',
}));

export const useSpotlightQuery = defineQuery<void, ProductItems>(() => ({ path: 'spotlight' }));

export const useBannersQuery = defineQuery<void, { items: Banner[] }>(() => ({ path: 'banners' }));

export const useCategoryBlocksQuery = defineQuery<void, { items: CategoryBlock[] }>(() => ({
  path: 'category-blocks',
}));
