import type { ComponentType, ReactNode } from 'react';

/**
 * Makes a remote's `exposeX(Feature)` helper: the exposed module renders the feature inside the
 * remote's root (its own store provider and `data-boundary` element).
 */
export function exposeWithin(
  Root: ComponentType<{ children: ReactNode }>,
  remoteName: string,
): <P extends object>(Feature: ComponentType<P>) => ComponentType<P> {
  return <P extends object>(Feature: ComponentType<P>) => {
    function Exposed(props: P): ReactNode {
      return (
        <Root>
          <Feature {...props} />
        </Root>
      );
    }
    Exposed.displayName = `${remoteName}(${Feature.displayName ?? Feature.name})`;
    return Exposed;
  };
}
