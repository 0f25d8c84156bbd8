import type { AdminQuestion } from '@shop/contract/schemas/backOffice';
import { ErrorPanel, shownData, useDocumentTitle } from '@shop/shared';
import { useSearchParams } from '@shop/shared/router';
import { type ReactNode, useId, useState } from 'react';
import { adminApi, refreshAdminReads, useAdminRead } from '../../api/adminApi';
import { useAdminAction } from '../../api/useAdminAction';
import { formatAdminTime } from '../../app/formatAdminTime';
import { Pager } from '../../app/Pager';
import { pageOf } from '../../app/pageOf';
import { Refusal } from '../../app/Refusal';
import { TextForm } from '../../app/TextForm';
import styles from './Moderation.module.css';
import { MODERATION_TEXTS, QUESTION_ANSWER_MAX } from './moderationTexts';

/**
 * Product questions held until an admin answers or approves them, oldest first (the API's
 * order). Either way the question leaves this list and is shown on the product page.
 */
export function HeldQuestions(): ReactNode {
  useDocumentTitle(MODERATION_TEXTS.questionsTitle);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const questions = useAdminRead('admin/questions', { query: { held: true, page: pageOf(search) } });
  // What the last decision did: the question it was about is gone from the list.
  const [done, setDone] = useState<string | null>(null);
  const loaded = shownData(questions);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{MODERATION_TEXTS.questionsTitle}</h1>
      <p role="status" className={styles.done}>
        {done}
      </p>
      {questions.status === 'failed' ? (
        <ErrorPanel onRetry={questions.retry} />
      ) : !loaded ? (
        <p>Loading questions…</p>
      ) : loaded.items.length === 0 ? (
        <p>{MODERATION_TEXTS.questionsEmpty}</p>
      ) : (
        <div aria-busy={questions.status === 'loading'}>
          <ul className={styles.list}>
            {loaded.items.map((question) => (
              <HeldQuestion key={question.id} question={question} onDone={setDone} />
            ))}
          </ul>
          <Pager
            meta={loaded._meta}
            label="Question pages"
            onPage={(next) => setSearch(next > 1 ? `page=${next}` : '')}
          />
        </div>
      )}
    </section>
  );
}

function HeldQuestion({
  question,
  onDone,
}: {
  question: AdminQuestion;
  onDone: (note: string) => void;
}): ReactNode {
  const id = useId();
  const [action, run] = useAdminAction();
  const decided = (note: string) => () => {
    onDone(note);
    refreshAdminReads('admin/questions');
  };
  const answer = (text: string) =>
    run(
      () => adminApi.post('admin/questions/:id/answer', { answer: text }, { params: { id: question.id } }),
      decided(MODERATION_TEXTS.answered),
    );
  const approve = () =>
    run(
      () => adminApi.post('admin/questions/:id/approve', undefined, { params: { id: question.id } }),
      decided(MODERATION_TEXTS.approved),
    );
  return (
    <li className={styles.card} data-testid="held-question">
      <h2 id={`${id}-product`} className={styles.product}>
        <a href={`/product/${encodeURIComponent(question.product.slug)}`}>{question.product.title}</a>
      </h2>
      <p className={styles.body}>{question.question}</p>
      <p className={styles.muted}>
        {MODERATION_TEXTS.askedBy} {question.questioner_name} ({question.questioner_email}),{' '}
        {formatAdminTime(question.question_time)}
      </p>
      <Refusal refusal={action.refusal} />
      <TextForm
        label={MODERATION_TEXTS.answer}
        submit={MODERATION_TEXTS.sendAnswer}
        busy={action.busy}
        maxLength={QUESTION_ANSWER_MAX}
        rows={3}
        missingText={MODERATION_TEXTS.answerMissing}
        onSubmit={answer}
      />
      <button type="button" className={styles.button} disabled={action.busy} onClick={() => void approve()}>
        {MODERATION_TEXTS.approve}
      </button>
    </li>
  );
}
