import { changePasswordSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { useDocumentTitle } from '@shop/shared';
import { FormActions, formStyles, refusalOf, TextField, useFormFeedback } from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { CHANGE_PASSWORD_TITLE, FORM_FEEDBACK_MS, OTHER_DEVICES_SIGNED_OUT } from './constants';
import { type ChangePasswordInput, profileApi } from './profileApi';

const EMPTY: ChangePasswordInput = { old_password: '', new_password: '', confirm_password: '' };

/**
 * /member/change-password (spec 001 §5). A failure shows the server's text for 5 s (§4 gives two
 * readings; the server's words tell a wrong old password from a busy server, so they are taken,
 * with the generic text when the server has none). On success the server ends every other
 * session of the member; this one keeps working, and the text says so.
 */
export function ChangePasswordPage(): ReactNode {
  useDocumentTitle(CHANGE_PASSWORD_TITLE);
  const [feedback, showFeedback] = useFormFeedback(FORM_FEEDBACK_MS);

  const save = async (values: ChangePasswordInput, helpers: FormikHelpers<ChangePasswordInput>) => {
    showFeedback(null);
    const answer = await profileApi.changePassword(values);
    if (answer.status) {
      helpers.resetForm();
      showFeedback({ ok: true, message: `${MESSAGES.passwordChanged}. ${OTHER_DEVICES_SIGNED_OUT}` });
      return;
    }
    showFeedback({ ok: false, message: refusalOf(answer).message });
  };

  return (
    <section aria-labelledby="change-password-title">
      <h1 id="change-password-title">{CHANGE_PASSWORD_TITLE}</h1>
      <Formik initialValues={EMPTY} validationSchema={changePasswordSchema} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form className={formStyles.form} noValidate aria-label={CHANGE_PASSWORD_TITLE}>
            <TextField
              name="old_password"
              label="Old password *"
              type="password"
              autoComplete="current-password"
            />
            <TextField
              name="new_password"
              label="New password *"
              type="password"
              autoComplete="new-password"
            />
            <TextField
              name="confirm_password"
              label="Confirm new password *"
              type="password"
              autoComplete="new-password"
            />
            <FormActions feedback={feedback} submitLabel="Change password" disabled={isSubmitting} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
