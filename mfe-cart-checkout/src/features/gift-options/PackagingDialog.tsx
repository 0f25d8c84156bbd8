import { responsiveImage } from '@shop/contract/media';
import { MESSAGES, packagingSchema } from '@shop/contract/validation';
import { type CartItem, Skeleton, useLoaded } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { formStyles, SelectField } from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useCallback } from 'react';
import { useCartSelector } from '../cart/hooks';
import { PACKAGING_REMOVED, USD } from './constants';
import { GiftFormActions } from './GiftFormActions';
import styles from './gift-options.module.css';
import { cartChangeOf, giftOptionsApi, type ProductPackaging } from './giftOptionsApi';
import { MissingOptions } from './MissingOptions';
import { packagingPrice } from './packagingPrice';
import { useLineChanges } from './useLineChanges';
import { type PendingCart, usePendingCart } from './usePendingCart';

export interface PackagingDialogProps {
  /** The cart line to wrap. */
  item: CartItem;
  onClose(): void;
}

/**
 * The packaging dialog of spec 001 §2.5, opened from a cart line: the product's options with title,
 * image and price, a select labelled 'Select an Option', Save and Remove packaging. The cart a save
 * or remove answers replaces the store's 5 s later or when this closes.
 */
export function PackagingDialog({ item, onClose }: PackagingDialogProps): ReactNode {
  const pending = usePendingCart();
  const close = useCallback(() => {
    pending.apply();
    onClose();
  }, [pending, onClose]);
  const productId = item.product.id;
  const packaging = useLoaded(
    `cart-checkout:packaging-${productId}`,
    () => giftOptionsApi.productPackaging(productId),
    { maxAgeMs: 0 },
  );

  return (
    <Dialog title="Gift Packaging" onClose={close} wide>
      <p className={styles.subject}>{item.product.title}</p>
      {packaging.status === 'loading' || packaging.status === 'idle' ? (
        <Skeleton shape="cards" count={3} label="Loading gift packaging" />
      ) : packaging.status === 'failed' || packaging.data.options.length === 0 ? (
        <MissingOptions />
      ) : (
        <PackagingForm item={item} packaging={packaging.data} pending={pending} />
      )}
    </Dialog>
  );
}

function PackagingForm({
  item,
  packaging,
  pending,
}: {
  item: CartItem;
  packaging: ProductPackaging;
  pending: PendingCart;
}): ReactNode {
  const currency = useCartSelector((state) => state.cart.cart?.selectedCurrency) ?? USD;
  const { line, feedback, clearFeedback, settle, removing, remove } = useLineChanges(item, pending);
  const { options, packagingLevel } = packaging;

  const save = async (values: { packaging_id: string }, helpers: FormikHelpers<{ packaging_id: string }>) => {
    clearFeedback();
    const change = cartChangeOf(
      await giftOptionsApi.addPackaging({
        cart_item_id: line.id,
        packaging_id: Number(values.packaging_id),
        packaging_level: packagingLevel,
      }),
    );
    const fieldMessage = change.ok ? undefined : change.fields.packaging_id;
    if (fieldMessage) helpers.setFieldError('packaging_id', fieldMessage);
    settle(change, MESSAGES.packagingSaved, fieldMessage ? null : undefined);
  };

  return (
    <Formik
      initialValues={{ packaging_id: line.packaging ? String(line.packaging.packaging_id) : '' }}
      validationSchema={packagingSchema}
      validateOnBlur={false}
      onSubmit={save}
    >
      {({ isSubmitting, resetForm }) => {
        const removePackaging = async () => {
          const request = async () => cartChangeOf(await giftOptionsApi.removePackaging(line.id));
          if (await remove(request, PACKAGING_REMOVED)) resetForm({ values: { packaging_id: '' } });
        };
        return (
          <Form className={formStyles.form} noValidate aria-label="Packaging">
            <ul className={styles.options} aria-label="Packaging options">
              {options.map((option) => (
                <li key={option.id} className={styles.option}>
                  <img
                    {...responsiveImage(option.packaging.image, { fixed: 96 })}
                    alt={option.packaging.title}
                    decoding="async"
                  />
                  <span className={styles.optionTitle}>{option.packaging.title}</span>
                  <span className={styles.optionPrice}>
                    {packagingPrice(option.price, packagingLevel, currency)}
                  </span>
                </li>
              ))}
            </ul>
            <SelectField
              name="packaging_id"
              label="Select an Option"
              placeholder="Choose a packaging"
              options={options.map((option) => ({
                value: String(option.packaging_id),
                label: `${option.packaging.title} (${packagingPrice(option.price, packagingLevel, currency)})`,
              }))}
            />
            <GiftFormActions
              feedback={feedback}
              busy={isSubmitting || removing}
              removeLabel="Remove packaging"
              onRemove={line.packaging !== null ? removePackaging : undefined}
            />
          </Form>
        );
      }}
    </Formik>
  );
}
