import { messagingAppUrl, useBusState } from '@shop/shared';
import type { ReactNode } from 'react';
import styles from './ChatButton.module.css';

/** Floating chat button on every page: the messaging app, with the configured phone. */
export function ChatButton(): ReactNode {
  const startup = useBusState('startup');
  const href = startup ? messagingAppUrl(startup.config.phone) : null;
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.chat}>
      <span className={styles.label}>Chat with us on WhatsApp (opens in a new tab)</span>
      <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24">
        <path
          fill="currentColor"
          d="M12 3C6.5 3 2 6.9 2 11.7c0 2.6 1.3 4.9 3.4 6.5L4.6 22l4.3-2.2c1 .3 2 .4 3.1.4 5.5 0 10-3.9 10-8.5S17.5 3 12 3z"
        />
      </svg>
    </a>
  );
}
