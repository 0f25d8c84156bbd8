import { guestCheckoutSchema } from '@shop/contract/validation';
import { bus, useBusState, useTimeouts } from '@shop/shared';
import { Dialog } from '@shop/shared/dialog';
import { FormActions, type FormOutcome, formStyles, TextField } from '@shop/shared/form';
import { Form, Formik, type FormikHelpers } from 'formik';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { cartReplaced } from '../cart/cartSlice';
import { useCartDispatch } from '../cart/hooks';
import styles from './checkout.module.css';
import { checkoutApi, failureMessage, type GuestContact } from './checkoutApi';
import { CART_CALL_ERROR_MS, CHAT_CHECKOUT_INTRO, CHAT_CHECKOUT_LABEL, CHAT_EMAIL_EXISTS } from './constants';
import { useCheckoutSelector } from './hooks';
import { emptied, type LastOrder, lastOrderOf, saveLastOrder } from './lastOrder';
import { OrderReceived } from './OrderConfirmation';
import { startChatGuestSession } from './sessionAfterOrder';

const EMPTY: GuestContact = { name: '', email: '', mobile: '' };
const isField = (name: string): name is keyof GuestContact => name in EMPTY;

/**
 * The chat-message checkout (spec 001 §1, §2.2, §7 cart/whatsapp-checkout), for the cart page: a
 * button opening a dialog that asks a shopper who is not signed in for name, e-mail and mobile
 * (guestCheckoutSchema), and a signed-in one only to confirm. The order is placed, the chat opens in
 * a new tab, and the dialog shows the order number.
 *
 * The emptied cart and the new guest session are applied when the dialog closes (or this leaves the
 * page): applied at once, the cart page would swap its lines for the empty-cart view and take this
 * dialog, and its confirmation, away with them.
 */
export function ChatCheckout(): ReactNode {
  const dispatch = useCartDispatch();
  const cart = useCheckoutSelector((state) => state.cart.cart);
  const [open, setOpen] = useState(false);
  const [placed, setPlaced] = useState<LastOrder | null>(null);
  const held = useRef<(() => void) | null>(null);

  const applyHeld = useCallback(() => {
    const apply = held.current;
    held.current = null;
    apply?.();
  }, []);
  useEffect(() => applyHeld, [applyHeld]);

  const close = () => {
    setOpen(false);
    setPlaced(null);
    applyHeld();
  };

  if (!open && (!cart || cart.items.length === 0)) return null;
  return (
    <>
      <button
        type="button"
        className={styles.chatButton}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {CHAT_CHECKOUT_LABEL}
      </button>
      {open ? (
        <Dialog title={CHAT_CHECKOUT_LABEL} onClose={close}>
          {placed ? (
            <ChatOrderPlaced order={placed} onClose={close} />
          ) : (
            <ChatOrderForm
              onPlaced={(order, apply) => {
                held.current = () => {
                  apply();
                  if (cart) dispatch(cartReplaced(emptied(cart)));
                };
                setPlaced(order);
              }}
              onSignIn={() => {
                close();
                bus
                  .request('ui.openSignIn')
                  .catch((error: unknown) => console.error('[checkout] no sign-in popup', error));
              }}
            />
          )}
        </Dialog>
      ) : null}
    </>
  );
}

function ChatOrderForm({
  onPlaced,
  onSignIn,
}: {
  /** `apply` makes the session change the order brings, once the dialog closes. */
  onPlaced: (order: LastOrder, apply: () => void) => void;
  onSignIn: () => void;
}): ReactNode {
  const { user } = useBusState('session');
  const cart = useCheckoutSelector((state) => state.cart.cart);
  const [feedback, setFeedback] = useState<FormOutcome | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const later = useTimeouts();

  const submit = async (values: GuestContact, helpers: FormikHelpers<GuestContact>) => {
    setFeedback(null);
    setAccountExists(false);
    const contact = user
      ? null
      : { name: values.name.trim(), email: values.email.trim(), mobile: values.mobile.trim() };
    const answer = await checkoutApi.chatCheckout(contact);
    if (answer.status) {
      const { order_id, order, user: guest, chat_url } = answer.data;
      // Opened from the answer, not the click: a popup blocker may stop it, so the confirmation
      // also offers the link.
      window.open(chat_url, '_blank', 'noopener');
      const last = lastOrderOf({ ...order, order_id }, cart, user?.type ?? guest.type, chat_url);
      saveLastOrder(last);
      onPlaced(last, user ? () => undefined : () => startChatGuestSession(guest));
      return;
    }
    // Spec 001 §8: "Existing e-mail at guest checkout: warning that an account exists, recommending login".
    if (answer.httpStatus === 409 && answer.error?.code === 'EMAIL_EXISTS') {
      setAccountExists(true);
      return;
    }
    const atFields = Object.entries(answer.error?.fields ?? {}).filter(([name]) => isField(name));
    for (const [name, message] of atFields) helpers.setFieldError(name, message);
    if (atFields.length > 0) return;
    const failure = { ok: false, message: failureMessage(answer) };
    setFeedback(failure);
    // Spec 001 §4: a failed form returns to its initial state after 5 s.
    later(() => setFeedback((shown) => (shown === failure ? null : shown)), CART_CALL_ERROR_MS);
  };

  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={user ? undefined : guestCheckoutSchema}
      validateOnBlur={false}
      onSubmit={submit}
    >
      {({ isSubmitting }) => (
        <Form className={formStyles.form} noValidate aria-label={CHAT_CHECKOUT_LABEL}>
          <p className={styles.intro}>{CHAT_CHECKOUT_INTRO}</p>
          {user ? null : (
            <>
              <p className={styles.hint}>* Mandatory fields</p>
              <TextField name="name" label="Name *" autoComplete="name" aria-required="true" />
              <TextField
                name="email"
                label="Email address *"
                type="email"
                autoComplete="email"
                aria-required="true"
              />
              <TextField
                name="mobile"
                label="Mobile number *"
                type="tel"
                autoComplete="tel"
                aria-required="true"
              />
            </>
          )}
          {accountExists ? (
            <div role="alert" className={styles.warning}>
              <p>{CHAT_EMAIL_EXISTS}</p>
              <button type="button" className={formStyles.secondary} onClick={onSignIn}>
                Sign in
              </button>
            </div>
          ) : null}
          <FormActions
            feedback={feedback}
            submitLabel={isSubmitting ? 'Placing your order…' : 'Place order and open chat'}
            disabled={isSubmitting}
          />
        </Form>
      )}
    </Formik>
  );
}

/** After the order: the spec's confirmation with the order number (spec 001 §2.2). */
function ChatOrderPlaced({ order, onClose }: { order: LastOrder; onClose: () => void }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  // The form's button had focus and is gone: the confirmation takes it, inside the dialog.
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} role="status" className={styles.chatPlaced}>
      <OrderReceived order={order} />
      <div className={formStyles.actions}>
        <button type="button" className={formStyles.primary} onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
