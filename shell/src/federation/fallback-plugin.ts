import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * When a remote cannot be loaded, log it once with the remote and the stage it died in, and
 * answer with a module that has no component: RemoteSlot turns that into RemoteUnavailableError,
 * and its boundary shows the small fallback with a Retry while the rest of the page works.
 * Self-contained: no React, no shared modules (they are not negotiated yet when plugins run).
 */
export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-fallback-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[shop] remote ${id} failed at ${lifecycle}`, error);
      // afterResolve: the manifest could not be read, and there is no replacement manifest.
      if (lifecycle !== 'onLoad') return undefined;
      return { __esModule: true, default: undefined, unavailable: { id, lifecycle } };
    },
  };
}
