import { BrowserRouter } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { Layout } from './frame/Layout';
import { ShopRoutes } from './routes';
import { PageSetupFailed } from './startup/PageSetupFailed';
import { useStartupContent } from './startup/useStartupContent';

export function App(): ReactNode {
  const startup = useStartupContent();
  if (startup.state === 'failed') return <PageSetupFailed />;
  if (startup.state === 'loading') return <div aria-busy="true" style={{ minHeight: '100vh' }} />;
  return (
    <BrowserRouter>
      <Layout>
        <ShopRoutes />
      </Layout>
    </BrowserRouter>
  );
}
