import { Skeleton } from '@shop/shared';
import { DialogButton } from '@shop/shared/dialog';
import { lazy, type ReactNode, Suspense } from 'react';
import styles from './product.module.css';

/**
 * The form (Formik and Yup, about 23 KB gzip) loads when the shopper opens the dialog: most
 * visitors of a product page never ask a question, so it stays off the page's load.
 */
const QuestionForm = lazy(() =>
  import('./QuestionForm').then((module) => ({ default: module.QuestionForm })),
);

export function AskQuestion({ productId }: { productId: number }): ReactNode {
  return (
    <DialogButton label="Ask a Question" title="Ask a question" className={styles.secondary}>
      {(close) => (
        <Suspense fallback={<Skeleton shape="lines" count={4} label="Loading the form" />}>
          <QuestionForm productId={productId} onFinished={close} />
        </Suspense>
      )}
    </DialogButton>
  );
}
