import {
  CUSTOMIZATION_OPTIONS,
  CUSTOMIZATION_TEXT_MAX,
  type CustomizationOption,
  customizationSchema,
  firstErrors,
  LOGO_TYPES,
  logoFileError,
  MESSAGES,
} from '@shop/contract/validation';
import {
  type CartItem,
  type CustomizationOptions,
  formatPrice,
  Skeleton,
  useLoaded,
  useTimeouts,
} from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { FieldError, formStyles, TextAreaField, TextField } from '@shop/shared/form';
import { Form, Formik, type FormikErrors, type FormikHelpers, useFormikContext } from 'formik';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useCartSelector } from '../cart/hooks';
import {
  CUSTOMIZATION_NON_REFUNDABLE,
  CUSTOMIZATION_REMOVED,
  FORM_FEEDBACK_MS,
  LOGO_RECOMMENDATION,
  USD,
} from './constants';
import { GiftFormActions } from './GiftFormActions';
import styles from './gift-options.module.css';
import { cartChangeOf, giftOptionsApi } from './giftOptionsApi';
import { MissingOptions } from './MissingOptions';
import { useLineChanges } from './useLineChanges';
import { useObjectUrl } from './useObjectUrl';
import { type PendingCart, usePendingCart } from './usePendingCart';

export interface CustomizationDialogProps {
  /** The cart line to customize. */
  item: CartItem;
  onClose(): void;
}

interface CustomizationValues {
  selectedItems: CustomizationOption[];
  /** A newly chosen file; the saved logo is not a value, it is kept unless this replaces it. */
  logo: File | null;
  toWhom: string;
  from: string;
  note: string;
  brief: string;
}

/** The options' own names, and which flag of `products/customizations/{id}` offers each. */
const OPTIONS: Record<CustomizationOption, { label: string; flag: keyof CustomizationOptions }> = {
  logo: { label: 'Logo or image', flag: 'logo_customization' },
  to_whom: { label: 'To whom', flag: 'to_whom_customization' },
  from: { label: 'From', flag: 'from_customization' },
  message: { label: 'Special note', flag: 'message_customization' },
};

/** Form fields the server may name in `error.fields`; anything else goes to the banner. */
const FIELD_NAMES: Record<string, keyof CustomizationValues> = {
  selectedItems: 'selectedItems',
  hasLogo: 'logo',
  logo: 'logo',
  toWhom: 'toWhom',
  from: 'from',
  note: 'note',
  brief: 'brief',
};

const offeredBy = (options: CustomizationOptions | null): CustomizationOption[] =>
  options ? CUSTOMIZATION_OPTIONS.filter((option) => options[OPTIONS[option].flag] === true) : [];

/**
 * The customization dialog of spec 001 §2.4, opened from a cart line. Shows only what the product
 * offers; the cart a save or remove answers replaces the store's 5 s later or when this closes.
 */
export function CustomizationDialog({ item, onClose }: CustomizationDialogProps): ReactNode {
  const pending = usePendingCart();
  const close = useCallback(() => {
    pending.apply();
    onClose();
  }, [pending, onClose]);
  const productId = item.product.id;
  const options = useLoaded(
    `cart-checkout:customizations-${productId}`,
    () => giftOptionsApi.customizationOptions(productId),
    { maxAgeMs: 0 },
  );
  const offered = options.status === 'ready' ? offeredBy(options.data) : [];

  return (
    <Dialog title="Customize Your Gift" onClose={close} wide>
      <p className={styles.subject}>{item.product.title}</p>
      {options.status === 'loading' || options.status === 'idle' ? (
        <Skeleton shape="lines" count={5} label="Loading the customization options" />
      ) : options.status === 'failed' || options.data === null || offered.length === 0 ? (
        <MissingOptions />
      ) : (
        <CustomizationForm
          item={item}
          offered={offered}
          pricePerPiece={options.data.price}
          pending={pending}
        />
      )}
    </Dialog>
  );
}

/** The shopper's earlier customization as the form's starting values (only options still offered). */
function initialValuesOf(item: CartItem, offered: CustomizationOption[]): CustomizationValues {
  const saved = item.customization;
  return {
    selectedItems: (saved?.selectedItems ?? []).filter((option) => offered.includes(option)),
    logo: null,
    toWhom: saved?.toWhom ?? '',
    from: saved?.from ?? '',
    note: saved?.note ?? '',
    brief: saved?.brief ?? '',
  };
}

const EMPTY: CustomizationValues = {
  selectedItems: [],
  logo: null,
  toWhom: '',
  from: '',
  note: '',
  brief: '',
};

/** The shared schema (the server applies the same), plus the chosen file's declared type and size. */
async function validateCustomization(
  values: CustomizationValues,
  hasSavedLogo: boolean,
): Promise<FormikErrors<CustomizationValues>> {
  const { logo, ...texts } = values;
  let errors: Record<string, string> = {};
  try {
    await customizationSchema.validate(
      { ...texts, hasLogo: logo !== null || hasSavedLogo },
      { abortEarly: false },
    );
  } catch (error) {
    errors = firstErrors(error);
  }
  const { hasLogo, ...rest } = errors;
  const fileError = values.selectedItems.includes('logo') && logo ? logoFileError(logo) : null;
  const logoError = fileError ?? hasLogo;
  return logoError ? { ...rest, logo: logoError } : rest;
}

function CustomizationForm({
  item,
  offered,
  pricePerPiece,
  pending,
}: {
  item: CartItem;
  offered: CustomizationOption[];
  /** USD, per piece */
  pricePerPiece: number;
  pending: PendingCart;
}): ReactNode {
  const currency = useCartSelector((state) => state.cart.cart?.selectedCurrency) ?? USD;
  const { line, feedback, clearFeedback, settle, removing, remove } = useLineChanges(item, pending);
  const hasCustomization = line.customization !== null;
  const hasSavedLogo = line.customization?.hasLogo ?? false;

  const save = async (values: CustomizationValues, helpers: FormikHelpers<CustomizationValues>) => {
    clearFeedback();
    const chosen = (option: CustomizationOption) => values.selectedItems.includes(option);
    const text = (option: CustomizationOption, value: string) => (chosen(option) ? value.trim() : '');
    const change = cartChangeOf(
      await giftOptionsApi.addCustomization({
        cart_item_id: line.id,
        product_id: line.product.id,
        // In the options' own order, whatever order they were ticked in.
        selectedItems: CUSTOMIZATION_OPTIONS.filter(chosen),
        logo: chosen('logo') ? values.logo : null,
        toWhom: text('to_whom', values.toWhom),
        from: text('from', values.from),
        note: text('message', values.note),
        brief: values.brief.trim(),
      }),
    );
    // The server's field messages (a refused logo: 415 or 413) show at their fields; the banner is
    // for a refusal no field explains.
    const atFields = change.ok
      ? []
      : Object.entries(change.fields).flatMap(([name, message]) => {
          const field = FIELD_NAMES[name];
          return field ? [{ field, message }] : [];
        });
    for (const { field, message } of atFields) helpers.setFieldError(field, message);
    settle(change, MESSAGES.customizationSaved, atFields.length > 0 ? null : undefined);
  };

  return (
    <Formik
      initialValues={initialValuesOf(item, offered)}
      validate={(values) => validateCustomization(values, hasSavedLogo)}
      validateOnBlur={false}
      onSubmit={save}
    >
      {({ values, isSubmitting, resetForm, getFieldProps }) => {
        const chosen = (option: CustomizationOption) => values.selectedItems.includes(option);
        const removeCustomization = async () => {
          const request = async () => cartChangeOf(await giftOptionsApi.removeCustomization(line.id));
          if (await remove(request, CUSTOMIZATION_REMOVED)) resetForm({ values: EMPTY });
        };
        return (
          <Form className={formStyles.form} noValidate aria-label="Customization">
            <fieldset className={styles.choices}>
              <legend>Customize with</legend>
              {offered.map((option) => (
                <label key={option} className={styles.choice}>
                  <input
                    {...getFieldProps({ name: 'selectedItems', type: 'checkbox', value: option })}
                    type="checkbox"
                  />
                  {OPTIONS[option].label}
                </label>
              ))}
            </fieldset>
            <SelectOneNotice />

            {chosen('logo') ? <LogoField hasSavedLogo={hasSavedLogo} lineId={line.id} /> : null}
            {chosen('to_whom') ? <TextField name="toWhom" label="Receiver name" autoComplete="off" /> : null}
            {chosen('from') ? <TextField name="from" label="Sender name" autoComplete="off" /> : null}
            {chosen('message') ? (
              <TextAreaField name="note" label="Note" counterMax={CUSTOMIZATION_TEXT_MAX} />
            ) : null}
            <TextAreaField name="brief" label="Brief (optional)" counterMax={CUSTOMIZATION_TEXT_MAX} />

            <div className={styles.price}>
              <p>
                Customization price: <strong>{formatPrice(pricePerPiece, currency)}</strong> per piece
              </p>
              <p className={styles.notice}>{CUSTOMIZATION_NON_REFUNDABLE}</p>
            </div>

            <GiftFormActions
              feedback={feedback}
              busy={isSubmitting || removing}
              removeLabel="Remove customization"
              onRemove={hasCustomization ? removeCustomization : undefined}
            />
          </Form>
        );
      }}
    </Formik>
  );
}

/**
 * Spec 001 §5 and §8: 'Pelase select at least one option.' shows for 5 s after a submit with nothing
 * ticked (and goes at once when an option is ticked).
 */
function SelectOneNotice(): ReactNode {
  const { errors, submitCount, isSubmitting } = useFormikContext<CustomizationValues>();
  const later = useTimeouts();
  const [shownFor, setShownFor] = useState(0);
  const announced = useRef(0);
  const error = typeof errors.selectedItems === 'string' ? errors.selectedItems : undefined;

  useEffect(() => {
    // The submit's validation has finished once isSubmitting is false again.
    if (isSubmitting || !error || submitCount === announced.current) return;
    const attempt = submitCount;
    announced.current = attempt;
    setShownFor(attempt);
    later(() => setShownFor((shown) => (shown === attempt ? 0 : shown)), FORM_FEEDBACK_MS);
  }, [isSubmitting, error, submitCount, later]);

  if (!error || shownFor === 0) return null;
  return (
    <p role="alert" className={formStyles.error}>
      {error}
    </p>
  );
}

/**
 * The logo upload: a preview of the chosen file, or the saved logo, which is kept unless a new file
 * is chosen. The declared type and size are checked here; the server checks the bytes too.
 */
function LogoField({ hasSavedLogo, lineId }: { hasSavedLogo: boolean; lineId: number }): ReactNode {
  const { values, errors, touched, submitCount, setFieldValue, setFieldTouched } =
    useFormikContext<CustomizationValues>();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = touched.logo || submitCount > 0 ? errors.logo : undefined;
  const file = values.logo;
  const preview = useObjectUrl(file && !logoFileError(file) ? file : null);
  const saved = useLoaded(
    hasSavedLogo ? `cart-checkout:customization-logo-${lineId}` : null,
    () => giftOptionsApi.customizationLogo(lineId),
    { maxAgeMs: 0 },
  );
  const savedPreview = useObjectUrl(hasSavedLogo && saved.status === 'ready' ? saved.data : null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.currentTarget.files?.[0] ?? null;
    await setFieldTouched('logo', true, false);
    await setFieldValue('logo', chosen);
  };

  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>Upload logo or image</label>
      <input
        id={id}
        type="file"
        accept={LOGO_TYPES.join(',')}
        className={formStyles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
        onChange={choose}
      />
      <p id={hintId} className={styles.hint}>
        {LOGO_RECOMMENDATION}
        {hasSavedLogo && !file ? ' Your saved logo will be kept unless you choose a new file.' : null}
      </p>
      <FieldError id={errorId} message={error} />
      {preview ? (
        <img className={styles.logoPreview} src={preview} alt="Preview of the chosen logo" />
      ) : hasSavedLogo && !file && savedPreview ? (
        <img className={styles.logoPreview} src={savedPreview} alt="Your saved logo" />
      ) : null}
    </div>
  );
}
