import type { StartupContent } from '@shop/contract';
import { api } from '../api/client';
import { bus } from '../bus/bus';
import { loadCurrencyCode } from '../session/storage';

/**
 * Fetches the startup content and publishes it and the selected currency (the saved choice when
 * it still exists, else the server's default). The shell calls it once at boot; a remote's
 * standalone bootstrap calls it too. Resolves false when the content could not be loaded.
 */
export async function loadStartupContent(): Promise<StartupContent | null> {
  const content = takeInlinedStartup() ?? (await fetchStartup());
  if (!content) return null;
  const { list, default: defaultCode } = content.currencies;
  const saved = loadCurrencyCode();
  bus.publish('startup', content);
  bus.publish('currency', (saved ? list[saved] : undefined) ?? list[defaultCode] ?? null);
  return content;
}

declare global {
  interface Window {
    /** Inlined by the server into index.html: the shell renders without a first API round trip. */
    __SHOP_STARTUP__?: StartupContent;
  }
}

/** The inlined copy is used once; a later call (a remote's standalone page) asks the API. */
function takeInlinedStartup(): StartupContent | null {
  if (typeof window === 'undefined') return null;
  const inlined = window.__SHOP_STARTUP__;
  delete window.__SHOP_STARTUP__;
  return inlined && typeof inlined === 'object' && 'currencies' in inlined ? inlined : null;
}

async function fetchStartup(): Promise<StartupContent | null> {
  const result = await api.get('startup-content');
  return result.status ? result.data : null;
}
