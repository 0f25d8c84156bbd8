import { bus, type Cart, useBusState, useDocumentTitle } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { CartNotLoaded } from '../cart/CartNotLoaded';
import { fetchCart } from '../cart/cartSlice';
import { useCartDispatch } from '../cart/hooks';
import { CartTab } from './CartTab';
import { CheckoutTabs } from './CheckoutTabs';
import styles from './checkout.module.css';
import { checkoutOpened, chooseShippingAddress, fetchAddresses } from './checkoutSlice';
import { CHECKOUT_EMPTY, CHECKOUT_SIGNED_OUT, type CheckoutTab } from './constants';
import { useCartCallErrorsClearing, useCheckoutSelector } from './hooks';
import { OrderConfirmation } from './OrderConfirmation';
import { OrderSummary } from './OrderSummary';
import { PaymentMethodTab } from './PaymentMethodTab';
import { ShippingAddressTab } from './ShippingAddressTab';
import { tabBlockedReason } from './tabGate';

/**
 * /checkout (spec 001 §2.3, §4): the cart, shippingAddress and paymentMethod tabs beside the order
 * summary, then the confirmation. The shell does not guard this route: a shopper nobody is signed in
 * as (no token: addresses need one) is asked here to sign in, or to go back to the cart, where the
 * guest checkout panel is.
 */
export function CheckoutPage(): ReactNode {
  const dispatch = useCartDispatch();
  const { user } = useBusState('session');
  const { cart, status } = useCheckoutSelector((state) => state.cart);
  const placedOrder = useCheckoutSelector((state) => state.checkout.placedOrder);
  // The cart as the server has it now, not as an earlier page left it: the automatic choice of the
  // primary address looks at this one.
  const [cartFresh, setCartFresh] = useState(false);
  useCartCallErrorsClearing();

  useDocumentTitle('Checkout');
  useEffect(() => {
    dispatch(checkoutOpened());
    void dispatch(fetchCart()).finally(() => setCartFresh(true));
  }, [dispatch]);

  // The order comes first: a guest is signed out by it and still reads the confirmation.
  if (placedOrder) return <OrderConfirmation order={placedOrder} />;
  if (!user) return <SignedOut />;
  if (!cart) return <CartNotLoaded failed={status === 'failed'} />;
  if (cart.items.length === 0) {
    return (
      <section className={styles.message} aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <p>{CHECKOUT_EMPTY}</p>
        <Link to="/products" className={styles.primaryButton}>
          Start Shopping
        </Link>
      </section>
    );
  }
  return <Checkout cart={cart} cartFresh={cartFresh} token={user.token} />;
}

function SignedOut(): ReactNode {
  const signIn = () =>
    bus
      .request('ui.openSignIn')
      .catch((error: unknown) => console.error('[checkout] no sign-in popup', error));
  return (
    <section className={styles.message} aria-labelledby="checkout-title">
      <h1 id="checkout-title">Checkout</h1>
      <p>{CHECKOUT_SIGNED_OUT}</p>
      <p className={styles.panelActions}>
        <button type="button" className={styles.primaryButton} onClick={signIn}>
          Sign in
        </button>
        <Link to="/cart">Back to cart</Link>
      </p>
    </section>
  );
}

function Checkout({ cart, cartFresh, token }: { cart: Cart; cartFresh: boolean; token: string }): ReactNode {
  const dispatch = useCartDispatch();
  const addresses = useCheckoutSelector((state) => state.checkout.addresses);
  const [addressesFresh, setAddressesFresh] = useState(false);
  const [tab, setTab] = useState<CheckoutTab>('cart');
  // The tab the shopper last tried and could not open: its notice shows while the reason holds,
  // and goes by itself once the shopper did what it asked (chose a method, an address).
  const [refusedTab, setRefusedTab] = useState<CheckoutTab | null>(null);
  const primaryChecked = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new shopper (token) has other addresses
  useEffect(() => {
    setAddressesFresh(false);
    void dispatch(fetchAddresses()).finally(() => setAddressesFresh(true));
  }, [dispatch, token]);

  // Spec 001 §4: "On first load of checkout, if the cart has no address and a primary address
  // exists, the primary is applied to the cart automatically."
  useEffect(() => {
    if (primaryChecked.current || !cartFresh || !addressesFresh || addresses === null) return;
    primaryChecked.current = true;
    const primary = addresses.find((address) => address.is_primary);
    if (!cart.shippingAddress && primary) void dispatch(chooseShippingAddress(primary.id));
  }, [cartFresh, addressesFresh, addresses, cart.shippingAddress, dispatch]);

  const blockedReason = (to: CheckoutTab) => (to === tab ? null : tabBlockedReason(tab, to, cart));
  const notice = refusedTab ? blockedReason(refusedTab) : null;
  const open = (to: CheckoutTab) => {
    const reason = blockedReason(to);
    setRefusedTab(reason ? to : null);
    if (!reason) setTab(to);
  };

  return (
    <div className={styles.layout}>
      <section className={styles.main} aria-labelledby="checkout-title">
        <h1 id="checkout-title">Checkout</h1>
        <CheckoutTabs current={tab} blockedReason={blockedReason} onOpen={open} notice={notice}>
          {tab === 'cart' ? <CartTab cart={cart} onContinue={() => open('shippingAddress')} /> : null}
          {tab === 'shippingAddress' ? <ShippingAddressTab onContinue={() => open('paymentMethod')} /> : null}
          {tab === 'paymentMethod' ? <PaymentMethodTab /> : null}
        </CheckoutTabs>
      </section>
      <OrderSummary cart={cart} />
    </div>
  );
}
