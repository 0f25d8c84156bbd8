import { logoFileError } from '@shop/contract/validation';
import { type OrderDetail, useTimeouts } from '@shop/shared';
import {
  FormActions,
  FormFeedback,
  type FormOutcome,
  formStyles,
  refusalOf,
  TextAreaField,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useState } from 'react';
import {
  FORM_FEEDBACK_MS,
  PROOF_COMMENTS_MAX,
  PROOF_IMAGE_REQUIRED,
  PROOF_STATUS_TEXT,
  PROOF_SUBMITTED,
  PROOF_UPLOAD_AGAIN,
} from './constants';
import { ImageField } from './ImageField';
import styles from './orders.module.css';
import { ordersApi } from './ordersApi';

interface ProofValues {
  comments: string;
  file: File | null;
}

/** Spec §5: an image is required ('Upload an image.') and must pass the logo's file check. */
export function proofErrors(values: ProofValues): Partial<Record<keyof ProofValues, string>> {
  const fileError = values.file ? logoFileError(values.file) : PROOF_IMAGE_REQUIRED;
  const errors: Partial<Record<keyof ProofValues, string>> = {};
  if (fileError) errors.file = fileError;
  if (values.comments.length > PROOF_COMMENTS_MAX) {
    errors.comments = `Comments can't be longer than ${PROOF_COMMENTS_MAX} characters`;
  }
  return errors;
}

/**
 * The order's proof of payment (spec 001 §2.7): its status ('Pending' submitted, 'Confirmed'
 * confirmed, 'Rejected' with the shop's comments), and the upload form while the server says
 * one is expected (`can_upload_proof`: a transfer order with no proof, or a rejected one). After
 * an upload the order is loaded again; the success text stays 5 s.
 */
export function ProofOfPayment({
  order,
  onUploaded,
}: {
  order: OrderDetail;
  onUploaded: () => void;
}): ReactNode {
  const [done, setDone] = useState<FormOutcome | null>(null);
  const later = useTimeouts();
  const proof = order.proofOfPayment;
  if (!proof && !order.can_upload_proof && !done) return null;

  const upload = async (values: ProofValues, helpers: FormikHelpers<ProofValues>) => {
    if (!values.file) return;
    const answer = await ordersApi.uploadProof(order.id, values.comments.trim(), values.file);
    if (answer.status) {
      const outcome = { ok: true, message: PROOF_SUBMITTED };
      setDone(outcome);
      later(() => setDone((shown) => (shown === outcome ? null : shown)), FORM_FEEDBACK_MS);
      onUploaded();
      return;
    }
    const refusal = refusalOf(answer);
    // One message per failure: at the field when the server names it, else in the banner.
    if (refusal.fields.file) {
      helpers.setFieldError('file', refusal.fields.file);
      return;
    }
    helpers.setStatus({ ok: false, message: refusal.message });
    later(() => helpers.setStatus(null), FORM_FEEDBACK_MS);
  };

  return (
    <section aria-labelledby="proof-title" className={styles.card}>
      <h2 id="proof-title">Proof of payment</h2>
      <FormFeedback feedback={done} />
      {proof ? (
        <div>
          <p>{PROOF_STATUS_TEXT[proof.status]}</p>
          {proof.status === 'Rejected' && proof.admin_comments ? <p>{proof.admin_comments}</p> : null}
        </div>
      ) : null}
      {order.can_upload_proof ? (
        <Formik<ProofValues>
          initialValues={{ comments: '', file: null }}
          validate={proofErrors}
          onSubmit={upload}
        >
          {({ isSubmitting, status }) => (
            <Form className={formStyles.form} noValidate aria-label="Upload proof of payment">
              {proof?.status === 'Rejected' ? <p>{PROOF_UPLOAD_AGAIN}</p> : null}
              <TextAreaField name="comments" label="Comments" counterMax={PROOF_COMMENTS_MAX} />
              <ImageField name="file" label="Transfer slip (JPG or PNG, up to 1 MB)" />
              <FormActions
                feedback={(status as FormOutcome | null | undefined) ?? null}
                submitLabel="Upload"
                disabled={isSubmitting}
              />
            </Form>
          )}
        </Formik>
      ) : null}
    </section>
  );
}
