import type { ReactNode } from 'react';
import styles from './products.module.css';

/** What a shopper sees when a list fails to load (spec 000, section 8). */
export function ListError(): ReactNode {
  return (
    <div role="alert" className={styles.listError}>
      <h2>OOPS! something went wrong!</h2>
      <p>Please check your internet connection or refresh the page.</p>
    </div>
  );
}
