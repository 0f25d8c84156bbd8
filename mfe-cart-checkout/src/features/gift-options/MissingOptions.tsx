import { MESSAGES } from '@shop/contract/validation/messages';
import type { ReactNode } from 'react';
import styles from './gift-options.module.css';

/** Spec 001 §8: what a dialog shows when the product's options failed to load or there are none. */
export function MissingOptions(): ReactNode {
  return (
    <div role="alert" className={styles.panel}>
      <h3>{MESSAGES.optionsMissingTitle}</h3>
      <p>{MESSAGES.optionsMissingText}</p>
    </div>
  );
}
