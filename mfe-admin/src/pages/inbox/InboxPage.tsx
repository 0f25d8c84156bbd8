import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { NewThread } from './NewThread';
import { ThreadList } from './ThreadList';
import { ThreadView } from './ThreadView';

/** /admin/inbox: every member's threads, one thread at /admin/inbox/:id, a new one at /admin/inbox/new. */
export default function InboxPage(): ReactNode {
  return (
    <Routes>
      <Route index element={<ThreadList />} />
      <Route path="new" element={<NewThread />} />
      <Route path=":id" element={<ThreadView />} />
    </Routes>
  );
}
