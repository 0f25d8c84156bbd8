import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { failureKindOf } from './failureKind';

/**
 * When a remote cannot be loaded (after retry-plugin's one retry), log it once with the remote
 * and the stage it died in, and answer with a module that has no component and says how it
 * failed: RemoteSlot turns that into RemoteUnavailableError with that kind, reports it, and
 * loads the remote's fallback version once, or shows its panel with a Retry.
 * Self-contained: no React, no shared modules (they are not negotiated yet when plugins run).
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-fallback-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[shop] remote ${id} failed at ${lifecycle}`, error);
      // afterResolve: the manifest could not be read, and there is no replacement manifest.
      if (lifecycle !== 'onLoad') return undefined;
      return {
        __esModule: true,
        default: undefined,
        unavailable: { id, lifecycle, kind: failureKindOf(error) },
      };
    },
  };
}
