/**
 * What every overlay and modal of every remote does the same way (spec 000 §2: body scroll is
 * locked while overlays are open). In @shop/shared because it is a singleton: the lock count is
 * one for the whole page, whichever remotes' overlays are open at once.
 */
import { type RefObject, useEffect } from 'react';

let locks = 0;
let savedOverflow = '';

/** Locks the page's scroll while `active`; nested overlays (from any remote) are counted. */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    if (locks === 0) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0) document.body.style.overflow = savedOverflow;
    };
  }, [active]);
}

/**
 * Makes everything outside `ref`'s element `inert` while `active` (a modal: the page behind
 * can be neither clicked, focused nor read by assistive technology; aria-modal alone is only a
 * hint). Walks from the element up to <body>, marking the siblings at every level, and gives
 * back exactly what it took on close, so nested modals unwind in order.
 */
export function useInertOutside(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    const marked: HTMLElement[] = [];
    for (let child: HTMLElement = node; child.parentElement; child = child.parentElement) {
      for (const sibling of child.parentElement.children) {
        if (sibling !== child && sibling instanceof HTMLElement && !sibling.hasAttribute('inert')) {
          sibling.setAttribute('inert', '');
          marked.push(sibling);
        }
      }
      if (child.parentElement === document.body) break;
    }
    return () => {
      for (const sibling of marked) sibling.removeAttribute('inert');
    };
  }, [ref, active]);
}

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab and Shift+Tab inside `container` (a modal's focus trap). */
export function keepTabInside(
  event: { key: string; shiftKey: boolean; preventDefault(): void },
  container: HTMLElement,
): void {
  if (event.key !== 'Tab') return;
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Closes a popover or menu while it is open: on Escape (focus then goes back to `returnFocus`,
 * the control that opened it) and on a press outside `within`. One copy for every header
 * fragment of every remote.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  within: RefObject<HTMLElement | null>,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      returnFocus?.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !within.current?.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, within, returnFocus]);
}
