import type { StartupContent } from '@shop/contract';
import { BrowserRouter } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { Layout } from './frame/Layout';
import { ShopRoutes } from './routes';
import { PageSetupFailed } from './startup/PageSetupFailed';

/**
 * The shop, once its startup content is in (bootstrap.tsx waits for it before the first render,
 * so the server's markup stays on screen until then: no blank frame in between); null: it could
 * not be loaded.
 */
export function App({ startup }: { startup: StartupContent | null }): ReactNode {
  if (!startup) return <PageSetupFailed />;
  return (
    <BrowserRouter>
      <Layout>
        <ShopRoutes />
      </Layout>
    </BrowserRouter>
  );
}
