import { wishlistEmailSchema } from '@shop/contract/validation';
import { useTimeouts } from '@shop/shared';
import { formStyles as styles, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import { FORM_FEEDBACK_MS, VALIDATE_ON_BLUR, WISHLIST_EMAIL_SUCCESS_MESSAGE } from '../../constants';
import { useAuthDispatch } from '../../store';
import { registerWishlistEmail } from './wishlistEmail';

type Feedback = { tone: 'success' | 'error'; message: string } | null;

/**
 * Registers an e-mail for the wishlist only. Success keeps the wishlist user and closes the
 * popup after 5 s; an already registered e-mail shows the already-exists message for 5 s.
 */
export function WishlistEmailForm({ onFinished }: { onFinished: () => void }): ReactNode {
  const dispatch = useAuthDispatch();
  const later = useTimeouts();
  const [feedback, setFeedback] = useState<Feedback>(null);
  return (
    <Formik
      initialValues={{ email: '' }}
      validationSchema={wishlistEmailSchema}
      validateOnBlur={VALIDATE_ON_BLUR}
      onSubmit={async (values, helpers) => {
        const outcome = await dispatch(registerWishlistEmail(values.email));
        if (outcome.ok) {
          setFeedback({ tone: 'success', message: WISHLIST_EMAIL_SUCCESS_MESSAGE });
          helpers.setStatus('submitted');
          later(onFinished, FORM_FEEDBACK_MS);
        } else {
          setFeedback({ tone: 'error', message: outcome.message });
          later(() => setFeedback(null), FORM_FEEDBACK_MS);
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form className={styles.form} noValidate aria-label="Wishlist email">
          <p className={styles.aside}>Enter your email address to keep a wishlist.</p>
          {feedback ? (
            <p
              role={feedback.tone === 'error' ? 'alert' : 'status'}
              className={feedback.tone === 'error' ? styles.alert : styles.success}
            >
              {feedback.message}
            </p>
          ) : null}
          <TextField name="email" label="Email address" type="email" autoComplete="email" />
          <button type="submit" className={styles.primary} disabled={isSubmitting || status === 'submitted'}>
            Submit
          </button>
        </Form>
      )}
    </Formik>
  );
}
