import type { ReactNode } from 'react';
import { useId } from 'react';
import { ImageField } from '../../app/ImageField';
import { type MediaRow, moved, rowKey } from './productDraft';
import styles from './products.module.css';
import { PRODUCT_TEXTS } from './productTexts';

/**
 * The product's pictures and videos in their order (the first picture is the card's): a picture
 * row uploads through ImageField, a video row takes an http(s) address; each row moves up or down
 * with buttons (no dragging needed) and can be removed.
 */
export function MediaRows({
  rows,
  onChange,
  problem,
}: {
  rows: MediaRow[];
  onChange: (rows: MediaRow[]) => void;
  problem: ReactNode;
}): ReactNode {
  const id = useId();
  const replace = (row: MediaRow) => onChange(rows.map((other) => (other.key === row.key ? row : other)));
  return (
    <fieldset className={styles.fieldset}>
      <legend>Pictures and videos</legend>
      {rows.length === 0 ? <p className={styles.hint}>{PRODUCT_TEXTS.noPictures}</p> : null}
      <ol className={styles.list}>
        {rows.map((row, index) => {
          const n = index + 1;
          const name = row.kind === 'video' ? `Video ${n}` : `Picture ${n}`;
          return (
            <li key={row.key} className={styles.row} data-testid="media-row">
              {row.kind === 'image' ? (
                <ImageField label={name} value={row.image} onChange={(image) => replace({ ...row, image })} />
              ) : row.kind === 'video' ? (
                <div className={styles.field}>
                  <label htmlFor={`${id}-${row.key}`}>{`${name} address`}</label>
                  <input
                    id={`${id}-${row.key}`}
                    type="url"
                    inputMode="url"
                    maxLength={500}
                    placeholder="https://www.youtube.com/embed/…"
                    value={row.url}
                    onChange={(event) => replace({ ...row, url: event.target.value })}
                  />
                </div>
              ) : (
                <div className={styles.field}>
                  <img src={row.url} alt={`${name}: ${PRODUCT_TEXTS.drawing}`} className={styles.drawing} />
                  <span className={styles.hint}>{PRODUCT_TEXTS.drawing}</span>
                </div>
              )}
              <div className={styles.rowActions}>
                <button
                  type="button"
                  aria-label={`Move ${name.toLowerCase()} up`}
                  disabled={index === 0}
                  onClick={() => onChange(moved(rows, index, -1))}
                >
                  Up
                </button>
                <button
                  type="button"
                  aria-label={`Move ${name.toLowerCase()} down`}
                  disabled={index === rows.length - 1}
                  onClick={() => onChange(moved(rows, index, 1))}
                >
                  Down
                </button>
                <button
                  type="button"
                  aria-label={`Remove ${name.toLowerCase()}`}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {problem}
      <div className={styles.actions}>
        <button
          type="button"
          onClick={() => onChange([...rows, { key: rowKey(), kind: 'image', image: null }])}
        >
          Add a picture
        </button>
        <button type="button" onClick={() => onChange([...rows, { key: rowKey(), kind: 'video', url: '' }])}>
          Add a video
        </button>
      </div>
    </fieldset>
  );
}
