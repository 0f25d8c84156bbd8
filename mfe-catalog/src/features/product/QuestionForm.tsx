import { QUESTION_MAX, questionSchema } from '@shop/contract/validation';
import { FormFeedback, formStyles, TextAreaField, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { askQuestion } from './api';
import { useClosingForm } from './useClosingForm';

export const QUESTION_SUCCESS = 'Thank you! Your question has been submitted.';
/** The spec's banner when the ask-question form fails (spec 000, section 8). */
export const QUESTION_FAILED = 'form submission error';

const EMPTY = { questioner_name: '', questioner_email: '', question: '' };

/** Ask a question about a product: success shows, then the form resets and closes after 5 s. */
export function QuestionForm({
  productId,
  onFinished,
}: {
  productId: number;
  onFinished: () => void;
}): ReactNode {
  const { feedback, setFeedback, succeeded } = useClosingForm<typeof EMPTY>(onFinished);
  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={questionSchema}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFeedback(null);
        const outcome = await askQuestion({
          product_id: productId,
          questioner_name: values.questioner_name.trim(),
          questioner_email: values.questioner_email.trim(),
          question: values.question.trim(),
        });
        if (outcome.ok) {
          succeeded(QUESTION_SUCCESS, helpers);
        } else {
          for (const [field, message] of Object.entries(outcome.fields))
            helpers.setFieldError(field, message);
          setFeedback({ ok: false, message: QUESTION_FAILED });
        }
      }}
    >
      {({ isSubmitting, status }) => (
        <Form className={formStyles.form} noValidate aria-label="Ask a question">
          <FormFeedback feedback={feedback} />
          <TextField name="questioner_name" label="Your name" autoComplete="name" />
          <TextField name="questioner_email" label="Email address" type="email" autoComplete="email" />
          <TextAreaField name="question" label="Your question" counterMax={QUESTION_MAX} />
          <button
            type="submit"
            className={formStyles.primary}
            disabled={isSubmitting || status === 'submitted'}
          >
            Submit Question
          </button>
        </Form>
      )}
    </Formik>
  );
}
