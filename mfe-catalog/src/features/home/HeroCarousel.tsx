import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { HERO_AUTOPLAY_MS, HERO_MAX_SLIDES, MOBILE_MAX_WIDTH } from '../../constants';
import { ListError } from '../products/ListError';
import { Carousel } from './Carousel';
import styles from './home.module.css';
import { useHeroSlidesQuery } from './homeApi';

/** Hero: the first 5 slides, autoplay 6 s, pauses on hover, vertical at mobile widths. */
export function HeroCarousel(): ReactNode {
  const { data, isError } = useHeroSlidesQuery();
  if (isError) return <ListError />;
  const slides = data?.items.slice(0, HERO_MAX_SLIDES) ?? [];
  if (slides.length === 0) return null;
  return (
    <section aria-roledescription="carousel" aria-label="Featured" className={styles.hero}>
      <Carousel
        label="featured slides"
        settings={{
          autoplay: true,
          autoplaySpeed: HERO_AUTOPLAY_MS,
          pauseOnHover: true,
          pauseOnFocus: true,
          dots: true,
          arrows: true,
          infinite: slides.length > 1,
          responsive: [
            {
              breakpoint: MOBILE_MAX_WIDTH,
              settings: { vertical: true, verticalSwiping: true, arrows: false },
            },
          ],
        }}
      >
        {slides.map((slide, index) => (
          <div key={slide.id}>
            <div className={styles.heroSlide}>
              <img
                src={slide.image}
                alt=""
                className={styles.heroImage}
                width={1200}
                height={400}
                loading={index === 0 ? 'eager' : 'lazy'}
              />
              <div className={styles.heroText}>
                {slide.offer_tag ? <span className={styles.offerTag}>{slide.offer_tag}</span> : null}
                <p className={styles.heroTitle}>{slide.title}</p>
                <p>{slide.sub_title}</p>
                <Link to={slide.button_link} className={styles.heroButton}>
                  {slide.button_text}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
