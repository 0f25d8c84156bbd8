import { RemoteSlot } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect, useState } from 'react';
import { CurrencySelector } from './CurrencySelector';
import { STICKY_HEADER_AFTER_PX } from './constants';
import styles from './Header.module.css';

export function Header(): ReactNode {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY > STICKY_HEADER_AFTER_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <header className={sticky ? `${styles.header} ${styles.sticky}` : styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label="Gift Shop home">
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" className={styles.logoIcon}>
            <path fill="#f0a500" d="M3 10h18v4H3zM4 14h16v8H4z" />
            <path fill="#2d1646" d="M11 10h2v12h-2z" />
            <path fill="none" stroke="#f0a500" strokeWidth="2" d="M12 10C9 4 5 6 7 9m5 1c3-6 7-4 5-1" />
          </svg>{' '}
          <span className={styles.logoText}>Gift Shop</span>
        </Link>
        <div className={styles.siteMap}>
          <RemoteSlot module="catalog/SiteMapMenu" />
        </div>
        <div className={styles.search}>
          <RemoteSlot module="catalog/SearchBox" />
        </div>
        <div className={styles.currencyCell}>
          <CurrencySelector />
        </div>
        <nav className={styles.actions} aria-label="Account and cart">
          <RemoteSlot module="auth/UserMenu" />
          <RemoteSlot module="cart_checkout/WishlistButton" />
          <RemoteSlot module="cart_checkout/CartButton" />
        </nav>
      </div>
    </header>
  );
}
