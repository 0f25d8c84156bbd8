import { responsiveImage } from '@shop/contract/media';
import { ErrorPanel, type HeroSlide, Skeleton } from '@shop/shared';
import { Link } from '@shop/shared/router';
import {
  type CSSProperties,
  type FocusEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  useEffect,
  useRef,
  useState,
} from 'react';
import { HERO_AUTOPLAY_MS, HERO_MAX_SLIDES } from '../../constants';
import styles from './home.module.css';
import { useHeroSlidesQuery } from './homeApi';

/** A swipe shorter than this (px) is a tap. */
const SWIPE_MIN_PX = 40;

/**
 * Hero: the first 5 slides, autoplay 6 s, pauses on hover and focus and with its own pause
 * button, slides vertically under 767 px (CSS). Built without react-slick: the hero is the first
 * thing a shopper sees, so it paints with the page instead of waiting for a slider library.
 */
// Memoised: the home page re-renders as each of its lists arrives; this section only when its own data does.
export const HeroCarousel = memo(function HeroCarousel(): ReactNode {
  const read = useHeroSlidesQuery();
  if (read.status === 'failed') return <ErrorPanel onRetry={read.retry} />;
  if (read.status !== 'ready') return <Skeleton shape="banner" label="Loading featured slides" />;
  const slides = read.data.items.slice(0, HERO_MAX_SLIDES);
  if (slides.length === 0) return null;
  return (
    <section aria-roledescription="carousel" aria-label="Featured" className={styles.hero}>
      <HeroSlides slides={slides} />
    </section>
  );
});

export function HeroSlides({ slides }: { slides: HeroSlide[] }): ReactNode {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [held, setHeld] = useState(false);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const go = (next: number) => setIndex(((next % count) + count) % count);

  useEffect(() => {
    if (!playing || held || count < 2) return;
    // Restarts with every slide change, so a shopper's own move gets the full 6 s too.
    const timer = setTimeout(() => setIndex((index + 1) % count), HERO_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [index, playing, held, count]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') go(index + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') go(index - 1);
    else return;
    event.preventDefault();
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the autoplay; every action has its own button
    <div
      className={styles.heroCarousel}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onTouchStart={(event) => {
        const point = event.touches[0];
        touch.current = point ? { x: point.clientX, y: point.clientY } : null;
      }}
      onTouchEnd={(event) => {
        const start = touch.current;
        const point = event.changedTouches[0];
        touch.current = null;
        if (!start || !point) return;
        const dx = point.clientX - start.x;
        const dy = point.clientY - start.y;
        const delta = Math.abs(dx) > Math.abs(dy) ? dx : dy;
        if (Math.abs(delta) >= SWIPE_MIN_PX) go(index + (delta < 0 ? 1 : -1));
      }}
    >
      {count > 1 ? (
        <button
          type="button"
          className={styles.playToggle}
          onClick={() => setPlaying(!playing)}
          aria-label={`${playing ? 'Pause' : 'Play'} featured slides`}
        >
          <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
        </button>
      ) : null}
      <div className={styles.heroViewport}>
        <div
          className={styles.heroTrack}
          style={{ '--hero-index': index } as CSSProperties}
          aria-live={playing && !held ? 'off' : 'polite'}
        >
          {slides.map((slide, position) => (
            // biome-ignore lint/a11y/useSemanticElements: a carousel slide is a group with roledescription "slide" (WAI-ARIA APG), not a form fieldset
            <div
              key={slide.id}
              className={styles.heroSlide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${count}`}
              aria-hidden={position !== index}
              inert={position !== index}
            >
              <img
                {...responsiveImage(slide.image, 'hero')}
                alt=""
                className={styles.heroImage}
                loading={position === 0 ? 'eager' : 'lazy'}
                decoding="async"
                fetchPriority={position === 0 ? 'high' : 'auto'}
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
          ))}
        </div>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.heroArrow} ${styles.heroPrev}`}
            onClick={() => go(index - 1)}
            aria-label="Previous slide"
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className={`${styles.heroArrow} ${styles.heroNext}`}
            onClick={() => go(index + 1)}
            aria-label="Next slide"
          >
            <span aria-hidden="true">›</span>
          </button>
          <ul className={styles.heroDots} aria-label="Choose a slide">
            {slides.map((slide, position) => (
              <li key={slide.id}>
                <button
                  type="button"
                  onClick={() => go(position)}
                  aria-label={`Slide ${position + 1}`}
                  aria-current={position === index ? 'true' : undefined}
                />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
