import type { ReactNode } from 'react';
import styles from './skeleton.module.css';

/**
 * The shapes loading content takes: product cards in a grid, rows of a list or table, lines of
 * text, a page (a picture beside its text), a wide banner.
 */
export type SkeletonShape = 'cards' | 'rows' | 'lines' | 'page' | 'banner';

const DEFAULT_COUNT: Record<SkeletonShape, number> = { cards: 4, rows: 3, lines: 3, page: 1, banner: 1 };

export interface SkeletonProps {
  shape: SkeletonShape;
  /** How many cards, rows or lines. */
  count?: number;
  /** What is loading, for assistive technology ('Loading products'). */
  label?: string;
}

function Block({ className }: { className: string | undefined }): ReactNode {
  return <span className={`${styles.block} ${className ?? ''}`} />;
}

function Item({ shape }: { shape: SkeletonShape }): ReactNode {
  switch (shape) {
    case 'cards':
      return (
        <span className={styles.card}>
          <Block className={styles.picture} />
          <Block className={styles.line} />
          <Block className={styles.short} />
        </span>
      );
    case 'rows':
      return (
        <span className={styles.row}>
          <Block className={styles.thumb} />
          <span className={styles.rowText}>
            <Block className={styles.line} />
            <Block className={styles.short} />
          </span>
        </span>
      );
    case 'lines':
      return <Block className={styles.line} />;
    case 'page':
      return (
        <span className={styles.pageShape}>
          <Block className={styles.picture} />
          <span className={styles.rowText}>
            <Block className={styles.heading} />
            <Block className={styles.line} />
            <Block className={styles.line} />
            <Block className={styles.short} />
          </span>
        </span>
      );
    case 'banner':
      return <Block className={styles.banner} />;
  }
}

/**
 * Grey blocks in the shape of what is loading, in place of a 'Loading…' line: the page keeps its
 * layout while it waits. The container is busy for assistive technology; the shimmer stops for
 * shoppers who ask for reduced motion.
 */
export function Skeleton({
  shape,
  count = DEFAULT_COUNT[shape],
  label = 'Loading',
}: SkeletonProps): ReactNode {
  return (
    <div
      className={`${styles.skeleton} ${styles[shape] ?? ''}`}
      aria-busy="true"
      aria-label={label}
      role="status"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <Item key={index} shape={shape} />
      ))}
    </div>
  );
}
