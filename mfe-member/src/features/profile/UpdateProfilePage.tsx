import { profileSchema } from '@shop/contract/validation';
import { MESSAGES } from '@shop/contract/validation/messages';
import { ErrorPanel, type Profile, Skeleton, useDocumentTitle, useLoaded } from '@shop/shared';
import {
  FormActions,
  formStyles,
  refusalOf,
  SelectField,
  showAtFields,
  TextField,
  useFormFeedback,
} from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { ReactNode } from 'react';
import { FORM_FEEDBACK_MS, PROFILE_UPDATE_TITLE, PROFILE_UPDATED } from './constants';
import styles from './profile.module.css';
import { profileApi } from './profileApi';
import { loadProfileWithLists } from './referenceLists';
import { keepSessionUser } from './sessionUser';

/** The select boxes hold text; '' is "not chosen" (the schema's message then shows). */
interface ProfileValues {
  first_name: string;
  last_name: string;
  mobile: string;
  country_id: string;
  gender: string;
  age_group: string;
}

const valuesOf = (profile: Profile): ProfileValues => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  mobile: profile.mobile ?? '',
  country_id: profile.country_id === null ? '' : String(profile.country_id),
  gender: profile.gender ?? '',
  age_group: profile.age_group === null ? '' : String(profile.age_group),
});

/**
 * /member/profile/update (spec 001 §5 Profile): names, mobile, country, gender and age group from
 * the API's lists; the primary e-mail shows read-only, outside the form (it is never sent).
 */
export function UpdateProfilePage(): ReactNode {
  useDocumentTitle(PROFILE_UPDATE_TITLE);
  const loaded = useLoaded('member:profile-with-lists', loadProfileWithLists, { maxAgeMs: 0 });
  const [feedback, showFeedback] = useFormFeedback(FORM_FEEDBACK_MS);
  if (loaded.status === 'failed') return <ErrorPanel onRetry={loaded.retry} />;
  if (loaded.status !== 'ready') return <Skeleton shape="lines" label="Loading your profile" />;
  const { countries, genders, ageGroups } = loaded.data;
  const profile = loaded.data.profile.user;

  const save = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    showFeedback(null);
    const input = profileSchema.cast(values);
    const answer = await profileApi.update(profile.id, input);
    if (answer.status) {
      keepSessionUser(answer.data.user);
      showFeedback({ ok: true, message: PROFILE_UPDATED });
      return;
    }
    const refusal = refusalOf(answer);
    if (showAtFields(refusal, Object.keys(values), helpers.setFieldError)) return;
    showFeedback({ ok: false, message: refusal.message || MESSAGES.actionFailed });
  };

  return (
    <section aria-labelledby="profile-update-title">
      <h1 id="profile-update-title">{PROFILE_UPDATE_TITLE}</h1>
      <p className={styles.readOnly}>
        Email: <strong>{profile.email}</strong> (your primary email cannot be changed)
      </p>
      <Formik initialValues={valuesOf(profile)} validationSchema={profileSchema} onSubmit={save}>
        {({ isSubmitting }) => (
          <Form className={formStyles.form} noValidate aria-label={PROFILE_UPDATE_TITLE}>
            <TextField name="first_name" label="First name *" autoComplete="given-name" />
            <TextField name="last_name" label="Last name *" autoComplete="family-name" />
            <TextField name="mobile" label="Mobile *" type="tel" autoComplete="tel" />
            <SelectField
              name="country_id"
              label="Country *"
              placeholder="Select your country"
              options={countries.list.map((country) => ({ value: String(country.id), label: country.name }))}
            />
            <SelectField
              name="gender"
              label="Gender *"
              placeholder="Select your gender"
              options={genders.genders.map((gender) => ({ value: gender.name, label: gender.name }))}
            />
            <SelectField
              name="age_group"
              label="Age group *"
              placeholder="Select your age group"
              options={ageGroups.list.map((group) => ({ value: String(group.id), label: group.name }))}
            />
            <FormActions feedback={feedback} submitLabel="Save profile" disabled={isSubmitting} />
          </Form>
        )}
      </Formik>
    </section>
  );
}
