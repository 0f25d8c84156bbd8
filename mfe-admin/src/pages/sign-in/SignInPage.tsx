import { useDocumentTitle } from '@shop/shared';
import { FormActions, type FormOutcome, refusalOf, showAtFields, TextField } from '@shop/shared/form';
import { Form, Formik } from 'formik';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { object, string } from 'yup';
import { adminApi } from '../../api/adminApi';
import { ADMIN_TEXTS } from '../../app/texts';
import { adminSession, type SignedOutReason } from '../../session/adminSession';
import styles from './SignInPage.module.css';

const signInSchema = object({
  email: string().trim().required(ADMIN_TEXTS.emailRequired),
  password: string().required(ADMIN_TEXTS.passwordRequired),
});

interface SignInValues {
  email: string;
  password: string;
}

/**
 * The back office's door, at whatever /admin address was asked: once signed in, that address
 * renders. The API's refusal (wrong e-mail or password, too many tries) is shown as it says it.
 */
export function SignInPage({ endedBecause }: { endedBecause: SignedOutReason | null }): ReactNode {
  useDocumentTitle(ADMIN_TEXTS.signInTitle);
  const heading = useRef<HTMLHeadingElement>(null);
  // The refusal stays until the next try: an admin reads it at their own pace.
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className={styles.page}>
      <main className={styles.card} aria-labelledby="admin-sign-in-title">
        <h1 id="admin-sign-in-title" ref={heading} tabIndex={-1}>
          {ADMIN_TEXTS.signInTitle}
        </h1>
        {endedBecause === 'expired' ? (
          <p role="status" className={styles.notice}>
            {ADMIN_TEXTS.sessionExpired}
          </p>
        ) : null}
        <Formik<SignInValues>
          initialValues={{ email: '', password: '' }}
          validationSchema={signInSchema}
          onSubmit={async ({ email, password }, { setFieldError }) => {
            setOutcome(null);
            const answer = await adminApi.post('admin/login', { email: email.trim(), password });
            if (answer.status) {
              adminSession.start(answer.data);
              return;
            }
            if (answer.httpStatus === 0) {
              setOutcome({ ok: false, message: ADMIN_TEXTS.unreachable });
              return;
            }
            const refusal = refusalOf(answer);
            if (!showAtFields(refusal, ['email', 'password'], setFieldError)) {
              setOutcome({ ok: false, message: refusal.message });
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate className={styles.form}>
              <TextField name="email" label="E-mail" type="email" autoComplete="username" />
              <TextField name="password" label="Password" type="password" autoComplete="current-password" />
              <FormActions
                feedback={outcome}
                submitLabel={isSubmitting ? ADMIN_TEXTS.signingIn : ADMIN_TEXTS.signIn}
                disabled={isSubmitting}
              />
            </Form>
          )}
        </Formik>
        <a className={styles.back} href="/">
          {ADMIN_TEXTS.backToShop}
        </a>
      </main>
    </div>
  );
}
