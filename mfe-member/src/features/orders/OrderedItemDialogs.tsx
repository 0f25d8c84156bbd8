import { logoFileError, reviewSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { useTimeouts } from '@shop/shared';
import {
  FieldError,
  FormActions,
  type FormOutcome,
  formStyles,
  refusalOf,
  showAtFields,
  TextAreaField,
  useFieldError,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers, useField } from 'formik';
import type { ReactNode } from 'react';
import { FORM_FEEDBACK_MS, POPUP_CLOSE_MS, THANK_YOU_FEEDBACK } from './constants';
import { ImageField } from './ImageField';
import styles from './orders.module.css';
import { type Failure, type OrderedItemRef, ordersApi } from './ordersApi';

interface DialogFormProps {
  item: OrderedItemRef;
  /** The item now has its review / feedback: the page marks it submitted. */
  onSubmitted: () => void;
  /** Closes the popup (5 s after a success, spec §4). */
  onClose: () => void;
}

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * What both popups do with an answer (spec §4): success says 'Thank you for your feedback', marks
 * the item submitted and closes the popup after 5 s; a refusal shows at its field or in a banner
 * that clears after 5 s.
 */
function useAnswerHandler({ onSubmitted, onClose }: Omit<DialogFormProps, 'item'>) {
  const later = useTimeouts();
  return <V,>(answer: { status: true } | Failure, helpers: FormikHelpers<V>, fieldNames: string[]) => {
    if (answer.status) {
      helpers.setStatus({ ok: true, message: THANK_YOU_FEEDBACK } satisfies FormOutcome);
      onSubmitted();
      later(onClose, POPUP_CLOSE_MS);
      return;
    }
    const refusal = refusalOf(answer);
    if (showAtFields(refusal, fieldNames, helpers.setFieldError)) return;
    helpers.setStatus({ ok: false, message: refusal.message } satisfies FormOutcome);
    later(() => helpers.setStatus(null), FORM_FEEDBACK_MS);
  };
}

interface ReviewValues {
  rating: string;
  comments: string;
}

/** One radio star, named for screen readers ('3 stars'). */
function Star({ value, invalid }: { value: number; invalid: boolean }): ReactNode {
  const [field] = useField({ name: 'rating', type: 'radio', value: String(value) });
  return (
    <label>
      <input {...field} type="radio" aria-invalid={invalid ? true : undefined} />
      <span aria-hidden="true">★</span>
      <span className={styles.hidden}>{value === 1 ? '1 star' : `${value} stars`}</span>
    </label>
  );
}

/** The rating as five radio stars, one per value, announced as '3 stars'. */
function StarRating(): ReactNode {
  const error = useFieldError('rating');
  return (
    <fieldset className={styles.stars} aria-describedby={error ? 'rating-error' : undefined}>
      <legend>Your rating</legend>
      {RATINGS.map((value) => (
        <Star key={value} value={value} invalid={Boolean(error)} />
      ))}
      <FieldError id="rating-error" message={error} />
    </fieldset>
  );
}

/** The review popup (spec §5): rating and comments required, sent to `product-reviews/create`. */
export function ReviewForm({ item, onSubmitted, onClose }: DialogFormProps): ReactNode {
  const handle = useAnswerHandler({ onSubmitted, onClose });
  const send = async (values: ReviewValues, helpers: FormikHelpers<ReviewValues>) => {
    const answer = await ordersApi.review({
      ...item,
      rating: Number(values.rating),
      comments: values.comments.trim(),
    });
    handle(answer, helpers, ['rating', 'comments']);
  };
  return (
    <Formik<ReviewValues>
      initialValues={{ rating: '', comments: '' }}
      validationSchema={reviewSchema}
      onSubmit={send}
    >
      {({ isSubmitting, status }) => (
        <Form className={formStyles.form} noValidate aria-label="Review">
          <StarRating />
          <TextAreaField name="comments" label="Comments" />
          <FormActions
            feedback={(status as FormOutcome | null | undefined) ?? null}
            submitLabel="Submit review"
            disabled={isSubmitting || status?.ok === true}
          />
        </Form>
      )}
    </Formik>
  );
}

interface FeedbackValues {
  comments: string;
  file: File | null;
}

/** Spec §5: comments required; an image is optional, and a file-check error blocks the submission. */
function feedbackErrors(values: FeedbackValues): Partial<Record<keyof FeedbackValues, string>> {
  const errors: Partial<Record<keyof FeedbackValues, string>> = {};
  if (!values.comments.trim()) errors.comments = MESSAGES.commentsRequired;
  const fileError = values.file ? logoFileError(values.file) : null;
  if (fileError) errors.file = fileError;
  return errors;
}

/** The feedback popup: comments and an optional image, sent multipart to `product-feedbacks/create`. */
export function FeedbackForm({ item, onSubmitted, onClose }: DialogFormProps): ReactNode {
  const handle = useAnswerHandler({ onSubmitted, onClose });
  const send = async (values: FeedbackValues, helpers: FormikHelpers<FeedbackValues>) => {
    const answer = await ordersApi.feedback(item, values.comments.trim(), values.file);
    handle(answer, helpers, ['comments', 'file']);
  };
  return (
    <Formik<FeedbackValues>
      initialValues={{ comments: '', file: null }}
      validate={feedbackErrors}
      onSubmit={send}
    >
      {({ isSubmitting, status }) => (
        <Form className={formStyles.form} noValidate aria-label="Feedback">
          <TextAreaField name="comments" label="Comments" />
          <ImageField name="file" label="Image (optional, JPG or PNG, up to 1 MB)" />
          <FormActions
            feedback={(status as FormOutcome | null | undefined) ?? null}
            submitLabel="Send feedback"
            disabled={isSubmitting || status?.ok === true}
          />
        </Form>
      )}
    </Formik>
  );
}
