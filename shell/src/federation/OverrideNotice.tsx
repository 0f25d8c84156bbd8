import type { ReactNode } from 'react';
import styles from './OverrideNotice.module.css';

/**
 * Visiting `/?remote-override=clear` makes the server drop the signed override cookie (backend
 * remotes module). A GET form builds that address: it works before any script and needs none.
 */
const CLEAR_PARAMETER = 'remote-override';
const CLEAR_VALUE = 'clear';

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
        <input type="hidden" name={CLEAR_PARAMETER} value={CLEAR_VALUE} />
        <button type="submit" className={styles.clear}>
          Clear override
        </button>
      </form>
    </div>
  );
}
