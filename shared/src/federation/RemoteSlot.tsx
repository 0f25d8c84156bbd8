import { loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteFailureKind, RemoteLocation } from '@shop/contract';
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
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { Skeleton } from '../ui/Skeleton';
import styles from './RemoteSlot.module.css';
import { reportRemoteFailure, reportRemoteLoad } from './remoteReports';
import {
  canFallBack,
  fallBack,
  refreshRemote,
  remoteLocation,
  subscribeRemoteVersions,
} from './remoteVersions';

/** `<remote>/<ExposedModule>`, e.g. `catalog/SearchBox`. */
export type RemoteModuleId = `${string}/${string}`;

type AnyProps = Record<string, unknown>;
type RemoteModule<P> = { default?: ComponentType<P> };

/** How a load failed, as the fallback plugin of the shell says (see shell/src/federation). */
type LoadFailureKind = Extract<RemoteFailureKind, 'not-found' | 'script-error' | 'timeout'>;

export class RemoteUnavailableError extends Error {
  constructor(
    readonly moduleId: string,
    options?: { cause?: unknown },
    readonly kind: RemoteFailureKind = 'script-error',
  ) {
    super(`Remote module ${moduleId} is unavailable`, options);
    this.name = 'RemoteUnavailableError';
  }
}

/** A remote built against another major of the bus contract: loaded, but not let in. */
export class RemoteRefusedError extends RemoteUnavailableError {
  constructor(moduleId: string, reason: string) {
    super(moduleId, { cause: reason }, 'refused');
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

/** The kind the shell's fallback plugin puts on the module it answers for a failed load. */
function unavailableKind(loaded: unknown): LoadFailureKind {
  const marker =
    typeof loaded === 'object' && loaded !== null && 'unavailable' in loaded ? loaded.unavailable : undefined;
  const kind = typeof marker === 'object' && marker !== null && 'kind' in marker ? marker.kind : undefined;
  return kind === 'not-found' || kind === 'timeout' ? kind : 'script-error';
}

/** What a failure caught by the boundary is: a load failure carries its kind, anything else threw while mounting. */
function failureKind(error: unknown): RemoteFailureKind {
  return error instanceof RemoteUnavailableError ? error.kind : 'mount';
}

// React.lazy caches a rejected load forever, so each module id (per version and attempt) keeps its
// lazy component here, and a retry or a fallback gets a fresh one.
const lazyCache = new Map<string, LazyExoticComponent<ComponentType<AnyProps>>>();

function lazyRemote(
  moduleId: RemoteModuleId,
  cacheKey: string,
): LazyExoticComponent<ComponentType<AnyProps>> {
  let component = lazyCache.get(cacheKey);
  if (!component) {
    component = lazy(async () => {
      let loaded: RemoteModule<AnyProps> | null;
      try {
        loaded = await loadRemote<RemoteModule<AnyProps>>(moduleId);
      } catch (cause) {
        // Not answered by the fallback plugin (e.g. the remote is not registered at all).
        throw new RemoteUnavailableError(moduleId, { cause });
      }
      if (!loaded?.default) throw new RemoteUnavailableError(moduleId, undefined, unavailableKind(loaded));
      return { default: admitted(moduleId, loaded.default) };
    });
    lazyCache.set(cacheKey, component);
  }
  return component;
}

interface BoundaryProps {
  moduleId: string;
  remote: string;
  /** The version this boundary's remote was loaded from (undefined: not in the registry). */
  location: RemoteLocation | undefined;
  fallback: (retry: () => void) => ReactNode;
  loading: ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Catches a failed load or a throw while mounting: reports it, and moves the remote to its
 * fallback version once (RemoteSlot then mounts that one); shows the panel with Retry otherwise.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, { failure: RemoteFailureKind | null }> {
  override state: { failure: RemoteFailureKind | null } = { failure: null };

  static getDerivedStateFromError(error: unknown): { failure: RemoteFailureKind } {
    return { failure: failureKind(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const { moduleId, remote, location } = this.props;
    const kind = failureKind(error);
    console.error(`[shop] ${moduleId} failed (${kind})`, error, info.componentStack);
    reportRemoteFailure(remote, location?.version, kind);
    fallBack(remote, location?.entry, kind);
  }

  private readonly retry = (): void => {
    this.props.onRetry();
  };

  override render(): ReactNode {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    // A fallback version is about to be mounted in its place: no flash of the error panel.
    if (canFallBack(this.props.remote, this.props.location?.entry, failure)) return this.props.loading;
    return this.props.fallback(this.retry);
  }
}

/** Reports the version's first successful mount on this page (effects run once it committed). */
function Mounted({
  remote,
  version,
  children,
}: {
  remote: string;
  version: string | undefined;
  children: ReactNode;
}) {
  useEffect(() => reportRemoteLoad(remote, version), [remote, version]);
  return children;
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
 * remote that cannot be fetched, throws, or was built against another bus contract major is
 * replaced once by its fallback version, and otherwise shows a small local fallback with a
 * Retry while the rest of the page keeps working.
 */
export function RemoteSlot<P extends AnyProps>({
  module,
  props,
  variant = 'fragment',
  loading,
}: RemoteSlotProps<P>): ReactNode {
  const remoteName = module.split('/')[0] ?? module;
  const location = useSyncExternalStore(subscribeRemoteVersions, () => remoteLocation(remoteName));
  const [attempt, setAttempt] = useState(0);
  const cacheKey = `${module}@${location?.entry ?? ''}#${attempt}`;
  const retry = useCallback(() => {
    lazyCache.delete(cacheKey);
    void refreshRemote(remoteName).finally(() => setAttempt((n) => n + 1));
  }, [cacheKey, remoteName]);
  const Remote = lazyRemote(module, cacheKey);
  const loadingNode = loading ?? <RemoteLoading variant={variant} />;
  return (
    <RemoteErrorBoundary
      key={cacheKey}
      moduleId={module}
      remote={remoteName}
      location={location}
      onRetry={retry}
      loading={loadingNode}
      fallback={(onRetry) => <RemoteFallback variant={variant} remoteName={remoteName} onRetry={onRetry} />}
    >
      <Suspense fallback={loadingNode}>
        <Mounted remote={remoteName} version={location?.version}>
          <Remote {...(props ?? {})} />
        </Mounted>
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
