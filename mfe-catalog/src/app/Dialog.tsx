import { FOCUSABLE, keepTabInside, useBodyScrollLock, useInertOutside } from '@shop/shared';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import styles from './dialog.module.css';

/**
 * A modal dialog: focus moves in when it opens, Tab cycles inside it, Escape or the close button
 * closes it, and focus returns to whatever opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}): ReactNode {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const backdrop = useRef<HTMLDivElement>(null);
  useBodyScrollLock(true);
  useInertOutside(backdrop, true);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (panel.current) keepTabInside(event, panel.current);
  };

  return (
    <div className={styles.backdrop} ref={backdrop}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={styles.panel}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
            ×
          </button>
        </div>
        {children}
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
