import { forgotPasswordSchema } from '@shop/contract/validation';
import { useTimeouts } from '@shop/shared';
import { formStyles, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import {
  FORGOT_PASSWORD_SUCCESS_MESSAGE,
  RECOVERY_SUCCESS_DELAY_MS,
  VALIDATE_ON_BLUR,
} from '../../constants';
import { useAuthDispatch } from '../../store';
import styles from './password-recovery.module.css';
import { requestPasswordReset } from './passwordRecovery';

/**
 * /forgotpassword. Spec 001, 4: the success message shows 0.5 s after submit whatever the call
 * answered (which also tells nobody whether an e-mail is registered); a failure is only logged.
 */
export function ForgotPasswordPage(): ReactNode {
  const dispatch = useAuthDispatch();
  const later = useTimeouts();
  const [sent, setSent] = useState(false);
  return (
    <section className={styles.page} aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {sent ? (
        <p role="status" className={formStyles.success}>
          {FORGOT_PASSWORD_SUCCESS_MESSAGE}
        </p>
      ) : (
        <Formik
          initialValues={{ email: '' }}
          validationSchema={forgotPasswordSchema}
          validateOnBlur={VALIDATE_ON_BLUR}
          onSubmit={(values) => {
            void dispatch(requestPasswordReset(values.email));
            return new Promise<void>((done) =>
              later(() => {
                setSent(true);
                done();
              }, RECOVERY_SUCCESS_DELAY_MS),
            );
          }}
        >
          {({ isSubmitting }) => (
            <Form className={formStyles.form} noValidate aria-label="Forgot password">
              <p className={styles.intro}>
                Enter your email address and we will send you a link to reset your password.
              </p>
              <TextField name="email" label="Email address" type="email" autoComplete="email" />
              <button type="submit" className={formStyles.primary} disabled={isSubmitting}>
                Submit
              </button>
            </Form>
          )}
        </Formik>
      )}
    </section>
  );
}
