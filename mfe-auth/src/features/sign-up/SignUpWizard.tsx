import {
  MESSAGES,
  SIGN_UP_COUNTRIES,
  signUpStep1Schema,
  signUpStep2Schema,
  signUpStep3Schema,
} from '@shop/contract/validation';
import { useTimeouts } from '@shop/shared';
import { formStyles, SelectField, TextField } from '@shop/shared/form';
import { useLocation, useNavigate } from '@shop/shared/router';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  DEFAULT_PHONE_COUNTRY,
  FORM_FEEDBACK_MS,
  SIGN_UP_SUCCESS_MESSAGE,
  VALIDATE_ON_BLUR,
} from '../../constants';
import { useAuthDispatch } from '../../store';
import { useSignUpChoices } from '../reference-data/useSignUpChoices';
import { checkEmailExists, register } from '../session/session';
import { PhoneInput, type PhoneValues } from './PhoneInput';
import styles from './sign-up.module.css';

export interface SignUpValues extends PhoneValues {
  email: string;
  password: string;
  confirm_password: string;
  first_name: string;
  last_name: string;
  /** The select's value; sent as a number. */
  country_id: string;
  gender: string;
}

export const SIGN_UP_INITIAL_VALUES: SignUpValues = {
  email: '',
  password: '',
  confirm_password: '',
  first_name: '',
  last_name: '',
  mobile: '',
  mobile_country: DEFAULT_PHONE_COUNTRY,
  mobile_number: '',
  country_id: '',
  gender: '',
};

/** One schema per step: Next validates only the step on screen. */
const STEP_SCHEMAS = [signUpStep1Schema, signUpStep2Schema, signUpStep3Schema] as const;
const LAST_STEP = STEP_SCHEMAS.length - 1;

type Feedback = { tone: 'success' | 'error'; message: string } | null;

/**
 * The 3-step sign-up wizard (spec 000, sections 2 and 4): e-mail; passwords and names; mobile,
 * country and gender. On success the shopper is signed in, the success message shows for 5 s,
 * then the form resets, `onFinished` closes the popup, and a shopper on /cart goes on to
 * /checkout. On failure the error shows for 5 s, then the form resets.
 */
export function SignUpWizard({ onFinished }: { onFinished: () => void }): ReactNode {
  const dispatch = useAuthDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const later = useTimeouts();
  const { countries, genders } = useSignUpChoices();
  const [step, setStep] = useState(0);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // Each new step starts at its first field (not on the first render: the dialog places focus).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the step change is the trigger
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    stepRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [step]);

  const goTo = (next: number, helpers: Pick<FormikHelpers<SignUpValues>, 'setTouched' | 'setErrors'>) => {
    // Fields of the next step were marked touched by this submit; start them clean.
    void helpers.setTouched({}, false);
    helpers.setErrors({});
    setStep(next);
  };

  const submit = async (values: SignUpValues, helpers: FormikHelpers<SignUpValues>) => {
    if (step === 0) {
      const check = await dispatch(checkEmailExists(values.email));
      if (!check.ok) {
        setFeedback({ tone: 'error', message: MESSAGES.actionFailed });
        later(() => setFeedback(null), FORM_FEEDBACK_MS);
      } else if (check.exists) {
        helpers.setFieldError('email', MESSAGES.emailExists);
      } else {
        goTo(1, helpers);
      }
      return;
    }
    if (step < LAST_STEP) {
      goTo(step + 1, helpers);
      return;
    }
    const outcome = await dispatch(
      register({
        email: values.email,
        password: values.password,
        confirm_password: values.confirm_password,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        mobile: values.mobile,
        country_id: Number(values.country_id),
        gender: values.gender,
      }),
    );
    const startOver = () => {
      helpers.resetForm();
      setStep(0);
      setFeedback(null);
    };
    if (outcome.ok) {
      setFeedback({ tone: 'success', message: SIGN_UP_SUCCESS_MESSAGE });
      helpers.setStatus('submitted');
      later(() => {
        startOver();
        onFinished();
        if (pathname.current === '/cart') navigate('/checkout');
      }, FORM_FEEDBACK_MS);
    } else {
      setFeedback({ tone: 'error', message: outcome.message });
      helpers.setStatus('failed');
      later(startOver, FORM_FEEDBACK_MS);
    }
  };

  return (
    <Formik<SignUpValues>
      initialValues={SIGN_UP_INITIAL_VALUES}
      validationSchema={STEP_SCHEMAS[step]}
      validateOnBlur={VALIDATE_ON_BLUR}
      onSubmit={submit}
    >
      {({ isSubmitting, status, setTouched, setErrors }) => (
        <Form className={formStyles.form} noValidate aria-label="Sign up">
          <p className={styles.step} aria-live="polite">
            Step {step + 1} of {STEP_SCHEMAS.length}
          </p>
          {feedback ? (
            <p
              role={feedback.tone === 'error' ? 'alert' : 'status'}
              className={feedback.tone === 'error' ? formStyles.alert : formStyles.success}
            >
              {feedback.message}
            </p>
          ) : null}
          <div ref={stepRef} className={formStyles.form}>
            {step === 0 ? (
              <TextField name="email" label="Email address" type="email" autoComplete="email" />
            ) : null}
            {step === 1 ? (
              <>
                <TextField name="password" label="Password" type="password" autoComplete="new-password" />
                <TextField
                  name="confirm_password"
                  label="Confirm password"
                  type="password"
                  autoComplete="new-password"
                />
                <TextField name="first_name" label="First name" autoComplete="given-name" />
                <TextField name="last_name" label="Last name" autoComplete="family-name" />
              </>
            ) : null}
            {step === 2 ? (
              <>
                <PhoneInput countries={countries} />
                <SelectField
                  name="country_id"
                  label="Country"
                  placeholder="Select your country"
                  options={SIGN_UP_COUNTRIES.map((country) => ({
                    value: String(country.id),
                    label: country.name,
                  }))}
                />
                <SelectField
                  name="gender"
                  label="Gender"
                  placeholder="Select your gender"
                  options={genders.map((gender) => ({ value: gender.name, label: gender.name }))}
                />
              </>
            ) : null}
          </div>
          <div className={formStyles.actions}>
            {step > 0 ? (
              <button
                type="button"
                className={formStyles.secondary}
                disabled={isSubmitting || status === 'submitted'}
                onClick={() => goTo(step - 1, { setTouched, setErrors })}
              >
                Previous
              </button>
            ) : (
              <span />
            )}
            <button
              type="submit"
              className={formStyles.primary}
              disabled={isSubmitting || status === 'submitted' || status === 'failed'}
            >
              {step === LAST_STEP ? 'Sign up' : 'Next'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
