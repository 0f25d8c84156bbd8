import { responsiveImage } from '@shop/contract/media';
import {
  type CartItem,
  ErrorPanel,
  formatMoney,
  type PackagingKind,
  Skeleton,
  useDocumentTitle,
  useLoaded,
  useTimeouts,
} from '@shop/shared';
import { Link, useNavigate, useParams } from '@shop/shared/router';
import { type ReactNode, useEffect, useState } from 'react';
import { cartReplaced, fetchCart } from '../cart/cartSlice';
import { useCartDispatch, useCartSelector } from '../cart/hooks';
import { FORM_FEEDBACK_MS, USD } from './constants';
import styles from './gift-options.module.css';
import { cartChangeOf, giftOptionsApi, type ProductPackaging } from './giftOptionsApi';
import { packagingPrice } from './packagingPrice';

/**
 * The packaging selection page, /packaging/:id (spec 001 §2.1, §2.5): the shop's kinds of packaging
 * with title, image and a $ price.
 *
 * Decision: the spec does not say what `id` names. It is a line of the shopper's cart, because that
 * is what a packaging is chosen for (cart/add-packaging takes a cart_item_id) and a product id would
 * not say which line of a product that sits in the cart twice. For a line of this cart the page shows
 * its product and a 'Select' button on every kind the product offers, which applies it and goes back
 * to /cart; any other id shows the list with a link back to the cart.
 */
export function PackagingPage(): ReactNode {
  const { id } = useParams();
  const lineId = Number(id);
  const dispatch = useCartDispatch();
  const { cart, status } = useCartSelector((state) => state.cart);

  useDocumentTitle('Gift Packaging');
  // The cart owner fetches the cart when this remote mounts; a page opened on its own asks itself.
  useEffect(() => {
    if (!cart && status === 'idle') void dispatch(fetchCart());
  }, [cart, status, dispatch]);

  const kinds = useLoaded('cart-checkout:packaging-kinds', () => giftOptionsApi.packagingKinds(), {
    maxAgeMs: 0,
  });
  const line = cart?.items.find((candidate) => candidate.id === lineId) ?? null;
  const productId = line?.product.id ?? null;
  const offered = useLoaded(
    productId === null ? null : `cart-checkout:packaging-${productId}`,
    () => giftOptionsApi.productPackaging(productId ?? 0),
    { maxAgeMs: 0 },
  );
  // A cart that cannot be loaded leaves the page as it is for an unknown line: the list.
  const cartKnown = cart !== null || status === 'failed';

  // One panel for whichever read failed; its Retry asks the failed one(s) again.
  if (kinds.status === 'failed' || offered.status === 'failed') {
    const retry = () => {
      if (kinds.status === 'failed') kinds.retry();
      if (offered.status === 'failed') offered.retry();
    };
    return <ErrorPanel onRetry={retry} />;
  }
  if (kinds.status !== 'ready' || !cartKnown || offered.status === 'loading') {
    return <Skeleton shape="cards" label="Loading gift packaging" />;
  }
  return (
    <section aria-labelledby="packaging-title" className={styles.page}>
      <h1 id="packaging-title">Gift Packaging</h1>
      {line ? (
        <div className={styles.forLine}>
          <img {...responsiveImage(line.product.image, { fixed: 64 })} alt="" decoding="async" />
          <p>
            Choose the packaging for <strong>{line.product.title}</strong> ({line.quantity}{' '}
            {line.quantity === 1 ? 'piece' : 'pieces'}).
          </p>
        </div>
      ) : (
        <p>This item is not in your cart. Choose packaging for an item from your cart.</p>
      )}
      <ul className={styles.kinds}>
        {kinds.data.items.map((kind) => (
          <KindCard
            key={kind.id}
            kind={kind}
            line={line}
            packaging={offered.status === 'ready' ? offered.data : null}
          />
        ))}
      </ul>
      <Link to="/cart" className={styles.back}>
        Back to cart
      </Link>
    </section>
  );
}

function KindCard({
  kind,
  line,
  packaging,
}: {
  kind: PackagingKind;
  line: CartItem | null;
  /** The line's product's options; null without a line. */
  packaging: ProductPackaging | null;
}): ReactNode {
  const dispatch = useCartDispatch();
  const navigate = useNavigate();
  const later = useTimeouts();
  const currency = useCartSelector((state) => state.cart.cart?.selectedCurrency) ?? USD;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const option = packaging?.options.find((candidate) => candidate.packaging_id === kind.id) ?? null;

  const select = async () => {
    if (!line) return;
    setBusy(true);
    setError(null);
    const change = cartChangeOf(
      await giftOptionsApi.addPackaging({
        cart_item_id: line.id,
        packaging_id: kind.id,
        packaging_level: packaging?.packagingLevel ?? null,
      }),
    );
    setBusy(false);
    if (change.ok) {
      // The page is left at once, so the answered cart is applied now rather than after 5 s.
      dispatch(cartReplaced(change.cart));
      navigate('/cart');
      return;
    }
    setError(change.fields.packaging_id ?? change.message);
    later(() => setError(null), FORM_FEEDBACK_MS);
  };

  return (
    <li className={styles.kind}>
      <img {...responsiveImage(kind.image, { fixed: 160 })} alt={kind.title} decoding="async" />
      <h2 className={styles.kindTitle}>{kind.title}</h2>
      <p className={styles.kindPrice}>{formatMoney(kind.price, USD)}</p>
      {!line ? null : option ? (
        <>
          <p className={styles.hint}>
            For this item: {packagingPrice(option.price, packaging?.packagingLevel ?? null, currency)}
          </p>
          {line.packaging?.packaging_id === kind.id ? (
            <p className={styles.current}>Your current choice</p>
          ) : (
            <button type="button" className={styles.select} disabled={busy} onClick={select}>
              Select<span className="visually-hidden"> {kind.title}</span>
            </button>
          )}
          {error ? (
            <p role="alert" className={styles.error}>
              {error}
            </p>
          ) : null}
        </>
      ) : (
        <p className={styles.unavailable}>Not available for this item</p>
      )}
    </li>
  );
}
