import { useCatalogRead } from '../../api';

// The home page's calls (paths the spec does not show are the project's, see api/types.ts).

export const useHeroSlidesQuery = () => useCatalogRead('hero-slides');

export const useDealOfTheDayQuery = () => useCatalogRead('deals-of-the-day');

export const useExclusiveProductsQuery = () => useCatalogRead('exclusive-products');

export const useHandmadeProductsQuery = () => useCatalogRead('handmade-products');

export const useTopSellingProductsQuery = () => useCatalogRead('top-selling-products');

export const useSpotlightQuery = () => useCatalogRead('spotlight');

export const useBannersQuery = () => useCatalogRead('banners');

export const useCategoryBlocksQuery = () => useCatalogRead('category-blocks');
