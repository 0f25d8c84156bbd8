import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { Link, useParams } from '@shop/shared/router';
import { type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { DoneNote } from '../../app/DoneNote';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Refusal } from '../../app/Refusal';
import { TextForm } from '../../app/TextForm';
import styles from './Inquiries.module.css';
import { INQUIRY_ANSWER_MAX, INQUIRY_TEXTS } from './inquiryTexts';

/**
 * One inquiry (opening it marks it read) and its answer, which the API mails to the sender and
 * keeps on the inquiry. The sender's words are shown as text, line breaks kept.
 */
export function InquiryDetail(): ReactNode {
  const id = useId();
  const inquiryId = Number(useParams().id);
  const read = useAdminRead('admin/inquiries/:id', { params: { id: inquiryId } });
  const loaded = shownData(read);
  useDocumentTitle(INQUIRY_TEXTS.title);
  const [action, run] = useAdminAction();
  const [sent, setSent] = useState(false);

  const back = (
    <Link to="/admin/inquiries" className={styles.back}>
      {INQUIRY_TEXTS.back}
    </Link>
  );
  if (read.status === 'failed') {
    return (
      <section className={styles.page}>
        {back}
        {read.httpStatus === 404 ? (
          <p role="alert">There is no inquiry {inquiryId}.</p>
        ) : (
          <ErrorPanel onRetry={read.retry} />
        )}
      </section>
    );
  }
  if (!loaded) return <p role="status">Loading the inquiry…</p>;
  const { inquiry } = loaded;
  const answer = async (message: string) => {
    const took = await run(
      () => adminApi.post('admin/inquiries/:id/answer', { message }, { params: { id: inquiry.id } }),
      () => {
        setSent(true);
        refreshAdminReads('admin/inquiries');
      },
    );
    // Refused as answered already (409 INQUIRY_ANSWERED: another admin or tab was first): read
    // it again, so the first answer is shown under the API's refusal instead of the form.
    if (!took) refreshAdminReads('admin/inquiries');
    return took;
  };

  return (
    <article aria-labelledby={`${id}-title`} className={styles.page}>
      {back}
      <h1 id={`${id}-title`}>Inquiry from {inquiry.full_name}</h1>
      <p className={styles.muted}>
        <a href={`mailto:${encodeURIComponent(inquiry.email)}`}>{inquiry.email}</a> ·{' '}
        {formatAdminTime(inquiry.created_at)}
      </p>
      <p className={styles.body}>{inquiry.message}</p>
      <DoneNote note={sent ? INQUIRY_TEXTS.sent : null} />
      <Refusal refusal={action.refusal} />
      {inquiry.answer !== null ? (
        <section aria-labelledby={`${id}-answer`} className={styles.answer}>
          <h2 id={`${id}-answer`}>{INQUIRY_TEXTS.yourAnswer}</h2>
          {inquiry.answered_at ? (
            <p className={styles.muted}>{formatAdminTime(inquiry.answered_at)}</p>
          ) : null}
          <p className={styles.body}>{inquiry.answer}</p>
        </section>
      ) : (
        <div className={styles.answer}>
          <TextForm
            label={INQUIRY_TEXTS.answer}
            submit={INQUIRY_TEXTS.send}
            busy={action.busy}
            maxLength={INQUIRY_ANSWER_MAX}
            rows={6}
            missingText={INQUIRY_TEXTS.answerMissing}
            onSubmit={answer}
          />
        </div>
      )}
    </article>
  );
}
