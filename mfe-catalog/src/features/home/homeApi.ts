import type { Banner, CategoryBlock, Deal, HeroSlide, ProductItems } from '@shop/shared';
import { useCatalogRead } from '../../api';

// The home page's calls (paths the spec does not show are the project's, see api/types.ts).

export const useHeroSlidesQuery = () => useCatalogRead<{ items: HeroSlide[] }>('hero-slides');

export const useDealOfTheDayQuery = () => useCatalogRead<{ deal: Deal | null }>('deals-of-the-day');

export const useExclusiveProductsQuery = () => useCatalogRead<ProductItems>('exclusive-products');

export const useHandmadeProductsQuery = () => useCatalogRead<ProductItems>('handmade-products');

export const useTopSellingProductsQuery = () => useCatalogRead<ProductItems>('top-selling-products');

export const useSpotlightQuery = () => useCatalogRead<ProductItems>('spotlight');

export const useBannersQuery = () => useCatalogRead<{ items: Banner[] }>('banners');

export const useCategoryBlocksQuery = () => useCatalogRead<{ items: CategoryBlock[] }>('category-blocks');
