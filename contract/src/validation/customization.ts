import { array, boolean, mixed, number, object, string } from 'yup';
import { MESSAGES } from './messages';

/** The four things a product may let a shopper customize (spec 001 §2.4). */
export const CUSTOMIZATION_OPTIONS = ['logo', 'to_whom', 'from', 'message'] as const;
export type CustomizationOption = (typeof CUSTOMIZATION_OPTIONS)[number];

export const CUSTOMIZATION_TEXT_MAX = 300;
/** A logo upload: at most 1 MB, JPEG or PNG (checked by its bytes on the server). */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;

/** Whether the `selectedItems` a condition sees include this option. */
const selects = ([selected]: unknown[], option: CustomizationOption): boolean =>
  Array.isArray(selected) && selected.includes(option);

/** Whether a choice needs its field: the field is required only when its option is selected. */
const whenSelected = (option: CustomizationOption, message: string) =>
  string()
    .trim()
    .when('selectedItems', (values: unknown[], schema) =>
      selects(values, option) ? schema.required(message) : schema,
    );

/**
 * The customization form, as the dialog and `cart/add-customization` both check it. `hasLogo` says
 * whether a logo is there: a new upload or the one saved earlier.
 */
export const customizationSchema = object({
  selectedItems: array(
    mixed<CustomizationOption>()
      .oneOf([...CUSTOMIZATION_OPTIONS])
      .required(),
  )
    .required(MESSAGES.customizationSelectOne)
    .min(1, MESSAGES.customizationSelectOne),
  hasLogo: boolean()
    .default(false)
    .when('selectedItems', (values: unknown[], schema) =>
      selects(values, 'logo') ? schema.oneOf([true], MESSAGES.customizationLogoRequired) : schema,
    ),
  toWhom: whenSelected('to_whom', MESSAGES.customizationToWhomRequired).max(CUSTOMIZATION_TEXT_MAX),
  from: whenSelected('from', MESSAGES.customizationFromRequired).max(CUSTOMIZATION_TEXT_MAX),
  note: whenSelected('message', MESSAGES.customizationNoteRequired).max(
    CUSTOMIZATION_TEXT_MAX,
    MESSAGES.customizationNoteTooLong,
  ),
  brief: string().trim().max(CUSTOMIZATION_TEXT_MAX, MESSAGES.customizationBriefTooLong),
});

export const packagingSchema = object({
  packaging_id: number()
    .typeError(MESSAGES.packagingRequired)
    .required(MESSAGES.packagingRequired)
    .integer()
    .positive(MESSAGES.packagingRequired),
});

/** The logo message for a file of this declared type and size, or null when it may be sent. */
export function logoFileError(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return MESSAGES.logoSize;
  return null;
}
