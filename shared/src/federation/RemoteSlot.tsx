import { loadRemote } from '@module-federation/enhanced/runtime';
import { checkBusContract } from '@shop/contract/bus';
import { MESSAGES } from '@shop/contract/validation/messages';
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useState,
} from 'react';
import { Skeleton } from '../ui/Skeleton';
import styles from './RemoteSlot.module.css';

/** `<remote>/<ExposedModule>`, e.g. `catalog/SearchBox`. */
export type RemoteModuleId = `${string}/${string}`;

type AnyProps = Record<string, unknown>;
type RemoteModule<P> = { default?: ComponentType<P> };

export class RemoteUnavailableError extends Error {
  constructor(
    readonly moduleId: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote module ${moduleId} is unavailable`, options);
    this.name = 'RemoteUnavailableError';
  }
}

/** A remote built against another major of the bus contract: loaded, but not let in. */
export class RemoteRefusedError extends RemoteUnavailableError {
  constructor(moduleId: string, reason: string) {
    super(moduleId, { cause: reason });
    this.name = 'RemoteRefusedError';
  }
}

/**
 * The module's bus contract version (declared by `exposeWithin`) against this page's: a
 * mismatched remote is refused with a console error naming both, and shows its fallback.
 */
function admitted<P>(moduleId: string, component: ComponentType<P>): ComponentType<P> {
  const remoteName = moduleId.split('/')[0] ?? moduleId;
  const declared = 'busContractVersion' in component ? component.busContractVersion : undefined;
  const check = checkBusContract(remoteName, declared);
  if (check.accepted) return component;
  console.error(check.message);
  throw new RemoteRefusedError(moduleId, check.message);
}

// React.lazy caches a rejected load forever, so each module id keeps its lazy component here and
// a retry replaces it with a fresh one.
const lazyCache = new Map<string, LazyExoticComponent<ComponentType<AnyProps>>>();

function lazyRemote(moduleId: RemoteModuleId): LazyExoticComponent<ComponentType<AnyProps>> {
  let component = lazyCache.get(moduleId);
  if (!component) {
    component = lazy(async () => {
      const loaded = await loadRemote<RemoteModule<AnyProps>>(moduleId);
      if (!loaded?.default) throw new RemoteUnavailableError(moduleId);
      return { default: admitted(moduleId, loaded.default) };
    });
    lazyCache.set(moduleId, component);
  }
  return component;
}

interface BoundaryProps {
  moduleId: string;
  fallback: (retry: () => void) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`[shop] ${this.props.moduleId} failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

export interface RemoteSlotProps<P extends AnyProps> {
  module: RemoteModuleId;
  props?: P;
  /** 'page' fills the content area; 'fragment' is a small inline notice (header pieces). */
  variant?: 'page' | 'fragment';
  loading?: ReactNode;
}

/**
 * Mounts another remote's exposed module by name, inside an error boundary and Suspense, so a
 * remote that cannot be fetched, throws, or was built against another bus contract major shows a
 * small local fallback with a Retry and the rest of the page keeps working.
 */
export function RemoteSlot<P extends AnyProps>({
  module,
  props,
  variant = 'fragment',
  loading,
}: RemoteSlotProps<P>): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const forget = useCallback(() => {
    lazyCache.delete(module);
    setAttempt((n) => n + 1);
  }, [module]);
  const Remote = lazyRemote(module);
  const remoteName = module.split('/')[0] ?? module;
  return (
    <RemoteErrorBoundary
      key={`${module}#${attempt}`}
      moduleId={module}
      onRetry={forget}
      fallback={(retry) => <RemoteFallback variant={variant} remoteName={remoteName} onRetry={retry} />}
    >
      <Suspense fallback={loading ?? <RemoteLoading variant={variant} />}>
        <Remote {...(props ?? {})} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemoteLoading({ variant }: { variant: 'page' | 'fragment' }): ReactNode {
  return variant === 'page' ? (
    <div className={styles.pageLoading}>
      <Skeleton shape="page" label="Loading the page" />
    </div>
  ) : (
    <span className={styles.fragmentLoading} aria-busy="true" />
  );
}

function RemoteFallback({
  variant,
  remoteName,
  onRetry,
}: {
  variant: 'page' | 'fragment';
  remoteName: string;
  onRetry: () => void;
}): ReactNode {
  if (variant === 'fragment') {
    return (
      <span className={styles.fragmentFallback} role="status" data-remote-fallback={remoteName}>
        <span>Unavailable</span>
        <button type="button" onClick={onRetry} className={styles.retry}>
          Retry
        </button>
      </span>
    );
  }
  return (
    <div className={styles.pageFallback} role="alert" data-remote-fallback={remoteName}>
      <h2>{MESSAGES.listFailedTitle}</h2>
      <p>This part of the shop could not be loaded. Please check your internet connection or try again.</p>
      <button type="button" onClick={onRetry} className={styles.retry}>
        Retry
      </button>
    </div>
  );
}
