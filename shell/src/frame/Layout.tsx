import { RemoteSlot } from '@shop/shared';
import type { ReactNode } from 'react';
import { ChatButton } from './ChatButton';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';
import { OfflineNotice } from './OfflineNotice';
import { PromoPopup } from './PromoPopup';
import { ScrollToTop } from './ScrollToTop';
import { Toasts } from './Toasts';
import { TopBar } from './TopBar';
import { usePageViews } from './usePageViews';

export function Layout({ children }: { children: ReactNode }): ReactNode {
  return (
    <div className={styles.frame} data-boundary="shell">
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      <ScrollToTop />
      <PageViews />
      <OfflineNotice />
      <TopBar />
      <Header />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <Footer />
      <Toasts />
      <ChatButton />
      <PromoPopup />
      {/* auth's popups (sign-in, sign-up, wishlist e-mail) and the handlers of its bus commands. */}
      <RemoteSlot module="auth/AuthModals" />
    </div>
  );
}

/** Reports each page view (inside the router: it follows the location). */
function PageViews(): null {
  usePageViews();
  return null;
}
