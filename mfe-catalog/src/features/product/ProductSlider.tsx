import type { ProductCard as Product } from '@shop/shared';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { Settings } from 'react-slick';
// The product page can be the first page a shopper opens, so it brings slick's CSS along too;
// webpack bundles each CSS file once however many modules import it.
import 'slick-carousel/slick/slick.css';
import 'slick-carousel/slick/slick-theme.css';
import { SLIDER_BREAKPOINTS, SLIDER_SLIDES_PER_VIEW, SLIDER_SPEED_MS } from '../../constants';
import { Carousel } from '../home/Carousel';
import { ProductCard } from '../products/ProductCard';
import styles from './product.module.css';

/** 4 slides per view, 3, 2 or 1 on narrower screens (spec 000, section 9). */
const SETTINGS: Settings = {
  dots: false,
  arrows: true,
  // No clones: infinite mode duplicates every card (ids, buttons) for assistive technology.
  infinite: false,
  speed: SLIDER_SPEED_MS,
  slidesToShow: SLIDER_SLIDES_PER_VIEW,
  slidesToScroll: 1,
  responsive: SLIDER_BREAKPOINTS.map(({ width, slides }) => ({
    breakpoint: width,
    settings: { slidesToShow: slides },
  })),
};

/** True once the element comes near the viewport (always true where IntersectionObserver is missing). */
function useNearViewport(ready: boolean): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !ready || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, ready]);
  return [ref, near];
}

/**
 * A titled product slider. Below the fold, so it mounts only when scrolled near: the page's own
 * 'Add to Cart' stays the only one on screen at first, and the slider costs nothing until seen.
 */
export function ProductSlider({
  title,
  products,
}: {
  title: string;
  products: readonly Product[];
}): ReactNode {
  const [ref, near] = useNearViewport(products.length > 0);
  if (products.length === 0) return null;
  return (
    <section className={styles.slider} aria-label={title}>
      <h2>{title}</h2>
      <div ref={ref} className={styles.sliderBody}>
        {near ? (
          <Carousel label={title} settings={SETTINGS}>
            {products.map((product) => (
              <div key={product.id} className={styles.slide}>
                <ProductCard product={product} />
              </div>
            ))}
          </Carousel>
        ) : null}
      </div>
    </section>
  );
}
