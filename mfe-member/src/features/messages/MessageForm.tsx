import { MESSAGE_TEXT_MAX, messageSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { useTimeouts } from '@shop/shared';
import {
  FormActions,
  formStyles,
  type Refusal,
  showAtFields,
  TextAreaField,
  TextField,
  useFormFeedback,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import { MESSAGE_DIALOG_CLOSE_MS, MESSAGE_FEEDBACK_MS } from './constants';
import type { MessageInput } from './messagesApi';

export type SendOutcome = { ok: true } | { ok: false; refusal: Refusal | undefined };

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
  const [feedback, showFeedback] = useFormFeedback(MESSAGE_FEEDBACK_MS);
  const [sent, setSent] = useState(false);
  const later = useTimeouts();

  const submit = async (values: MessageInput, helpers: FormikHelpers<MessageInput>) => {
    showFeedback(null);
    const outcome = await send({ subject: fixedSubject ?? values.subject, message: values.message });
    if (outcome.ok) {
      setSent(true);
      showFeedback({ ok: true, message: sentText });
      later(onClose, MESSAGE_DIALOG_CLOSE_MS);
      return;
    }
    const refusal = outcome.refusal ?? { message: MESSAGES.actionFailed, fields: {} };
    // One message per failure: at the fields the server names, else in the banner.
    if (showAtFields(refusal, ['subject', 'message'], helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message });
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
          <FormActions feedback={feedback} submitLabel={submitLabel} disabled={isSubmitting || sent} />
        </Form>
      )}
    </Formik>
  );
}
