import { MESSAGES } from '@shop/contract/validation/messages';
import type { ReactNode } from 'react';
import styles from './errorPanel.module.css';

export interface ErrorPanelProps {
  /** The shopper's Retry (the read's `retry`/`refetch`); without it the panel has no button. */
  onRetry?: () => void;
}

/**
 * What a shopper sees in place of a list or section that failed to load (spec 000 §8, spec 001
 * §8), with a Retry button. One panel per failed read: the section that owns the read shows it.
 */
export function ErrorPanel({ onRetry }: ErrorPanelProps): ReactNode {
  return (
    <div role="alert" className={styles.panel} data-error-panel="">
      <h2 className={styles.title}>{MESSAGES.listFailedTitle}</h2>
      <p>{MESSAGES.listFailedText}</p>
      {onRetry ? (
        <button type="button" className={styles.retry} onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
