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
    </div>
  );
}
