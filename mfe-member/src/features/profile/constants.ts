/**
 * The profile section's routes, timers and texts (spec 001 §2.7, §4, §5). Validation texts and
 * 'Thank you to let us know your interest' are the spec's (`MESSAGES`); the spec words none of
 * the others.
 */
export const PROFILE_PATH = '/member/profile';
export const PROFILE_UPDATE_PATH = '/member/profile/update';
export const INTERESTS_PATH = '/member/profile/interests';
export const ALTERNATE_EMAIL_PATH = '/member/profile/alternate-email';
export const CHANGE_PASSWORD_PATH = '/member/change-password';

/** Form cycle (spec 001 §4): a failure shows 5 s, then the form is back to initial. */
export const FORM_FEEDBACK_MS = 5000;

export const PROFILE_TITLE = 'My Profile';
export const PROFILE_UPDATE_TITLE = 'Update Profile';
export const INTERESTS_TITLE = 'My Interests';
export const INTERESTS_LEGEND = 'What interests you?';
export const HEAR_ABOUT_US_LEGEND = 'How did you hear about us?';
export const ALTERNATE_EMAIL_TITLE = 'Alternate Email';
export const CHANGE_PASSWORD_TITLE = 'Change Password';

export const PROFILE_UPDATED = 'Your profile is updated.';
export const ALTERNATE_EMAIL_UPDATED = 'Your alternate email is saved.';
export const ALTERNATE_EMAIL_CLEARED = 'Your alternate email is removed.';
/** Said with `MESSAGES.passwordChanged`: the server ends every other session (backend README). */
export const OTHER_DEVICES_SIGNED_OUT =
  'You stay signed in here; on your other devices you are signed out and need to sign in again.';
export const NOT_GIVEN = 'Not given';

/** The four prompts of `buyers/profile-stats`, each with the form that settles it. */
export const PROFILE_PROMPTS = [
  {
    flag: 'profileUpdateRequired',
    text: 'Your profile is incomplete.',
    link: 'Complete your profile',
    to: PROFILE_UPDATE_PATH,
  },
  {
    flag: 'alternateEmailUpdateRequired',
    text: 'You have no alternate email yet.',
    link: 'Add an alternate email',
    to: ALTERNATE_EMAIL_PATH,
  },
  {
    flag: 'interestsUpdatedRequired',
    text: 'Tell us what you like, and we will show you more of it.',
    link: 'Choose your interests',
    to: INTERESTS_PATH,
  },
  {
    flag: 'passwordUpdatedRequired',
    text: 'Your password has not been changed for a long time.',
    link: 'Change your password',
    to: CHANGE_PASSWORD_PATH,
  },
] as const;
