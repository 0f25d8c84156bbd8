import { REMOTE_OVERRIDE_CLEAR, REMOTE_OVERRIDE_QUERY } from '@shop/contract/schemas/remoteValues';
import type { ReactNode } from 'react';
import styles from './OverrideNotice.module.css';

/**
 * Tells a developer that this browser loads a remote from their own build (a signed override,
 * channel 'override' in the registry), the way import-map-overrides shows its badge, with the
 * one action that ends it.
 */
export function OverrideNotice({ overrides }: { overrides: { remote: string; entry: string }[] }): ReactNode {
  if (overrides.length === 0) return null;
  return (
    <div role="status" className={styles.notice}>
      <ul className={styles.list}>
        {overrides.map(({ remote, entry }) => (
          <li key={remote}>
            Remote override active: {remote} → <span className={styles.entry}>{entry}</span>
          </li>
        ))}
      </ul>
      <form action="/" method="get">
        {/* `/?remote-override=clear` makes the server drop the override cookies (backend remotes
            module). A GET form builds that address: it works before any script and needs none. */}
        <input type="hidden" name={REMOTE_OVERRIDE_QUERY} value={REMOTE_OVERRIDE_CLEAR} />
        <button type="submit" className={styles.clear}>
          Clear override
        </button>
      </form>
    </div>
  );
}
