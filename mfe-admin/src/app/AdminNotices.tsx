import { useDocumentTitle } from '@shop/shared';
import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from './texts';

/** What staff see at the address of an owners-only page they typed or kept as a bookmark. */
export function OwnersOnly(): ReactNode {
  useDocumentTitle(ADMIN_TEXTS.ownersOnlyTitle);
  return (
    <section aria-labelledby="admin-owners-only">
      <h1 id="admin-owners-only">{ADMIN_TEXTS.ownersOnlyTitle}</h1>
      <p>{ADMIN_TEXTS.ownersOnlyText}</p>
    </section>
  );
}

/** An /admin address no page owns. */
export function AdminNotFound(): ReactNode {
  useDocumentTitle(ADMIN_TEXTS.notFoundTitle);
  return (
    <section aria-labelledby="admin-not-found">
      <h1 id="admin-not-found">{ADMIN_TEXTS.notFoundTitle}</h1>
      <p>{ADMIN_TEXTS.notFoundText}</p>
    </section>
  );
}

/** A page's folder loading for the first time. */
export function PageLoading(): ReactNode {
  return <p role="status">{ADMIN_TEXTS.loading}</p>;
}
