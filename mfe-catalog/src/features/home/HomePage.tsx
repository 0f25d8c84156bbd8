import type { ReactNode } from 'react';
import { useProductsQuery } from '../../api';
import { HOME_LIST_PER_PAGE, HOME_SUPPLIER_ID, SHOP_NAME } from '../../constants';
import { usePageMeta } from '../../usePageMeta';
import { CategoryBlockSection } from './CategoryBlockSection';
import { DealOfTheDay } from './DealOfTheDay';
import { HeroCarousel } from './HeroCarousel';
import styles from './home.module.css';
import {
  useCategoryBlocksQuery,
  useExclusiveProductsQuery,
  useHandmadeProductsQuery,
  useSpotlightQuery,
  useTopSellingProductsQuery,
} from './homeApi';
import { ProductSlider } from './ProductSlider';
import { PromoBanners } from './PromoBanners';

export function HomePage(): ReactNode {
  usePageMeta(SHOP_NAME, 'Gifts for every occasion: exclusive, handmade and top-selling gifts, delivered.');
  const latest = useProductsQuery({ sort: 'newest-to-oldest', 'per-page': HOME_LIST_PER_PAGE });
  const supplier = useProductsQuery({ supplier_id: HOME_SUPPLIER_ID, 'per-page': HOME_LIST_PER_PAGE });
  const exclusive = useExclusiveProductsQuery();
  const handmade = useHandmadeProductsQuery();
  const topSelling = useTopSellingProductsQuery();
  const spotlight = useSpotlightQuery();
  const blocks = useCategoryBlocksQuery();
  // Category blocks sit by position after the sections they name (spec 000, section 2):
  // 1 after deals, 2 after latest products, 3 after top sellings, 4 after spotlights.
  const blockAt = (position: number) =>
    blocks.data?.items
      .filter((block) => block.position === position)
      .map((block) => (
        <CategoryBlockSection key={`${block.position}-${block.product_type_slug}`} block={block} />
      ));
  return (
    <div className={styles.home}>
      <HeroCarousel />
      <DealOfTheDay />
      {blockAt(1)}
      <ProductSlider
        id="exclusive-title"
        title="Exclusive Products"
        {...exclusive}
        items={exclusive.data?.items}
      />
      <PromoBanners />
      <ProductSlider
        id="latest-title"
        title="Latest Products"
        viewAll="/products?sort=newest-to-oldest"
        {...latest}
        items={latest.data?.items}
      />
      {blockAt(2)}
      <ProductSlider
        id="handmade-title"
        title="Handmade Products"
        {...handmade}
        items={handmade.data?.items}
      />
      <ProductSlider
        id="top-selling-title"
        title="Top Selling Products"
        {...topSelling}
        items={topSelling.data?.items}
      />
      {blockAt(3)}
      <ProductSlider id="spotlight-title" title="Spotlight" {...spotlight} items={spotlight.data?.items} />
      {blockAt(4)}
      <ProductSlider
        id="supplier-title"
        title="From Our Partner"
        viewAll={`/products?supplier_id=${HOME_SUPPLIER_ID}`}
        {...supplier}
        items={supplier.data?.items}
      />
    </div>
  );
}
