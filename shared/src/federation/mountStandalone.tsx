import { BrowserRouter } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { bus } from '../bus/bus';
import { initSessionFromStorage } from '../session/storage';
import { loadStartupContent } from '../startup/loadStartupContent';

/**
 * A remote's standalone bootstrap (`npm run dev -w mfe-x`): the session and startup content the
 * shell would have provided, a router, and the remote's own screens. No shell frame.
 */
export async function mountStandalone(app: ReactNode): Promise<void> {
  initSessionFromStorage(bus);
  await loadStartupContent();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<BrowserRouter>{app}</BrowserRouter>);
}
