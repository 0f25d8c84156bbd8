import { useApiRead } from '@shop/shared';

// The home page's calls (paths the spec does not show are the project's, see api/types.ts).

export const useHeroSlidesQuery = () => useApiRead('hero-slides');

export const useDealOfTheDayQuery = () => useApiRead('deals-of-the-day');

export const useExclusiveProductsQuery = () => useApiRead('exclusive-products');

export const useHandmadeProductsQuery = () => useApiRead('handmade-products');

export const useTopSellingProductsQuery = () => useApiRead('top-selling-products');

export const useSpotlightQuery = () => useApiRead('spotlight');

export const useBannersQuery = () => useApiRead('banners');

export const useCategoryBlocksQuery = () => useApiRead('category-blocks');
