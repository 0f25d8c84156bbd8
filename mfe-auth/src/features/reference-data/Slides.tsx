import type { ReactNode } from 'react';
import { itemsOf, type SlideKind, useSlides } from './referenceData';
import styles from './slides.module.css';

/** The sign-in or sign-up slides beside the form; a horizontal strip that scrolls by slide. */
export function Slides({ kind }: { kind: SlideKind }): ReactNode {
  const slides = itemsOf(useSlides(kind), (answer) => answer.items);
  if (slides.length === 0) return null;
  const label = kind === 'signin' ? 'Why sign in' : 'Why join us';
  return (
    <section className={styles.slides} aria-label={label}>
      {/* Focusable, so a keyboard can scroll the strip with the arrow keys (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus */}
      <ul className={styles.strip} tabIndex={0} aria-label={label}>
        {slides.map((slide) => (
          <li key={slide.id} className={styles.slide}>
            <img src={slide.image} alt={slide.title} className={styles.image} loading="lazy" />
            <h2 className={styles.title}>{slide.title}</h2>
            <p className={styles.subTitle}>{slide.sub_title}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
