import { useDocumentTitle } from '@shop/shared';
import { Link } from '@shop/shared/router';
import type { ReactNode } from 'react';

/** A member-area path with no page (yet): say so inside the frame, with the way back. */
export function SectionNotFound(): ReactNode {
  useDocumentTitle('Page not found');
  return (
    <section aria-labelledby="member-missing-title">
      <h1 id="member-missing-title">Page not found</h1>
      <p>
        This page is not in your member area. <Link to="/member">Go to My Dashboard</Link>
      </p>
    </section>
  );
}
