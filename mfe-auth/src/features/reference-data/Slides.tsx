import { type ReactNode, useEffect } from 'react';
import { useAuthDispatch, useAuthSelector } from '../../store';
import type { SlideKind } from '../session/authApi';
import { loadSlides } from './referenceDataSlice';
import styles from './slides.module.css';

/** The sign-in or sign-up slides beside the form; a horizontal strip that scrolls by slide. */
export function Slides({ kind }: { kind: SlideKind }): ReactNode {
  const dispatch = useAuthDispatch();
  const slides = useAuthSelector((state) => state.referenceData[`${kind}Slides`].items);
  useEffect(() => {
    void dispatch(loadSlides(kind));
  }, [dispatch, kind]);
  if (slides.length === 0) return null;
  return (
    <section className={styles.slides} aria-label={kind === 'signin' ? 'Why sign in' : 'Why join us'}>
      <ul className={styles.strip}>
        {slides.map((slide) => (
          <li key={slide.id} className={styles.slide}>
            <img src={slide.image} alt={slide.title} className={styles.image} loading="lazy" />
            <h3 className={styles.title}>{slide.title}</h3>
            <p className={styles.subTitle}>{slide.sub_title}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
