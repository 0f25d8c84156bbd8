import { resetPasswordSchema } from '@shop/contract/validation';
import { useTimeouts } from '@shop/shared';
import { formStyles, TextField } from '@shop/shared/form';
import { Link, useNavigate, useParams } from '@shop/shared/router';
import { Form, Formik } from 'formik';
import { type ReactNode, useEffect, useState } from 'react';
import {
  NOT_FOUND_PATH,
  RECOVERY_SUCCESS_DELAY_MS,
  RESET_PASSWORD_SUCCESS_MESSAGE,
  VALIDATE_ON_BLUR,
} from '../../constants';
import { useAuthDispatch } from '../../store';
import styles from './password-recovery.module.css';
import { checkResetHash, resetPassword } from './passwordRecovery';

type Phase = 'checking' | 'form' | 'done';

/**
 * /reset-password/:hash. The link counts only when the hash check answers 'success'; anything
 * else shows the not-found page. The new password follows the sign-up rules; success shows
 * 0.5 s after submit whatever the call answered (spec 001, 4), with a way to sign in.
 */
export function ResetPasswordPage(): ReactNode {
  const { hash = '' } = useParams();
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const later = useTimeouts();
  const [phase, setPhase] = useState<Phase>('checking');

  useEffect(() => {
    let current = true;
    setPhase('checking');
    void dispatch(checkResetHash(hash)).then((valid) => {
      if (!current) return;
      if (valid) setPhase('form');
      else navigate(NOT_FOUND_PATH, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [dispatch, hash, navigate]);

  return (
    <section className={styles.page} aria-labelledby="reset-title" aria-busy={phase === 'checking'}>
      <h1 id="reset-title">Reset your password</h1>
      {phase === 'checking' ? <p>Checking your link…</p> : null}
      {phase === 'done' ? (
        <>
          <p role="status" className={formStyles.success}>
            {RESET_PASSWORD_SUCCESS_MESSAGE}
          </p>
          <p>
            <Link to="/login">Sign in</Link>
          </p>
        </>
      ) : null}
      {phase === 'form' ? (
        <Formik
          initialValues={{ password: '', confirm_password: '' }}
          validationSchema={resetPasswordSchema}
          validateOnBlur={VALIDATE_ON_BLUR}
          onSubmit={(values) => {
            void dispatch(resetPassword({ hash, ...values }));
            return new Promise<void>((done) =>
              later(() => {
                setPhase('done');
                done();
              }, RECOVERY_SUCCESS_DELAY_MS),
            );
          }}
        >
          {({ isSubmitting }) => (
            <Form className={formStyles.form} noValidate aria-label="Reset password">
              <TextField name="password" label="New password" type="password" autoComplete="new-password" />
              <TextField
                name="confirm_password"
                label="Confirm password"
                type="password"
                autoComplete="new-password"
              />
              <button type="submit" className={formStyles.primary} disabled={isSubmitting}>
                Reset password
              </button>
            </Form>
          )}
        </Formik>
      ) : null}
    </section>
  );
}
