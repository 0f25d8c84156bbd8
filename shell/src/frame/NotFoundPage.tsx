import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './NotFoundPage.module.css';

export function NotFoundPage(): ReactNode {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/">Go to the homepage</Link>
    </section>
  );
}
