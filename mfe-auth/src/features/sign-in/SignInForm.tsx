import { signInSchema } from '@shop/contract/validation';
import { useTimeouts } from '@shop/shared';
import { formStyles as styles, TextField } from '@shop/shared/form';
import { Link } from '@shop/shared/router';
import { Form, Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import { FORGOT_PASSWORD_PATH, SIGN_IN_ERROR_MS, VALIDATE_ON_BLUR } from '../../constants';
import { useAuthDispatch } from '../../store';
import { signIn } from '../session/session';

interface SignInFormProps {
  onSignedIn?: () => void;
  /** The shopper leaves for /forgotpassword (the popup closes). */
  onLeave?: () => void;
  onSignUp: () => void;
}

const initialValues = { email: '', password: '' };

/**
 * Sign-in, in the popup and on /login. Formik runs signInSchema before submitting, so the login
 * call is never made with an invalid e-mail or without a password.
 */
export function SignInForm({ onSignedIn, onLeave, onSignUp }: SignInFormProps): ReactNode {
  const dispatch = useAuthDispatch();
  const later = useTimeouts();
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={signInSchema}
      validateOnBlur={VALIDATE_ON_BLUR}
      onSubmit={async (values) => {
        setFailure(null);
        const outcome = await dispatch(signIn(values));
        if (outcome.ok) {
          onSignedIn?.();
          return;
        }
        setFailure(outcome.message);
        later(() => setFailure(null), SIGN_IN_ERROR_MS);
      }}
    >
      {({ isSubmitting }) => (
        <Form className={styles.form} noValidate aria-label="Sign in">
          {failure ? (
            <p role="alert" className={styles.alert}>
              {failure}
            </p>
          ) : null}
          <TextField name="email" label="Email address" type="email" autoComplete="email" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" />
          <button type="submit" className={styles.primary} disabled={isSubmitting}>
            Sign in
          </button>
          <p className={styles.aside}>
            <Link to={FORGOT_PASSWORD_PATH} onClick={onLeave}>
              Forgot password?
            </Link>
            <button type="button" className={styles.link} onClick={onSignUp}>
              New customer? Start here
            </button>
          </p>
        </Form>
      )}
    </Formik>
  );
}
