import { guestCheckoutSchema } from '@shop/contract/validation';
import { bus, useTimeouts } from '@shop/shared';
import { FormFeedback, type FormOutcome, formStyles, TextField } from '@shop/shared/form';
import { useNavigate } from '@shop/shared/router';
import { Form, Formik } from 'formik';
import { type ReactNode, useState } from 'react';
import {
  ACCOUNT_EXISTS_WARNING,
  CHECKOUT_PATH,
  FORM_FEEDBACK_MS,
  GUEST_CHECKOUT_REDIRECT_MS,
  GUEST_CHECKOUT_SUCCESS_MESSAGE,
  VALIDATE_ON_BLUR,
} from '../../constants';
import { useAuthDispatch } from '../../store';
import { checkEmailExists } from '../session/session';
import styles from './guest-checkout.module.css';
import { checkOutAsGuest, type GuestCheckoutDetails } from './guestCheckout';

const EMPTY: GuestCheckoutDetails = { name: '', email: '', mobile: '' };

/**
 * The cart's 'Guest Checkout' tab (spec 001 §2.2, §4, §5): name, e-mail and mobile. An e-mail that
 * belongs to an account is warned about first, recommending sign-in or continuing as a guest. On
 * success the guest is signed in and taken to /checkout 5 s later.
 */
export function GuestCheckoutPanel(): ReactNode {
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const later = useTimeouts();
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  /** The e-mail the shopper was warned about (an account has it). */
  const [warnedFor, setWarnedFor] = useState<string | null>(null);

  const register = async (values: GuestCheckoutDetails, continueAsGuest: boolean) => {
    const email = values.email.trim().toLowerCase();
    const outcome = await dispatch(checkOutAsGuest(values, continueAsGuest));
    if (outcome.ok) {
      setWarnedFor(null);
      setFeedback({ ok: true, message: GUEST_CHECKOUT_SUCCESS_MESSAGE });
      later(() => navigate(CHECKOUT_PATH), GUEST_CHECKOUT_REDIRECT_MS);
    } else if (outcome.accountExists) {
      setWarnedFor(email);
    } else {
      setFeedback({ ok: false, message: outcome.message });
      later(() => setFeedback(null), FORM_FEEDBACK_MS);
    }
  };

  const submit = async (values: GuestCheckoutDetails) => {
    setFeedback(null);
    const email = values.email.trim().toLowerCase();
    const check = await dispatch(checkEmailExists(email));
    if (check.ok && check.exists) setWarnedFor(email);
    else await register(values, false);
  };

  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={guestCheckoutSchema}
      validateOnBlur={VALIDATE_ON_BLUR}
      onSubmit={submit}
    >
      {({ isSubmitting, values, setSubmitting }) => {
        const warned = warnedFor !== null && warnedFor === values.email.trim().toLowerCase();
        return (
          <Form className={formStyles.form} noValidate aria-label="Guest Checkout">
            <p className={formStyles.aside}>Fields marked * are required.</p>
            <FormFeedback feedback={feedback} />
            <TextField name="name" label="Name *" autoComplete="name" required />
            <TextField name="email" label="Email address *" type="email" autoComplete="email" required />
            <TextField
              name="mobile"
              label="Mobile number *"
              type="tel"
              autoComplete="tel"
              placeholder="+971 50 123 4567"
              required
            />
            {warned ? (
              <div role="alert" className={styles.warning}>
                <p>{ACCOUNT_EXISTS_WARNING}</p>
                <div className={formStyles.actions}>
                  <button
                    type="button"
                    className={formStyles.primary}
                    onClick={() => void bus.request('ui.openSignIn').catch(() => undefined)}
                  >
                    Sign in
                  </button>
                  <button
                    type="button"
                    className={formStyles.secondary}
                    disabled={isSubmitting}
                    onClick={async () => {
                      // The fields passed validation when the warning appeared; only the e-mail
                      // is compared (it is what the warning was about).
                      setSubmitting(true);
                      await register(values, true);
                      setSubmitting(false);
                    }}
                  >
                    Continue as guest
                  </button>
                </div>
              </div>
            ) : null}
            <button
              type="submit"
              className={formStyles.primary}
              disabled={isSubmitting || feedback?.ok === true}
            >
              Continue to checkout
            </button>
          </Form>
        );
      }}
    </Formik>
  );
}
