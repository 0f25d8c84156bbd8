import { bus, type CommandName, useBodyScrollLock, useBusState, useDismiss } from '@shop/shared';
import { Link, useLocation } from '@shop/shared/router';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { WISHLIST_SIGNED_OUT_MESSAGE } from '../../constants';
import { useCartSelector } from '../cart/hooks';
import styles from './wishlist.module.css';
import { wishlistOwnerOf } from './wishlistApi';

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
  const panel = useRef<HTMLDivElement>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const location = useLocation();
  useBodyScrollLock(open);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrap);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => setOpen(false), [location.pathname]);

  const openAuth = (command: 'ui.openSignIn' | 'ui.openSignUp') => {
    setOpen(false);
    ask(command);
  };

  return (
    <span className={styles.buttonWrap} ref={wrap}>
      <button
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls="wishlist-overlay"
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            d="M12 20s-7-4.4-9-8.6C1.6 8.4 3.6 5 7 5c2 0 3.5 1.2 5 3 1.5-1.8 3-3 5-3 3.4 0 5.4 3.4 4 6.4-2 4.2-9 8.6-9 8.6z"
          />
        </svg>{' '}
        <span className={styles.label}>Wishlist</span>{' '}
        <span className={styles.count} data-testid="wishlist-count">
          {productIds.length}
        </span>
        <span className="visually-hidden"> items</span>
      </button>
      {open ? (
        <div
          id="wishlist-overlay"
          ref={panel}
          className={styles.overlay}
          role="dialog"
          aria-label="Wishlist summary"
          tabIndex={-1}
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
        </div>
      ) : null}
    </span>
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
          <img src={item.product.image} alt="" width={40} height={40} />
          <Link to={`/product/${item.product.slug}`} onClick={onNavigate}>
            {item.product.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}
