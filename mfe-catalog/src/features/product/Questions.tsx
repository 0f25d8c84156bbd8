import { ErrorPanel, type Question, type QuestionPage, Skeleton } from '@shop/shared';
import { type ReactNode, useCallback } from 'react';
import { AskQuestion } from './AskQuestion';
import { fetchQuestionPage } from './api';
import styles from './product.module.css';
import { formatDate, LoadMore } from './Reviews';
import { usePagedList } from './usePagedList';

export const NO_QUESTIONS = 'No questions have been asked about this item yet.';

export function Questions({ productId }: { productId: number }): ReactNode {
  const fetchPage = useCallback((page: number) => fetchQuestionPage(productId, page), [productId]);
  const list = usePagedList<Question, QuestionPage>(`catalog:questions:${productId}`, fetchPage);
  return (
    <div>
      <AskQuestion productId={productId} />
      {list.status === 'loading' ? <Skeleton shape="rows" label="Loading questions" /> : null}
      {list.status === 'failed' ? <ErrorPanel onRetry={list.retry} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? <p>{NO_QUESTIONS}</p> : null}
      {list.items.length > 0 ? (
        <ul className={styles.entries} aria-label="Questions">
          {list.items.map((question) => (
            <li key={question.id} className={styles.entry}>
              <p>
                <strong>Q:</strong> {question.question}
              </p>
              <p className={styles.byline}>
                {question.questioner_name},{' '}
                <time dateTime={question.question_time}>{formatDate(question.question_time)}</time>
              </p>
              {question.answer ? (
                <p>
                  <strong>A:</strong> {question.answer}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
    </div>
  );
}
