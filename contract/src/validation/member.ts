/**
 * The member area's forms (spec 001 §5: message form, interests and source forms, change
 * password, profile, alternate e-mail), applied by the forms and by the backend alike.
 */
import { array, number, object, ref, string } from 'yup';
import { PASSWORD_PATTERN } from './auth';
import { MESSAGES } from './messages';

/** A mobile number: an optional '+', then 7 to 15 digits, spaces or dashes between them. */
export const MOBILE_PATTERN = /^\+?\d(?:[\s-]?\d){6,14}$/;
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_TEXT_MAX = 2000;

/** '' and null mean "not chosen" for the select boxes. */
const chosenNumber = (message: string) =>
  number()
    .transform((value, original) => (original === '' || original === null ? undefined : value))
    .typeError(message)
    .required(message);

export const changePasswordSchema = object({
  old_password: string().required(MESSAGES.oldPasswordRequired),
  new_password: string()
    .required(MESSAGES.newPasswordRequired)
    .matches(PASSWORD_PATTERN, MESSAGES.strongPassword),
  confirm_password: string()
    .required(MESSAGES.retypePassword)
    .oneOf([ref('new_password')], MESSAGES.newPasswordsDiffer),
});

/** Profile: the primary e-mail is read-only, so it is not part of the form. */
export const profileSchema = object({
  first_name: string().trim().required(MESSAGES.firstNameRequired),
  last_name: string().trim().required(MESSAGES.lastNameRequired),
  mobile: string()
    .trim()
    .required(MESSAGES.profileMobileRequired)
    .matches(MOBILE_PATTERN, MESSAGES.mobileInvalid),
  country_id: chosenNumber(MESSAGES.countryRequired),
  gender: string().trim().required(MESSAGES.genderRequired),
  age_group: chosenNumber(MESSAGES.ageGroupRequired),
});

/** Optional (spec 001 §5 gives both readings; the newer one, optional, is taken), valid when given. */
export const alternateEmailSchema = object({
  alternate_email: string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .email(MESSAGES.alternateEmailInvalid),
});

/** Interests and "how did you hear about us": at least one option. */
export const interestsSchema = object({
  interests: array(number().integer().required())
    .min(1, MESSAGES.selectOneOption)
    .required(MESSAGES.selectOneOption),
});
export const hearAboutUsSchema = object({
  options: array(number().integer().required())
    .min(1, MESSAGES.selectOneOption)
    .required(MESSAGES.selectOneOption),
});

/** A new message or a reply (the reply's subject is the thread's, shown read-only). */
export const messageSchema = object({
  subject: string()
    .trim()
    .required(MESSAGES.subjectRequired)
    .max(MESSAGE_SUBJECT_MAX, `Subject can't be longer than ${MESSAGE_SUBJECT_MAX} characters`),
  message: string()
    .trim()
    .required(MESSAGES.messageRequired)
    .max(MESSAGE_TEXT_MAX, `Message can't be longer than ${MESSAGE_TEXT_MAX} characters`),
});
