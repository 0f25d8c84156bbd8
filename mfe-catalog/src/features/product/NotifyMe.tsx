import { notifyMeSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { DialogButton } from '@shop/shared/dialog';
import { FormFeedback, formStyles, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { subscribeNotifyMe } from './api';
import styles from './product.module.css';
import { useClosingForm } from './useClosingForm';

export const NOTIFY_ME_SUCCESS = 'Thank you! We will e-mail you when this item is back in stock.';

/** The e-mail form behind 'Notify Me': success shows, then the form resets and closes after 5 s. */
export function NotifyMeForm({
  productId,
  onFinished,
}: {
  productId: number;
  onFinished: () => void;
}): ReactNode {
  const { feedback, setFeedback, succeeded } = useClosingForm<{ email: string; product_id: number }>(
    onFinished,
  );
  return (
    <Formik
      initialValues={{ email: '', product_id: productId }}
      validationSchema={notifyMeSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFeedback(null);
        const outcome = await subscribeNotifyMe({ email: values.email.trim(), product_id: productId });
        if (outcome.ok) {
          succeeded(NOTIFY_ME_SUCCESS, helpers);
        } else {
          if (outcome.fields.email) helpers.setFieldError('email', outcome.fields.email);
          setFeedback({ ok: false, message: MESSAGES.actionFailed });
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form className={formStyles.form} noValidate aria-label="Notify me">
          <p>Leave your e-mail address and we will tell you when this item is available again.</p>
          <FormFeedback feedback={feedback} />
          <TextField name="email" label="Email address" type="email" autoComplete="email" />
          <button
            type="submit"
            className={formStyles.primary}
            disabled={isSubmitting || status === 'submitted'}
          >
            Notify Me
          </button>
        </Form>
      )}
    </Formik>
  );
}

/** 'Notify Me' for an out-of-stock product: opens the e-mail form in a dialog. */
export function NotifyMe({ productId }: { productId: number }): ReactNode {
  return (
    <DialogButton label="Notify Me" title="Notify me when available" className={styles.notifyMe}>
      {(close) => <NotifyMeForm productId={productId} onFinished={close} />}
    </DialogButton>
  );
}
