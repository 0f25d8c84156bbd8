import { type RefObject, useEffect, useRef } from 'react';

/**
 * Focus moves to a note ("Sent.", "The order is dispatched.") each time it appears or its text
 * changes: the button that was pressed may be gone, and focus must not drop to the page's body.
 * Give the note `tabIndex={-1}` and the returned ref.
 */
export function useFocusWhenShown<Element extends HTMLElement>(
  shown: string | boolean | object | null | undefined,
): RefObject<Element | null> {
  const note = useRef<Element>(null);
  useEffect(() => {
    if (shown) note.current?.focus();
  }, [shown]);
  return note;
}
