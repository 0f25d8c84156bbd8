import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { FOCUSABLE, keepTabInside, useBodyScrollLock, useInertOutside } from '../ui/overlay';
import styles from './dialog.module.css';

export interface DialogProps {
  title: string;
  onClose: () => void;
  /** Static dialogs (the sign-in popup) ignore the backdrop and Escape; only Close closes them. */
  isStatic?: boolean;
  wide?: boolean;
  children: ReactNode;
}

/**
 * A modal popup: focus moves to its first field (or first control) on open, Tab stays inside, the
 * rest of the page is inert and does not scroll (spec: body scroll is locked while overlays are
 * open), and focus returns to whatever opened it on close.
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
    const first =
      node?.querySelector<HTMLElement>('input, select, textarea') ??
      node?.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`);
    (first ?? node)?.focus();
    return () => {
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  // When what had focus leaves the page (a form swaps its button for a success text), focus would
  // fall to <body>, outside the dialog and behind an inert page: it goes back to the dialog, so
  // Tab and Escape keep working.
  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget) return;
      requestAnimationFrame(() => {
        if (document.activeElement === document.body && node.isConnected) node.focus();
      });
    };
    node.addEventListener('focusout', onFocusOut);
    return () => node.removeEventListener('focusout', onFocusOut);
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
        <div data-dialog-body="">{children}</div>
      </div>
    </div>
  );
}

/**
 * A button that opens a dialog. `children` gets the dialog's close function, so a form inside can
 * close it when it is done.
 */
export function DialogButton({
  label,
  title,
  className,
  children,
}: {
  label: string;
  title: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}): ReactNode {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </button>
      {open ? (
        <Dialog title={title} onClose={close}>
          {children(close)}
        </Dialog>
      ) : null}
    </>
  );
}
