import { responsiveImage } from '@shop/contract/media';
import { bus, type CommandName, useBusState } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useState } from 'react';
import { HeaderOverlayButton } from '../../app/HeaderOverlayButton';
import { WISHLIST_SIGNED_OUT_MESSAGE } from '../../constants';
import { useCartSelector } from '../cart/hooks';
import styles from './wishlist.module.css';
import { wishlistOwnerOf } from './wishlistApi';

const HEART_ICON = (
  <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
    <path
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      d="M12 20s-7-4.4-9-8.6C1.6 8.4 3.6 5 7 5c2 0 3.5 1.2 5 3 1.5-1.8 3-3 5-3 3.4 0 5.4 3.4 4 6.4-2 4.2-9 8.6-9 8.6z"
    />
  </svg>
);

/** How many of the newest wishlist items the overlay names. */
const OVERLAY_ITEMS = 3;

function ask(command: Extract<CommandName, 'ui.openSignIn' | 'ui.openSignUp'>): void {
  bus.request(command).catch((error: unknown) => console.error(`[wishlist] ${command} failed`, error));
}

/**
 * Header wishlist button and its overlay (spec 000 §2): a wishlist owner sees the count, the
 * newest items and 'Go To Wishlist'; anyone else is asked to sign in or sign up.
 */
export function WishlistButton(): ReactNode {
  const session = useBusState('session');
  const { productIds } = useBusState('wishlist');
  const owner = wishlistOwnerOf(session);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const openAuth = (command: 'ui.openSignIn' | 'ui.openSignUp') => {
    setOpen(false);
    ask(command);
  };
  return (
    <HeaderOverlayButton
      label="Wishlist"
      icon={HEART_ICON}
      count={productIds.length}
      countTestId="wishlist-count"
      overlayId="wishlist-overlay"
      overlayLabel="Wishlist summary"
      open={open}
      onOpenChange={setOpen}
    >
      {owner ? (
        <WishlistSummary onNavigate={close} />
      ) : (
        <>
          <p>{WISHLIST_SIGNED_OUT_MESSAGE}</p>
          <button type="button" className={styles.primary} onClick={() => openAuth('ui.openSignIn')}>
            Sign in
          </button>
          <button type="button" className={styles.link} onClick={() => openAuth('ui.openSignUp')}>
            New customer? Start here
          </button>
        </>
      )}
    </HeaderOverlayButton>
  );
}

function WishlistSummary({ onNavigate }: { onNavigate: () => void }): ReactNode {
  const { productIds } = useBusState('wishlist');
  return (
    <>
      <p>{productIds.length} item(s) in your wishlist</p>
      <WishlistNewest onNavigate={onNavigate} />
      <Link to="/wishlist" className={styles.primary} onClick={onNavigate}>
        Go To Wishlist
      </Link>
    </>
  );
}

function WishlistNewest({ onNavigate }: { onNavigate: () => void }): ReactNode {
  const items = useCartSelector((state) => state.wishlist.items) ?? [];
  if (items.length === 0) return null;
  return (
    <ul className={styles.newest}>
      {items.slice(0, OVERLAY_ITEMS).map((item) => (
        <li key={item.id}>
          <img {...responsiveImage(item.product.image, { fixed: 40 })} alt="" decoding="async" />
          <Link to={`/product/${item.product.slug}`} onClick={onNavigate}>
            {item.product.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
