/** Texts of MESSAGES (../messages.ts) for the member area (spec 001 §5: change password, profile, alternate e-mail, interests, messages). */

export const oldPasswordRequired = 'Please enter your old password';
export const newPasswordRequired = 'Please enter your new password';
export const strongPassword = 'Please select a strong password';
export const newPasswordsDiffer = 'Your new password and confirmation password do not match';
export const oldPasswordWrong = 'Your old password is incorrect';
export const passwordChanged = 'Your password has been changed successfully';
export const profileMobileRequired = 'Please enter your mobile';
export const mobileInvalid = 'Mobile number is not valid';
export const ageGroupRequired = 'Please select your age group';
export const alternateEmailInvalid = 'Please enter a valid email address.';
export const alternateEmailTaken = 'This email address is already in use';
export const alternateEmailSameAsPrimary = 'Your alternate email must differ from your primary email';
export const selectOneOption = 'Select at-least one option';
export const interestsSaved = 'Thank you to let us know your interest';
export const subjectRequired = 'Please enter the subject';
export const messageRequired = 'Please enter your message';
export const noCommunication = 'No communication found between you and admin';
