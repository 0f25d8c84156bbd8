import { bus, saveCurrencyCode, useBusState } from '@shop/shared';
import type { ReactNode } from 'react';
import styles from './Header.module.css';

/** Shown only when more than one currency exists; the shell owns the selected currency. */
export function CurrencySelector(): ReactNode {
  const startup = useBusState('startup');
  const currency = useBusState('currency');
  const list = startup?.currencies.list ?? {};
  const codes = Object.keys(list);
  if (codes.length < 2) return null;
  return (
    <label className={styles.currency}>
      <span className="visually-hidden">Currency</span>
      <select
        value={currency?.code ?? startup?.currencies.default}
        onChange={(event) => {
          const next = list[event.target.value];
          if (!next) return;
          saveCurrencyCode(next.code);
          bus.publish('currency', next);
        }}
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
