import { RemoteSlot } from '@shop/shared';
import type { ReactNode } from 'react';

/** The back office's module (contract/src/routes.ts maps /admin/* to it). */
export const ADMIN_MODULE = 'admin/AdminApp';

/**
 * /admin/*: the admin remote in a frame of its own, without the shop's header, footer and
 * popups. Nothing of it is fetched before an address under /admin is opened.
 */
export function AdminRoute(): ReactNode {
  return <RemoteSlot module={ADMIN_MODULE} variant="page" />;
}
