import { RemoteSlot } from '@shop/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
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
          <span aria-hidden="true">🎁</span> Gift Shop
        </Link>
        <div className={styles.siteMap}>
          <RemoteSlot module="catalog/SiteMapMenu" />
        </div>
        <div className={styles.search}>
          <RemoteSlot module="catalog/SearchBox" />
        </div>
        <nav className={styles.actions} aria-label="Account and cart">
          <CurrencySelector />
          <RemoteSlot module="auth/UserMenu" />
          <RemoteSlot module="cart_checkout/CartButton" />
        </nav>
      </div>
    </header>
  );
}
