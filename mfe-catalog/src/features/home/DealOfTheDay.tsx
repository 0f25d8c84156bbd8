import { MESSAGES } from '@shop/contract/validation/messages';
import { type Deal, ErrorPanel, Skeleton } from '@shop/shared';
import { memo, type ReactNode, useMemo } from 'react';
import { useMediaQuery } from '../../app/useMediaQuery';
import { MOBILE_MAX_WIDTH } from '../../constants';
import { ProductGrid } from '../products/ProductCard';
import { countdownParts } from './countdown';
import styles from './home.module.css';
import { useDealOfTheDayQuery } from './homeApi';
import { ProductCarousel } from './ProductSlider';
import { useCountdown } from './useCountdown';

// Memoised: the home page re-renders as each of its lists arrives; this section only when its own data does.
export const DealOfTheDay = memo(function DealOfTheDay(): ReactNode {
  const deal = useDealOfTheDayQuery();
  return (
    <section aria-labelledby="deal-title" className={styles.section}>
      <h2 id="deal-title">Deal of the Day</h2>
      {deal.status === 'failed' ? <ErrorPanel onRetry={deal.retry} /> : null}
      {deal.status === 'loading' ? <Skeleton shape="cards" label="Loading the deal of the day" /> : null}
      {deal.status === 'ready' ? <DealBody key={deal.data.deal?.id ?? 'none'} deal={deal.data.deal} /> : null}
    </section>
  );
});

/** Ticks each second; at zero, or with no deal, the banner closes: 'Deal is finished now!'. */
export function DealBody({ deal }: { deal: Deal | null }): ReactNode {
  const left = useCountdown(deal ? deal.end_date_time : null);
  // Phones get a slider: the deal's eight cards one under another were eight screens long.
  const phone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  // The clock ticks every second; the cards stay as they are (ProductGrid and ProductCarousel are memoised).
  const products = useMemo(() => deal?.items.map((item) => item.product) ?? [], [deal]);
  if (!deal || left <= 0) {
    return (
      <div className={styles.dealClosed}>
        <p className={styles.dealClosedSign} aria-hidden="true">
          CLOSED
        </p>
        <p role="status">{MESSAGES.dealFinished}</p>
      </div>
    );
  }
  const parts = countdownParts(left);
  const units = [
    ['days', parts.days],
    ['hours', parts.hours],
    ['minutes', parts.minutes],
    ['seconds', parts.seconds],
  ] as const;
  return (
    <div className={styles.deal}>
      {deal.title.toLowerCase() !== 'deal of the day' ? (
        <p className={styles.dealTitle}>{deal.title}</p>
      ) : null}
      {/* The ticking clock is not announced each second; its text is readable on demand. */}
      <div className={styles.countdown} role="timer" aria-live="off" aria-label="Deal ends in">
        {units.map(([unit, value]) => (
          <span key={unit} className={styles.countdownUnit}>
            <strong>{String(value).padStart(2, '0')}</strong> {unit}
          </span>
        ))}
      </div>
      {phone ? (
        <div className={`${styles.sliderBody} ${styles.dealSlider}`}>
          <ProductCarousel label="Deal of the Day" items={products} />
        </div>
      ) : (
        <ProductGrid products={products} />
      )}
    </div>
  );
}
