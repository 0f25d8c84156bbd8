import { REMOTE_ROUTES } from '@shop/contract/routes';
import { RemoteSlot } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { ADMIN_MODULE } from './AdminRoute';
import { NotFoundPage } from './frame/NotFoundPage';
import { RequireSession } from './RequireSession';
import { useServerFirstScreen } from './startup/serverFirstScreen';

// Which remote owns which route lives in @shop/shared/routes (the server preloads from it too).
// The member area sits behind a session check, so it gets its own route below; the back office
// has a frame of its own (App.tsx).
const PAGE_ROUTES = REMOTE_ROUTES.filter(
  ({ module }) => module !== 'member/MemberArea' && module !== ADMIN_MODULE,
);

export function ShopRoutes(): ReactNode {
  // The server's first screen stands in while the page's remote loads (at the first address only).
  const firstScreen = useServerFirstScreen();
  return (
    <Routes>
      {PAGE_ROUTES.map(({ path, module }) => (
        <Route
          key={path}
          path={path}
          element={<RemoteSlot module={module} variant="page" loading={firstScreen} />}
        />
      ))}
      <Route
        path="/member/*"
        element={
          <RequireSession>
            <RemoteSlot module="member/MemberArea" variant="page" />
          </RequireSession>
        }
      />
      <Route path="/pagenotfound" element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
