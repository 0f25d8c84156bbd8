import { keepTabInside, useBodyScrollLock, useInertOutside } from '@shop/shared';
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './dialog.module.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  /** Static dialogs (the sign-in popup) ignore the backdrop and Escape; only Close closes them. */
  isStatic?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/**
 * A modal popup: focus moves in on open, Tab stays inside, focus returns to where it was on
 * close, and the page behind does not scroll (spec: body scroll is locked while overlays are open).
 */
export function Dialog({ title, onClose, isStatic = false, wide = false, children }: DialogProps): ReactNode {
  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useBodyScrollLock(true);
  useInertOutside(backdrop, true);

  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const firstField = node?.querySelector<HTMLElement>('input, select, textarea');
    (firstField ?? node)?.focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!isStatic) onClose();
      return;
    }
    if (panel.current) keepTabInside(event, panel.current);
  };

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (!isStatic && event.target === event.currentTarget) onClose();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a mouse shortcut; Escape and Close serve the keyboard
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div className={styles.backdrop} ref={backdrop} onClick={onBackdrop} data-testid="dialog-backdrop">
      <div
        ref={panel}
        className={wide ? `${styles.panel} ${styles.wide}` : styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
