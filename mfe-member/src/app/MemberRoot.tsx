import { exposeWithin } from '@shop/shared';
import type { ReactNode } from 'react';

/** Every exposed member module renders inside this root, which carries the team boundary. */
export function MemberRoot({ children }: { children: ReactNode }): ReactNode {
  return <div data-boundary="member">{children}</div>;
}

/** Wraps a feature component as an exposed module of this remote. */
export const exposeInMemberRoot = exposeWithin(MemberRoot, 'member');
