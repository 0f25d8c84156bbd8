import { Navigate, Route, Routes } from '@shop/shared/router';
import { type ReactNode, Suspense } from 'react';
import { ADMIN_PAGES, type AdminPage, adminPath } from '../pages/registry';
import { SignInPage } from '../pages/sign-in/SignInPage';
import type { AdminRole } from '../session/adminSession';
import { useAdminSession } from '../session/useAdminSession';
import { AdminFrame } from './AdminFrame';
import { AdminNotFound, OwnersOnly, PageLoading } from './AdminNotices';

/**
 * The back office at /admin/*: the sign-in form until an admin is signed in (at the address that
 * was asked, which then renders), else the frame with the registry's pages as routes (`pages`:
 * the registry's, or a test's own).
 */
export function AdminApp({ pages = ADMIN_PAGES }: { pages?: readonly AdminPage[] }): ReactNode {
  const { session, endedBecause } = useAdminSession();
  if (!session) return <SignInPage endedBecause={endedBecause} />;
  return (
    <AdminFrame session={session} pages={pages}>
      <AdminRoutes role={session.admin.role} pages={pages} />
    </AdminFrame>
  );
}

function AdminRoutes({ role, pages }: { role: AdminRole; pages: readonly AdminPage[] }): ReactNode {
  const [home] = pages;
  return (
    <Routes>
      <Route index element={home ? <Navigate to={adminPath(home)} replace /> : <AdminNotFound />} />
      {pages.map((page) => (
        <Route
          key={page.path}
          path={`${page.path}/*`}
          element={page.ownerOnly && role !== 'owner' ? <OwnersOnly /> : <PageView page={page} />}
        />
      ))}
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}

function PageView({ page }: { page: AdminPage }): ReactNode {
  const Page = page.component;
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
