import { RemoteSlot } from '@shop/shared';
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';
import { ScrollToTop } from './ScrollToTop';
import { Toasts } from './Toasts';

export function Layout({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className={styles.frame} data-boundary="shell">
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <Header />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <Footer />
      <Toasts />
      {/* auth's popups (sign-in, sign-up, wishlist e-mail) and the handlers of its bus commands. */}
      <RemoteSlot module="auth/AuthModals" />
    </div>
  );
}
