import { hearAboutUsSchema, interestsSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import {
  type ApiResult,
  ErrorPanel,
  type InterestOption,
  Skeleton,
  useDocumentTitle,
  useLoaded,
} from '@shop/shared';
import {
  FieldError,
  FormActions,
  formStyles,
  refusalOf,
  useFieldError,
  useFormFeedback,
} from '@shop/shared/form';
import { Field, Form, Formik } from 'formik';
import { type ReactNode, useId } from 'react';
import type { AnyObjectSchema } from 'yup';
import { FORM_FEEDBACK_MS, HEAR_ABOUT_US_LEGEND, INTERESTS_LEGEND, INTERESTS_TITLE } from './constants';
import styles from './profile.module.css';
import { profileApi } from './profileApi';

const loadInterests = async (): Promise<ApiResult<InterestOption[]>> => {
  const answer = await profileApi.interests();
  return answer.status ? { status: true, data: answer.data.interests } : answer;
};
const saveInterests = async (ids: number[]): Promise<ApiResult<InterestOption[]>> => {
  const answer = await profileApi.updateInterests(ids);
  return answer.status ? { status: true, data: answer.data.interests } : answer;
};
const loadHearAboutUs = async (): Promise<ApiResult<InterestOption[]>> => {
  const answer = await profileApi.hearAboutUs();
  return answer.status ? { status: true, data: answer.data.options } : answer;
};
const saveHearAboutUs = async (ids: number[]): Promise<ApiResult<InterestOption[]>> => {
  const answer = await profileApi.updateHearAboutUs(ids);
  return answer.status ? { status: true, data: answer.data.options } : answer;
};

/** /member/profile/interests (spec 001 §2.7): the interests form, a divider, then the source form. */
export function InterestsPage(): ReactNode {
  useDocumentTitle(INTERESTS_TITLE);
  return (
    <section aria-labelledby="interests-title">
      <h1 id="interests-title">{INTERESTS_TITLE}</h1>
      <OptionsForm
        name="interests"
        legend={INTERESTS_LEGEND}
        schema={interestsSchema}
        load={loadInterests}
        save={saveInterests}
      />
      <hr className={styles.divider} />
      <OptionsForm
        name="options"
        legend={HEAR_ABOUT_US_LEGEND}
        schema={hearAboutUsSchema}
        load={loadHearAboutUs}
        save={saveHearAboutUs}
      />
    </section>
  );
}

interface OptionsFormProps {
  /** The body's field: `interests` or `options`. */
  name: 'interests' | 'options';
  legend: string;
  schema: AnyObjectSchema;
  load: () => Promise<ApiResult<InterestOption[]>>;
  save: (ids: number[]) => Promise<ApiResult<InterestOption[]>>;
}

/**
 * One checkbox form (spec 001 §5: at least one, 'Select at-least one option'); success says
 * 'Thank you to let us know your interest' (§4), failure shows 5 s.
 */
function OptionsForm({ name, legend, schema, load, save }: OptionsFormProps): ReactNode {
  const loaded = useLoaded(`member:interests:${name}`, () => load(), { maxAgeMs: 0 });
  const [feedback, showFeedback] = useFormFeedback(FORM_FEEDBACK_MS);
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <Skeleton shape="lines" count={6} label={`Loading ${legend}`} />;

  const initial = {
    [name]: loaded.data.filter((option) => option.isChecked).map((option) => String(option.id)),
  };
  const submit = async (values: Record<string, string[]>) => {
    showFeedback(null);
    const answer = await save((values[name] ?? []).map(Number));
    showFeedback(
      answer.status
        ? { ok: true, message: MESSAGES.interestsSaved }
        : { ok: false, message: refusalOf(answer).message },
    );
  };

  return (
    <Formik initialValues={initial} validationSchema={schema} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label={legend}>
          <Options name={name} legend={legend} options={loaded.data} />
          <FormActions feedback={feedback} submitLabel="Save" disabled={isSubmitting} />
        </Form>
      )}
    </Formik>
  );
}

function Options({
  name,
  legend,
  options,
}: {
  name: string;
  legend: string;
  options: InterestOption[];
}): ReactNode {
  const error = useFieldError(name);
  const errorId = `${useId()}-error`;
  return (
    <fieldset className={styles.options} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <div key={option.id}>
          <Field type="checkbox" id={`${errorId}-${option.id}`} name={name} value={String(option.id)} />{' '}
          <label htmlFor={`${errorId}-${option.id}`}>{option.name}</label>
        </div>
      ))}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
