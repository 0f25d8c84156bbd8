import { MESSAGES } from '@shop/contract/validation/messages';
import { ErrorPanel, type Review, type ReviewPage, Skeleton } from '@shop/shared';
import { type ReactNode, useCallback } from 'react';
import { StarRating } from '../products/StarRating';
import { fetchReviewPage } from './api';
import styles from './product.module.css';
import { usePagedList } from './usePagedList';

export function Reviews({ productId }: { productId: number }): ReactNode {
  const fetchPage = useCallback((page: number) => fetchReviewPage(productId, page), [productId]);
  const list = usePagedList<Review, ReviewPage>(`catalog:reviews:${productId}`, fetchPage);
  if (list.status === 'loading') return <Skeleton shape="rows" label="Loading reviews" />;
  if (list.status === 'failed') return <ErrorPanel onRetry={list.retry} />;
  if (list.items.length === 0) return <p>{MESSAGES.noReviews}</p>;
  const summary = list.first?.summary;
  return (
    <div>
      {summary ? (
        <p className={styles.summary}>
          <StarRating rating={summary.rating} /> {summary.rating.toFixed(1)} out of 5, {summary.count}{' '}
          {summary.count === 1 ? 'review' : 'reviews'}
        </p>
      ) : null}
      <ul className={styles.entries} aria-label="Reviews">
        {list.items.map((review) => (
          <li key={review.id} className={styles.entry}>
            <StarRating rating={review.rating} />
            <p>{review.comments}</p>
            <p className={styles.byline}>
              {review.buyer.name}, <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
            </p>
          </li>
        ))}
      </ul>
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
    </div>
  );
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}): ReactNode {
  if (!hasMore) return null;
  return (
    <button
      type="button"
      className={styles.secondary}
      onClick={onLoad}
      disabled={loading}
      aria-busy={loading}
    >
      {loading ? 'Loading…' : 'Load more'}
    </button>
  );
}
