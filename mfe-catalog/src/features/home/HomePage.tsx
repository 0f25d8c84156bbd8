import { HOME_PAGE_META } from '@shop/contract/seo';
import { ErrorPanel, type Loaded, type ProductCard, SHOP_NAME, shownData } from '@shop/shared';
import { Fragment, type ReactNode, useRef } from 'react';
import { useProductsQuery } from '../../api';
import { AfterFirstPaint } from '../../app/AfterFirstPaint';
import { HOME_LIST_PER_PAGE, HOME_SUPPLIER_ID } from '../../constants';
import { usePageMeta } from '../../usePageMeta';
import { CategoryBlockSection } from './CategoryBlockSection';
import { DealOfTheDay } from './DealOfTheDay';
import { HeroCarousel } from './HeroCarousel';
import styles from './home.module.css';
import {
  useBannersQuery,
  useCategoryBlocksQuery,
  useDealOfTheDayQuery,
  useExclusiveProductsQuery,
  useHandmadeProductsQuery,
  useHeroSlidesQuery,
  useSpotlightQuery,
  useTopSellingProductsQuery,
} from './homeApi';
import { ProductSlider } from './ProductSlider';
import { PromoBanners } from './PromoBanners';

type ListRead = Loaded<{ items: ProductCard[] }>;

/**
 * Sections appear top-down: one shows only once every section above it has its answer. All
 * queries still run at once; what waits is the reveal, so a section whose data comes early is
 * never pushed down by one above it (no layout shift while the page loads).
 */
function revealInOrder(sections: [key: string, ready: boolean, node: ReactNode][]): ReactNode[] {
  const shown: ReactNode[] = [];
  for (const [key, ready, node] of sections) {
    if (!ready) break;
    shown.push(<Fragment key={key}>{node}</Fragment>);
  }
  return shown;
}

export function HomePage(): ReactNode {
  usePageMeta(HOME_PAGE_META.title, HOME_PAGE_META.description);
  // The same queries the sections run (one request per query, shared): read here for
  // their status only.
  const hero = useHeroSlidesQuery();
  const deal = useDealOfTheDayQuery();
  const banners = useBannersQuery();
  const latest = useProductsQuery({ sort: 'newest-to-oldest', 'per-page': HOME_LIST_PER_PAGE });
  const supplier = useProductsQuery({ supplier_id: HOME_SUPPLIER_ID, 'per-page': HOME_LIST_PER_PAGE });
  const exclusive = useExclusiveProductsQuery();
  const handmade = useHandmadeProductsQuery();
  const topSelling = useTopSellingProductsQuery();
  const spotlight = useSpotlightQuery();
  const blocks = useCategoryBlocksQuery();
  /**
   * A read's answer is in (data or error): what the page needs to place a section for good. A
   * section placed stays placed: a Retry that makes its read load again shows a skeleton in the
   * section, never unmounts it and the sections below.
   */
  const placed = useRef(new Set<string>()).current;
  const settled = (section: string, read: Loaded<unknown>) => {
    if (read.status === 'failed' || shownData(read) !== undefined) placed.add(section);
    return placed.has(section);
  };
  // Category blocks sit by position after the sections they name (spec 000, section 2):
  // 1 after deals, 2 after latest products, 3 after top sellings, 4 after spotlights.
  // One panel for the blocks' one read, in the place of the first block.
  const blockAt = (position: number) =>
    blocks.status === 'failed' ? (
      position === 1 ? (
        <ErrorPanel key="blocks-error" onRetry={blocks.retry} />
      ) : null
    ) : (
      shownData(blocks)
        ?.items.filter((block) => block.position === position)
        .map((block) => (
          <CategoryBlockSection key={`${block.position}-${block.product_type_slug}`} block={block} />
        ))
    );
  const slider = (id: string, title: string, read: ListRead, viewAll?: string) => (
    <ProductSlider
      id={id}
      title={title}
      viewAll={viewAll}
      isError={read.status === 'failed'}
      isLoading={read.status === 'loading' && read.previous === undefined}
      onRetry={read.retry}
      items={shownData(read)?.items}
    />
  );
  const top = revealInOrder([
    ['hero', settled('hero', hero), <HeroCarousel key="hero" />],
    ['deal', settled('deal', deal), <DealOfTheDay key="deal" />],
  ]);
  const rest = () =>
    revealInOrder([
      ['block-1', settled('block-1', blocks), blockAt(1)],
      [
        'exclusive',
        settled('exclusive', exclusive),
        slider('exclusive-title', 'Exclusive Products', exclusive),
      ],
      ['banners', settled('banners', banners), <PromoBanners key="banners" />],
      [
        'latest',
        settled('latest', latest),
        slider('latest-title', 'Latest Products', latest, '/products?sort=newest-to-oldest'),
      ],
      ['block-2', true, blockAt(2)],
      ['handmade', settled('handmade', handmade), slider('handmade-title', 'Handmade Products', handmade)],
      [
        'top-selling',
        settled('top-selling', topSelling),
        slider('top-selling-title', 'Top Selling Products', topSelling),
      ],
      ['block-3', true, blockAt(3)],
      ['spotlight', settled('spotlight', spotlight), slider('spotlight-title', 'Spotlight', spotlight)],
      ['block-4', true, blockAt(4)],
      [
        'supplier',
        settled('supplier', supplier),
        slider('supplier-title', 'From Our Partner', supplier, `/products?supplier_id=${HOME_SUPPLIER_ID}`),
      ],
    ]);
  return (
    <div className={styles.home}>
      {/* The page's title for assistive technology; the hero carousel is its visual top. */}
      <h1 className="visually-hidden">{SHOP_NAME}</h1>
      {top}
      {/* Below the fold: rendered in a transition once the hero and the deal are on screen. */}
      {top.length === 2 ? <AfterFirstPaint>{rest()}</AfterFirstPaint> : null}
    </div>
  );
}
