import type { ReactNode } from 'react';
import { useFocusWhenShown } from './useFocusWhenShown';

/**
 * What the last change did ("The reply is sent.", "The order is dispatched."): read out, and
 * focused each time it appears or its text changes, since the button pressed may be gone and focus
 * must not drop to the page's body. Nothing when `note` is null.
 */
export function DoneNote({ note, className }: { note: string | null; className?: string }): ReactNode {
  const focused = useFocusWhenShown<HTMLParagraphElement>(note);
  if (!note) return null;
  return (
    <p role="status" tabIndex={-1} ref={focused} className={className}>
      {note}
    </p>
  );
}
