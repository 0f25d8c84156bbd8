import { responsiveImage } from '@shop/contract/media';
import {
  bus,
  type CartItem,
  RemoteSlot,
  SHOP_NAME,
  useBusState,
  useDocumentTitle,
  useTimeouts,
} from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type TabSpec, Tabs } from '@shop/shared/tabs';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FEEDBACK_MS } from '../../constants';
import { ChatCheckout } from '../checkout/ChatCheckout';
import { CustomizationDialog } from '../gift-options/CustomizationDialog';
import { PackagingDialog } from '../gift-options/PackagingDialog';
import { CartNotLoaded } from './CartNotLoaded';
import styles from './cart.module.css';
import { fetchCart, lineErrorCleared, removeItem, updateQuantity } from './cartSlice';
import { useCartDispatch, useCartSelector } from './hooks';
import { cartMoney } from './money';
import { stockProblemText } from './summary';

export const NON_REFUNDABLE_NOTICE = 'Customization cost is non-refundable.';

/**
 * /cart: the lines with their gift options and costs, the sub-total, and the way on. A signed-in
 * member goes on with 'Place Order'; the guest checkout panel belongs to checkout.
 */
export function CartPage(): ReactNode {
  const { cart, status } = useCartSelector((state) => state.cart);
  const dispatch = useCartDispatch();
  useDocumentTitle('Shopping Cart');
  useEffect(() => {
    void dispatch(fetchCart());
  }, [dispatch]);

  if (!cart) return <CartNotLoaded failed={status === 'failed'} />;
  if (cart.items.length === 0) {
    return (
      <section className={styles.empty} aria-labelledby="cart-title">
        <h1 id="cart-title">Your {SHOP_NAME} shopping cart looks empty</h1>
        <p>What are you waiting for?</p>
        <Link to="/products" className={styles.primary}>
          Start Shopping
        </Link>
      </section>
    );
  }
  const format = (amount: number) => cartMoney(cart, amount);
  const customized = cart.items.some((item) => item.customization);
  return (
    <section aria-labelledby="cart-title" className={styles.page}>
      <h1 id="cart-title">Shopping Cart</h1>
      <ul className={styles.lines}>
        {cart.items.map((item) => (
          <CartLine key={item.id} item={item} format={format} />
        ))}
      </ul>
      {customized ? <p className={styles.notice}>{NON_REFUNDABLE_NOTICE}</p> : null}
      <div className={styles.summary}>
        <p className={styles.subTotal}>
          Sub-total: <strong data-testid="cart-subtotal">{format(cart.invoice.subTotal)}</strong>
        </p>
        <PlaceOrder blocked={cart.items.some((item) => item.stock_problem)} />
        <ChatCheckout />
      </div>
      <CheckoutChoice />
    </section>
  );
}

/**
 * Spec 001 §2.2: a signed-in shopper (a member, or a guest who signed up at checkout) goes on with
 * 'Place Order'; anyone else chooses between 'Guest Checkout' (the auth remote's panel) and
 * 'Sign In / Sign Up' below.
 */
function PlaceOrder({ blocked }: { blocked: boolean }): ReactNode {
  const { user } = useBusState('session');
  if (!user) return null;
  if (blocked) {
    return <p className={styles.problem}>Fix the flagged items above to place your order.</p>;
  }
  return (
    <Link to="/checkout" className={styles.primary}>
      Place Order
    </Link>
  );
}

const CHECKOUT_TABS: readonly TabSpec[] = [
  {
    key: 'guest',
    label: 'Guest Checkout',
    content: <RemoteSlot module="auth/GuestCheckoutPanel" />,
  },
  {
    key: 'account',
    label: 'Sign In / Sign Up',
    content: (
      <div className={styles.accountChoice}>
        <p>Sign in to check out with your saved addresses and follow your order in your account.</p>
        <button
          type="button"
          className={styles.primaryButton}
          onClick={() => void bus.request('ui.openSignIn')}
        >
          Sign in
        </button>{' '}
        <button type="button" className={styles.link} onClick={() => void bus.request('ui.openSignUp')}>
          New customer? Start here
        </button>
      </div>
    ),
  },
];

function CheckoutChoice(): ReactNode {
  const { user } = useBusState('session');
  // A guest who signs up in the panel keeps it on screen: it says so and moves on to /checkout.
  const anonymousAtFirst = useRef(user === null);
  if (user && !(user.type === 'Guest' && anonymousAtFirst.current)) return null;
  return (
    <section className={styles.checkoutChoice} aria-label="How to check out">
      <Tabs label="How to check out" tabs={CHECKOUT_TABS} />
    </section>
  );
}

type OpenDialog = 'customization' | 'packaging' | null;

function CartLine({ item, format }: { item: CartItem; format: (amount: number) => string }): ReactNode {
  const dispatch = useCartDispatch();
  const pending = useCartSelector((state) => state.cart.pendingItemId === item.id);
  const error = useCartSelector((state) =>
    state.cart.lineError?.itemId === item.id ? state.cart.lineError.message : null,
  );
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const later = useTimeouts();
  useEffect(() => {
    if (error) later(() => dispatch(lineErrorCleared()), FEEDBACK_MS);
  }, [error, later, dispatch]);
  const { product } = item;
  const titleId = `cart-line-${item.id}`;
  return (
    <li
      className={item.stock_problem ? `${styles.line} ${styles.flagged}` : styles.line}
      data-testid="cart-line"
    >
      <img {...responsiveImage(product.image, { fixed: 96 })} alt="" decoding="async" />
      <div className={styles.lineInfo}>
        <Link to={`/product/${product.slug}`} id={titleId}>
          {product.title}
        </Link>
        <span>
          <span className="visually-hidden">Unit price: </span>
          {format(item.price)}
        </span>
        {item.stock_problem ? (
          <span className={styles.problem} data-testid="stock-problem">
            {stockProblemText(item.stock_problem)}
          </span>
        ) : null}
      </div>
      <fieldset className={styles.quantity}>
        <legend className="visually-hidden">Quantity of {product.title}</legend>
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={pending || item.quantity <= 1}
          onClick={() => dispatch(updateQuantity({ itemId: item.id, quantity: item.quantity - 1 }))}
        >
          −
        </button>
        <output aria-live="polite" data-testid="cart-quantity">
          {item.quantity}
        </output>
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={pending}
          onClick={() => dispatch(updateQuantity({ itemId: item.id, quantity: item.quantity + 1 }))}
        >
          +
        </button>
      </fieldset>
      <strong data-testid="line-total" className={styles.lineTotal}>
        <span className="visually-hidden">Line total: </span>
        {format(item.total)}
      </strong>
      <button
        type="button"
        className={`${styles.link} ${styles.remove}`}
        disabled={pending}
        onClick={() => dispatch(removeItem(item.id))}
      >
        Remove<span className="visually-hidden">: {product.title}</span>
      </button>
      {error ? (
        <p role="alert" className={styles.lineError}>
          {error}
        </p>
      ) : null}
      <GiftOptions item={item} format={format} onOpen={setDialog} />
      {dialog === 'customization' ? (
        <CustomizationDialog item={item} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'packaging' ? <PackagingDialog item={item} onClose={() => setDialog(null)} /> : null}
    </li>
  );
}

/** A line's customization and packaging, their costs, and the buttons that change them. */
function GiftOptions({
  item,
  format,
  onOpen,
}: {
  item: CartItem;
  format: (amount: number) => string;
  onOpen: (dialog: OpenDialog) => void;
}): ReactNode {
  const { product, customization, packaging } = item;
  if (!product.is_customizable && !product.has_packaging && !customization && !packaging) return null;
  return (
    <div className={styles.giftOptions}>
      {product.is_customizable || customization ? (
        <div className={styles.giftOption} data-testid="line-customization">
          {customization ? (
            <>
              <span>
                Customization: <strong>{format(item.customization_price)}</strong>
              </span>
              <CustomizationSummary customization={customization} />
            </>
          ) : null}
          {product.is_customizable ? (
            <button type="button" className={styles.link} onClick={() => onOpen('customization')}>
              {customization ? 'Edit customization' : 'Customize'}
              <span className="visually-hidden">: {product.title}</span>
            </button>
          ) : null}
        </div>
      ) : null}
      {product.has_packaging || packaging ? (
        <div className={styles.giftOption} data-testid="line-packaging">
          {packaging ? (
            <span>
              Packaging: {packaging.title} <strong>{format(item.packaging_price)}</strong>
            </span>
          ) : null}
          {product.has_packaging ? (
            <>
              <button type="button" className={styles.link} onClick={() => onOpen('packaging')}>
                {packaging ? 'Change packaging' : 'Add packaging'}
                <span className="visually-hidden">: {product.title}</span>
              </button>
              <Link to={`/packaging/${item.id}`} className={styles.small}>
                All packaging options
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function CustomizationSummary({
  customization,
}: {
  customization: NonNullable<CartItem['customization']>;
}): ReactNode {
  const parts: [string, string | null][] = [
    ['Logo', customization.hasLogo ? 'uploaded' : null],
    ['To', customization.toWhom],
    ['From', customization.from],
    ['Note', customization.note],
    ['Brief', customization.brief],
  ];
  return (
    <dl className={styles.customization}>
      {parts
        .filter((part): part is [string, string] => part[1] !== null && part[1] !== '')
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
