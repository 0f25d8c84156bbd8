import type { AdminReview } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import { Refusal } from '../../app/Refusal';
import styles from './Moderation.module.css';
import { MODERATION_TEXTS } from './moderationTexts';

type Which = 'all' | 'shown' | 'hidden';
const whichOf = (value: string | null): Which => (value === 'shown' || value === 'hidden' ? value : 'all');

/** Product reviews, newest first; a hidden one leaves the product page and its rating summary. */
export function ReviewList(): ReactNode {
  useDocumentTitle(MODERATION_TEXTS.reviewsTitle);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const which = whichOf(search.get('which'));
  const page = pageOf(search);
  const reviews = useAdminRead('admin/reviews', {
    query: { page, ...(which === 'all' ? {} : { hidden: which === 'hidden' }) },
  });
  const [done, setDone] = useState<string | null>(null);
  const show = (next: { which: Which; page: number }) => {
    const params = new URLSearchParams();
    if (next.which !== 'all') params.set('which', next.which);
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const loaded = shownData(reviews);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{MODERATION_TEXTS.reviewsTitle}</h1>
      <div className={styles.filter}>
        <label htmlFor={`${id}-which`}>{MODERATION_TEXTS.show}</label>
        <select
          id={`${id}-which`}
          value={which}
          onChange={(event) => show({ which: whichOf(event.target.value), page: 1 })}
        >
          <option value="all">{MODERATION_TEXTS.all}</option>
          <option value="shown">{MODERATION_TEXTS.shownOnly}</option>
          <option value="hidden">{MODERATION_TEXTS.hiddenOnly}</option>
        </select>
      </div>
      <p role="status" className={styles.done}>
        {done}
      </p>
      {reviews.status === 'failed' ? (
        <ErrorPanel onRetry={reviews.retry} />
      ) : !loaded ? (
        <p>Loading reviews…</p>
      ) : loaded.items.length === 0 ? (
        <p>{MODERATION_TEXTS.reviewsEmpty}</p>
      ) : (
        <div aria-busy={reviews.status === 'loading'}>
          <ul className={styles.list}>
            {loaded.items.map((review) => (
              <ReviewCard key={review.id} review={review} onDone={setDone} />
            ))}
          </ul>
          <Pager meta={loaded._meta} label="Review pages" onPage={(next) => show({ which, page: next })} />
        </div>
      )}
    </section>
  );
}

function ReviewCard({ review, onDone }: { review: AdminReview; onDone: (note: string) => void }): ReactNode {
  const id = useId();
  const [action, run] = useAdminAction();
  const toggle = () =>
    run(
      () =>
        adminApi.post(
          review.hidden ? 'admin/reviews/:id/show' : 'admin/reviews/:id/hide',
          {},
          {
            params: { id: review.id },
          },
        ),
      () => {
        onDone(review.hidden ? MODERATION_TEXTS.shownDone : MODERATION_TEXTS.hiddenDone);
        refreshAdminReads('admin/reviews');
      },
    );
  return (
    <li className={review.hidden ? `${styles.card} ${styles.hidden}` : styles.card} data-testid="review">
      <h2 id={`${id}-product`} className={styles.product}>
        <a href={`/product/${encodeURIComponent(review.product.slug)}`}>{review.product.title}</a>
        {review.hidden ? <span className={styles.badge}>{MODERATION_TEXTS.hidden}</span> : null}
      </h2>
      <p className={styles.muted}>
        {review.rating} of 5 · {review.buyer.name} · {formatAdminTime(review.created_at)}
      </p>
      <p className={styles.body}>{review.comments}</p>
      <Refusal refusal={action.refusal} />
      <button type="button" className={styles.button} disabled={action.busy} onClick={() => void toggle()}>
        {review.hidden ? MODERATION_TEXTS.showAgain : MODERATION_TEXTS.hide}
      </button>
    </li>
  );
}
