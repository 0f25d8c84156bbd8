import type { ReactNode } from 'react';
import styles from './PageSetupFailed.module.css';

export function PageSetupFailed(): ReactNode {
  return (
    <main className={styles.page} role="alert">
      <h1>PAGE SETUP FAILED</h1>
      <p className={styles.lead}>Uh-oh, something went wrong</p>
      <p>Kindly reload the page after sometime</p>
    </main>
  );
}
