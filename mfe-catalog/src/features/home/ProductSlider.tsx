import { ErrorPanel, type ProductCard as Product, Skeleton } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { lazy, memo, type ReactNode, Suspense } from 'react';
import type { Settings } from 'react-slick';
import { useNearViewport } from '../../app/useNearViewport';
import { useSlidesPerView } from '../../app/useSlidesPerView';
import { SLIDER_AUTOPLAY_MS, SLIDER_SLIDES_PER_VIEW, SLIDER_SPEED_MS } from '../../constants';
import { ProductCard } from '../products/ProductCard';
import styles from './home.module.css';

const Carousel = lazy(() => import('./Carousel'));

/**
 * Spec 000, section 9: 4 per view (1, 2, 3 at widths 320, 700, 960), autoplay 6000 ms, speed 500.
 * slidesToShow comes from useSlidesPerView (react-slick's own `responsive` misses the width the
 * page opens at).
 */
export const PRODUCT_SLIDER_SETTINGS: Settings = {
  slidesToShow: SLIDER_SLIDES_PER_VIEW,
  slidesToScroll: 1,
  autoplay: true,
  autoplaySpeed: SLIDER_AUTOPLAY_MS,
  speed: SLIDER_SPEED_MS,
  pauseOnHover: true,
  pauseOnFocus: true,
  // No clones: infinite mode duplicates every card (ids, buttons) for assistive technology.
  infinite: false,
  dots: false,
};

interface ProductSliderProps {
  id: string;
  title: string;
  viewAll?: string;
  items: Product[] | undefined;
  isError: boolean;
  isLoading: boolean;
  /** The Retry of the section's read. */
  onRetry?: () => void;
}

/**
 * A titled section (a landmark named by its heading) holding a product slider. The slider mounts
 * when it comes near the viewport, in space kept for it, so a long page of sliders costs no
 * main-thread time before the shopper scrolls to them.
 */
export function ProductSlider({
  id,
  title,
  viewAll,
  items,
  isError,
  isLoading,
  onRetry,
}: ProductSliderProps): ReactNode {
  const [ref, near] = useNearViewport(Boolean(items?.length));
  if (!isError && !isLoading && items?.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id={id}>{title}</h2>
        {viewAll ? <Link to={viewAll}>View all</Link> : null}
      </div>
      {isError ? <ErrorPanel onRetry={onRetry} /> : null}
      {isLoading ? <Skeleton shape="cards" label={`Loading ${title}`} /> : null}
      {!isError && items && items.length > 0 ? (
        <div ref={ref} className={styles.sliderBody}>
          {near ? <ProductCarousel label={title} items={items} /> : null}
        </div>
      ) : null}
    </section>
  );
}

/**
 * The cards of a list in a slider, as many per view as the window's width takes. Memoised: a
 * parent that re-renders (the deal's ticking countdown) leaves the slider be.
 */
export const ProductCarousel = memo(function ProductCarousel({
  label,
  items,
}: {
  label: string;
  items: Product[];
}): ReactNode {
  const slidesToShow = useSlidesPerView();
  return (
    <Suspense fallback={null}>
      <Carousel label={label} settings={{ ...PRODUCT_SLIDER_SETTINGS, slidesToShow }}>
        {items.map((product) => (
          <div key={product.id} className={styles.slide}>
            <ProductCard product={product} />
          </div>
        ))}
      </Carousel>
    </Suspense>
  );
});
