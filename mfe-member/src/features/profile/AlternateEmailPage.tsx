import { alternateEmailSchema } from '@shop/contract/validation';
import { ErrorPanel, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import {
  FormActions,
  formStyles,
  refusalOf,
  showAtFields,
  TextField,
  useFormFeedback,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import {
  ALTERNATE_EMAIL_CLEARED,
  ALTERNATE_EMAIL_TITLE,
  ALTERNATE_EMAIL_UPDATED,
  FORM_FEEDBACK_MS,
} from './constants';
import { profileApi } from './profileApi';
import { keepSessionUser } from './sessionUser';

interface AlternateEmailValues {
  alternate_email: string;
}

/**
 * /member/profile/alternate-email (spec 001 §5): optional — of the spec's two readings the newer
 * is taken, as the backend does — and a valid address when given. Emptying it removes it.
 */
export function AlternateEmailPage(): ReactNode {
  useDocumentTitle(ALTERNATE_EMAIL_TITLE);
  const loaded = useLoaded('member:profile', () => profileApi.profile(), { maxAgeMs: 0 });
  const [feedback, showFeedback] = useFormFeedback(FORM_FEEDBACK_MS);
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <Skeleton shape="lines" label="Loading your e-mail addresses" />;

  const save = async (values: AlternateEmailValues, helpers: FormikHelpers<AlternateEmailValues>) => {
    showFeedback(null);
    const email = values.alternate_email.trim();
    const answer = await profileApi.updateAlternateEmail(email === '' ? null : email);
    if (answer.status) {
      keepSessionUser(answer.data.user);
      showFeedback({ ok: true, message: email === '' ? ALTERNATE_EMAIL_CLEARED : ALTERNATE_EMAIL_UPDATED });
      return;
    }
    const refusal = refusalOf(answer);
    if (showAtFields(refusal, ['alternate_email'], helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message });
  };

  return (
    <section aria-labelledby="alternate-email-title">
      <h1 id="alternate-email-title">{ALTERNATE_EMAIL_TITLE}</h1>
      <Formik
        initialValues={{ alternate_email: loaded.data.user.alternate_email ?? '' }}
        validationSchema={alternateEmailSchema}
        onSubmit={save}
      >
        {({ isSubmitting }) => (
          <Form className={formStyles.form} noValidate aria-label={ALTERNATE_EMAIL_TITLE}>
            <TextField name="alternate_email" label="Alternate email" type="email" autoComplete="email" />
            <FormActions feedback={feedback} submitLabel="Save" disabled={isSubmitting} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
