import { MESSAGE_TEXT_MAX } from '@shop/contract/validation';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useParams, useSearchParams } from '@shop/shared/router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import type { ChosenBuyer } from '../../app/BuyerPicker';
import { DoneNote } from '../../app/DoneNote';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import { Refusal } from '../../app/Refusal';
import { TextForm } from '../../app/TextForm';
import styles from './Inbox.module.css';
import { INBOX_TEXTS } from './inboxTexts';

/** What "new thread with this buyer" hands the new-thread form (router state, not the address). */
export interface WriteTo {
  buyer: ChosenBuyer;
}

/**
 * One thread, oldest first (the API marks the buyer's messages read when the shop opens it), and
 * the shop's reply. The buyer's words are shown as text, line breaks kept.
 */
export function ThreadView(): ReactNode {
  const id = useId();
  const threadId = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search);
  const view = useAdminRead('admin/messages/:id', { params: { id: threadId }, query: { page } });
  const loaded = shownData(view);
  useDocumentTitle(loaded ? loaded.thread.subject : INBOX_TEXTS.title);
  const [action, run] = useAdminAction();
  const [sent, setSent] = useState(false);
  // Without a page in the address the thread opens at its newest messages (the API pages it
  // oldest first), as after a reply.
  const pageCount = loaded?._meta.pageCount ?? 1;
  const pageAsked = search.has('page');
  useEffect(() => {
    if (!pageAsked && pageCount > 1) setSearch(`page=${pageCount}`, { replace: true });
  }, [pageAsked, pageCount, setSearch]);

  const back = (
    <Link to="/admin/inbox" className={styles.action}>
      {INBOX_TEXTS.backToInbox}
    </Link>
  );
  if (view.status === 'failed') {
    return (
      <section className={styles.page}>
        {back}
        {view.httpStatus === 404 ? (
          <p role="alert">There is no thread {threadId}.</p>
        ) : (
          <ErrorPanel onRetry={view.retry} />
        )}
      </section>
    );
  }
  if (!loaded) return <p role="status">Loading the thread…</p>;

  const { thread, items, buyer, order_number: orderNumber, _meta: meta } = loaded;
  const writeTo: WriteTo = { buyer: { ...buyer, orders: [] } };
  const sendReply = (message: string) => {
    setSent(false);
    return run(
      () => adminApi.post('admin/messages/:id/reply', { message }, { params: { id: thread.id } }),
      () => {
        setSent(true);
        refreshAdminReads('admin/messages');
        if (pageAsked) setSearch('', { replace: true });
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className={styles.page} aria-busy={view.status === 'loading'}>
      {back}
      <div className={styles.head}>
        <h1 id={`${id}-title`}>{thread.subject}</h1>
      </div>
      <p className={styles.buyer}>
        {buyer.name} <span className={styles.muted}>{buyer.email}</span> ·{' '}
        {orderNumber ? `Order ${orderNumber}` : INBOX_TEXTS.general} ·{' '}
        <Link to="/admin/inbox/new" state={writeTo}>
          {INBOX_TEXTS.writeToBuyer}
        </Link>
      </p>
      <ol className={styles.messages} aria-label="Messages">
        {items.map((message) => (
          <li
            key={message.id}
            className={
              message.sender_type === 'Admin' ? `${styles.message} ${styles.fromShop}` : styles.message
            }
          >
            <div className={styles.muted}>
              {message.sender_type === 'Admin'
                ? INBOX_TEXTS.fromShop
                : `${INBOX_TEXTS.fromBuyer} ${buyer.name}`}{' '}
              · {formatAdminTime(message.created_time)}
            </div>
            <p className={styles.body}>{message.message}</p>
          </li>
        ))}
      </ol>
      <Pager meta={meta} label="Thread pages" onPage={(next) => setSearch(`page=${next}`)} />
      <div className={styles.panel}>
        <DoneNote note={sent ? INBOX_TEXTS.replySent : null} />
        <Refusal refusal={action.refusal} />
        <TextForm
          label={INBOX_TEXTS.reply}
          submit={INBOX_TEXTS.sendReply}
          busy={action.busy}
          maxLength={MESSAGE_TEXT_MAX}
          missingText={INBOX_TEXTS.messageMissing}
          onSubmit={sendReply}
        />
      </div>
    </section>
  );
}
