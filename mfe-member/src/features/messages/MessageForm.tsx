import { MESSAGE_TEXT_MAX, messageSchema } from '@shop/contract/validation';
import { ACTION_FAILED_MESSAGE, useTimeouts } from '@shop/shared';
import { FormFeedback, type FormOutcome, formStyles, TextAreaField, TextField } from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import type { AddressRefusal } from '../shipping-address/shippingAddressSlice';
import { MESSAGE_DIALOG_CLOSE_MS, MESSAGE_FEEDBACK_MS } from './constants';
import type { MessageInput } from './messagesApi';

export type SendOutcome = { ok: true } | { ok: false; refusal: AddressRefusal | undefined };

interface MessageFormProps {
  /** A reply's subject: the thread's, shown read-only (spec 001 §4); absent for a new message. */
  fixedSubject?: string;
  submitLabel: string;
  sentText: string;
  send: (input: MessageInput) => Promise<SendOutcome>;
  /** Closes the dialog holding the form, 5 s after a send (spec 001 §4, §9). */
  onClose: () => void;
}

/**
 * The message form (spec 001 §5: subject and message required) for a new thread and for a reply.
 * The cycle of §4: submitting, then sent (the dialog closes after 5 s) or failed (the alert
 * clears after 5 s and the form is back as it was).
 */
export function MessageForm({
  fixedSubject,
  submitLabel,
  sentText,
  send,
  onClose,
}: MessageFormProps): ReactNode {
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const [sent, setSent] = useState(false);
  const later = useTimeouts();

  const submit = async (values: MessageInput, helpers: FormikHelpers<MessageInput>) => {
    setFeedback(null);
    const outcome = await send({ subject: fixedSubject ?? values.subject, message: values.message });
    if (outcome.ok) {
      setSent(true);
      setFeedback({ ok: true, message: sentText });
      later(onClose, MESSAGE_DIALOG_CLOSE_MS);
      return;
    }
    const refusal = outcome.refusal ?? { message: ACTION_FAILED_MESSAGE, fields: {} };
    // One message per failure: at the fields the server names, else in the banner.
    const atFields = Object.entries(refusal.fields).filter(
      ([name]) => name === 'subject' || name === 'message',
    );
    for (const [name, message] of atFields) helpers.setFieldError(name, message);
    if (atFields.length > 0) return;
    const failure = { ok: false, message: refusal.message };
    setFeedback(failure);
    later(() => setFeedback((shown) => (shown === failure ? null : shown)), MESSAGE_FEEDBACK_MS);
  };

  return (
    <Formik
      initialValues={{ subject: fixedSubject ?? '', message: '' }}
      validationSchema={messageSchema}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label={submitLabel}>
          <TextField name="subject" label="Subject *" readOnly={fixedSubject !== undefined} />
          <TextAreaField name="message" label="Message *" rows={5} counterMax={MESSAGE_TEXT_MAX} />
          <FormFeedback feedback={feedback} />
          <div className={formStyles.actions}>
            <button type="submit" className={formStyles.primary} disabled={isSubmitting || sent}>
              {submitLabel}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
