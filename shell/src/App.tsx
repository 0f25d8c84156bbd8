import type { StartupContent } from '@shop/contract';
import { BrowserRouter, Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { AdminRoute } from './AdminRoute';
import { Layout } from './frame/Layout';
import { ShopRoutes } from './routes';
import { PageSetupFailed } from './startup/PageSetupFailed';

/**
 * The shop, once its startup content is in (bootstrap.tsx waits for it before the first render,
 * so the server's markup stays on screen until then: no blank frame in between); null: it could
 * not be loaded. The back office under /admin has a frame of its own and needs none of it.
 */
export function App({ startup }: { startup: StartupContent | null }): ReactNode {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/admin/*" element={<AdminRoute />} />
        <Route
          path="*"
          element={
            startup ? (
              <Layout>
                <ShopRoutes />
              </Layout>
            ) : (
              <PageSetupFailed />
            )
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
