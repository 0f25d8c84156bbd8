import { exposeWithin } from '@shop/shared';
import type { ReactNode } from 'react';

/** Every exposed auth module renders inside this root, which carries the team boundary. */
export function AuthRoot({ children }: { children: ReactNode }): ReactNode {
  return <div data-boundary="auth">{children}</div>;
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInAuthRoot = exposeWithin(AuthRoot, 'auth');
