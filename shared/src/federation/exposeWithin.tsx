import type { ComponentType, ReactNode } from 'react';

/**
 * An exposed module's component, declaring the bus contract its remote was built with: the shell
 * reads it when it loads the module and refuses another major (see `checkBusContract`).
 */
export type ExposedComponent<P extends object> = ComponentType<P> & { readonly busContractVersion: number };

/**
 * Makes a remote's `exposeX(Feature)` helper: the exposed module renders the feature inside the
 * remote's root (its own store provider and `data-boundary` element) and declares
 * `busContractVersion`. The remote passes the number it imports from `@shop/contract/bus`
 * (compiled into its own bundle); from `@shop/shared` it would get the shell's.
 */
export function exposeWithin(
  Root: ComponentType<{ children: ReactNode }>,
  remoteName: string,
  busContractVersion: number,
): <P extends object>(Feature: ComponentType<P>) => ExposedComponent<P> {
  return <P extends object>(Feature: ComponentType<P>) => {
    function Exposed(props: P): ReactNode {
      return (
        <Root>
          <Feature {...props} />
        </Root>
      );
    }
    Exposed.displayName = `${remoteName}(${Feature.displayName ?? Feature.name})`;
    return Object.assign(Exposed, { busContractVersion });
  };
}
