import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../app/useDocumentTitle';

/** /member: the landing page (spec 001 §2.7). Its stat boxes and 'Recent Activities' come later. */
export function Dashboard(): ReactNode {
  useDocumentTitle('My Dashboard');
  return (
    <section aria-labelledby="member-title">
      <h1 id="member-title">My Dashboard</h1>
    </section>
  );
}
