import { api } from '../api/client';
import type { StartupContent } from '../api/types';
import { bus } from '../bus/bus';
import { loadCurrencyCode } from '../session/storage';

/**
 * Fetches the startup content and publishes it and the selected currency (the saved choice when
 * it still exists, else the server's default). The shell calls it once at boot; a remote's
 * standalone bootstrap calls it too. Resolves false when the content could not be loaded.
 */
export async function loadStartupContent(): Promise<StartupContent | null> {
  const result = await api.get<StartupContent>('startup-content');
  if (!result.status) return null;
  const content = result.data;
  const { list, default: defaultCode } = content.currencies;
  const saved = loadCurrencyCode();
  bus.publish('startup', content);
  bus.publish('currency', (saved ? list[saved] : undefined) ?? list[defaultCode] ?? null);
  return content;
}
