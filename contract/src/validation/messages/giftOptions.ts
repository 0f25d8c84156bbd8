/** Texts of MESSAGES (../messages.ts) for customization and packaging (spec 001 §5, §8). */

export const customizationSelectOne = 'Pelase select at least one option.';
export const customizationLogoRequired = 'Upload logo/Image.';
export const customizationToWhomRequired = 'Pelase enter a receiver name.';
export const customizationFromRequired = 'Pelase enter a sender name.';
export const customizationNoteRequired = 'Pelase enter a special note.';
export const customizationNoteTooLong = "Note can't be longer than 300 characters";
export const customizationBriefTooLong = "Brief can't be longer than 300 characters";
export const logoType = 'Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png';
export const logoSize = 'Maximum allowed size is 1MB.';
export const customizationSaved = 'Your selection(s) for the customization of the item is added.';
export const packagingRequired = 'Please select an option';
export const packagingSaved = 'Your selection for the packaging of the item is added.';
export const optionsMissingTitle = 'No options found due to a temporary issue';
export const optionsMissingText = 'Please refresh your browser or try after some time';
