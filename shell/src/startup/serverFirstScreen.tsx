/**
 * The take-over of the first screen the server rendered (backend/src/delivery/firstScreen.ts):
 * its markup stays on screen until the page's remote has mounted, so nothing blanks or moves.
 *
 * React's first commit replaces everything in #root, the server's <main> with it. So before
 * rendering, `takeServerFirstScreen` holds on to that <main>'s nodes, and the page
 * slot's loading state (`useServerFirstScreen`) puts those very nodes back into the Layout's
 * <main>, in the same frame as that commit (a layout effect runs before the browser paints): the
 * pictures already loaded are the same elements, never reloaded or decoded again. Once the
 * remote has mounted in their place (the slot's Suspense resolved), they are dropped: the
 * remote's first render has the same content, from the answers the server inlined.
 *
 * Only for the address the server rendered: after a navigation the slot shows its skeleton.
 */
import { useLocation } from '@shop/shared/router';
import { type ReactNode, useLayoutEffect, useRef } from 'react';

/** The id the server gives its <main> (FIRST_SCREEN_ID in backend/src/delivery/firstScreen.ts). */
export const FIRST_SCREEN_ID = 'first-screen';

/** What the server painted, and at which address (path and query). */
let taken: { address: string; nodes: Node[] } | null = null;

/**
 * Holds on to the server's first screen before React's first render. The nodes stay where they
 * are (on screen) until that render commits, which moves them into the page slot.
 */
export function takeServerFirstScreen(): void {
  const main = document.getElementById(FIRST_SCREEN_ID);
  const { pathname, search } = window.location;
  taken = main ? { address: pathname + search, nodes: [...main.childNodes] } : null;
}

/** The server's first screen as the page slot's loading state, or undefined for the slot's own. */
export function useServerFirstScreen(): ReactNode | undefined {
  const { pathname, search } = useLocation();
  if (!taken || taken.address !== pathname + search) return undefined;
  return <ServerMarkup nodes={taken.nodes} />;
}

function ServerMarkup({ nodes }: { nodes: Node[] }): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    box.current?.append(...nodes);
    // Unmounted when the remote has taken its place: the markup is not shown again.
    return () => {
      taken = null;
    };
  }, [nodes]);
  return <div ref={box} data-first-screen="server" />;
}
