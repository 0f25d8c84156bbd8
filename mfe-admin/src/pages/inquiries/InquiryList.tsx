import type { Inquiry } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import styles from './Inquiries.module.css';
import { INQUIRY_TEXTS } from './inquiryTexts';

/** The contact-us inquiries, newest first; unread and answered ones marked. */
export function InquiryList(): ReactNode {
  useDocumentTitle(INQUIRY_TEXTS.title);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const unanswered = search.get('unanswered') === 'true';
  const page = pageOf(search);
  const inquiries = useAdminRead('admin/inquiries', {
    query: { page, ...(unanswered ? { unanswered: true } : {}) },
  });
  const show = (next: { unanswered: boolean; page: number }) => {
    const params = new URLSearchParams();
    if (next.unanswered) params.set('unanswered', 'true');
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };
  const loaded = shownData(inquiries);

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <h1 id={`${id}-title`}>{INQUIRY_TEXTS.title}</h1>
      <div className={styles.check}>
        <input
          id={`${id}-unanswered`}
          type="checkbox"
          checked={unanswered}
          onChange={(event) => show({ unanswered: event.target.checked, page: 1 })}
        />
        <label htmlFor={`${id}-unanswered`}>{INQUIRY_TEXTS.onlyUnanswered}</label>
      </div>
      {inquiries.status === 'failed' ? (
        <ErrorPanel onRetry={inquiries.retry} />
      ) : !loaded ? (
        <p role="status">Loading inquiries…</p>
      ) : loaded.items.length === 0 ? (
        <p>{unanswered ? INQUIRY_TEXTS.noUnanswered : INQUIRY_TEXTS.empty}</p>
      ) : (
        <div aria-busy={inquiries.status === 'loading'}>
          <ul className={styles.list}>
            {loaded.items.map((inquiry) => (
              <InquiryCard key={inquiry.id} inquiry={inquiry} />
            ))}
          </ul>
          <Pager
            meta={loaded._meta}
            label="Inquiry pages"
            onPage={(next) => show({ unanswered, page: next })}
          />
        </div>
      )}
    </section>
  );
}

function InquiryCard({ inquiry }: { inquiry: Inquiry }): ReactNode {
  return (
    <li className={inquiry.read ? styles.card : `${styles.card} ${styles.unread}`} data-testid="inquiry">
      <div className={styles.title}>
        <Link to={`/admin/inquiries/${inquiry.id}`}>{inquiry.full_name}</Link>
        {inquiry.read ? null : <span className={styles.badge}>{INQUIRY_TEXTS.unread}</span>}
        {inquiry.answer !== null ? (
          <span className={`${styles.badge} ${styles.done}`}>{INQUIRY_TEXTS.answered}</span>
        ) : null}
      </div>
      <div className={styles.muted}>
        {inquiry.email} · {formatAdminTime(inquiry.created_at)}
      </div>
      <p className={styles.excerpt}>{inquiry.message}</p>
    </li>
  );
}
