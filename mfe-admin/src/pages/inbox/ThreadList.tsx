import type { AdminThreadPage } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId } from 'react';
import { useAdminRead } from '../../api/adminApi';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import styles from './Inbox.module.css';
import { INBOX_TEXTS } from './inboxTexts';

type Thread = AdminThreadPage['items'][number];

/**
 * The inbox: general and order threads of every member in one list, newest activity first (the
 * API's order), each with its buyer, its order's number and how many of the buyer's messages the
 * shop has not read. "Only unread" and the page live in the address.
 */
export function ThreadList(): ReactNode {
  useDocumentTitle(INBOX_TEXTS.title);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const unread = search.get('unread') === 'true';
  const page = pageOf(search);
  const threads = useAdminRead('admin/messages', { query: { page, ...(unread ? { unread: true } : {}) } });
  const show = (next: { unread: boolean; page: number }) => {
    const params = new URLSearchParams();
    if (next.unread) params.set('unread', 'true');
    if (next.page > 1) params.set('page', String(next.page));
    setSearch(params);
  };

  const loaded = shownData(threads);
  return (
    <section aria-labelledby={`${id}-title`} className={styles.page}>
      <div className={styles.head}>
        <h1 id={`${id}-title`}>{INBOX_TEXTS.title}</h1>
        <Link to="/admin/inbox/new" className={styles.action}>
          {INBOX_TEXTS.newThread}
        </Link>
      </div>
      <div className={styles.check}>
        <input
          id={`${id}-unread`}
          type="checkbox"
          checked={unread}
          onChange={(event) => show({ unread: event.target.checked, page: 1 })}
        />
        <label htmlFor={`${id}-unread`}>{INBOX_TEXTS.onlyUnread}</label>
      </div>
      {threads.status === 'failed' ? (
        <ErrorPanel onRetry={threads.retry} />
      ) : !loaded ? (
        <p role="status">Loading threads…</p>
      ) : loaded.items.length === 0 ? (
        <p>{unread ? INBOX_TEXTS.noUnread : INBOX_TEXTS.empty}</p>
      ) : (
        <div aria-busy={threads.status === 'loading'}>
          <ul className={styles.threads}>
            {loaded.items.map((thread) => (
              <ThreadCard key={thread.id} thread={thread} />
            ))}
          </ul>
          <Pager meta={loaded._meta} label="Inbox pages" onPage={(next) => show({ unread, page: next })} />
        </div>
      )}
    </section>
  );
}

function ThreadCard({ thread }: { thread: Thread }): ReactNode {
  const isUnread = thread.unread_count > 0;
  return (
    <li className={isUnread ? `${styles.thread} ${styles.unread}` : styles.thread} data-testid="inbox-thread">
      <div className={styles.subject}>
        <Link to={`/admin/inbox/${thread.id}`}>{thread.subject}</Link>
        {isUnread ? <span className={styles.badge}>{INBOX_TEXTS.unread(thread.unread_count)}</span> : null}
      </div>
      <div className={styles.buyer}>
        <span>{thread.buyer.name}</span> <span className={styles.muted}>{thread.buyer.email}</span>
      </div>
      <div className={styles.muted}>
        {thread.order_number ? `Order ${thread.order_number}` : INBOX_TEXTS.general} ·{' '}
        {formatAdminTime(thread.last_message.created_time)}
      </div>
      <p className={styles.excerpt}>
        {thread.last_message.sender_type === 'Admin' ? `${INBOX_TEXTS.fromShop}: ` : ''}
        {thread.last_message.message}
      </p>
    </li>
  );
}
