import { seedRemoteVersions } from '@shop/shared';
import { overrides, readRegistry } from './registry';

/**
 * Seeds the remotes' versions from the registry (the one @shop/shared keeps for the shell and
 * every remote), with the way to read `/remotes.json` again that Retry on a fallback panel uses.
 * Answers the developer overrides to show.
 *
 * When the first read fails (nothing inlined, and `/remotes.json` fails or times out), the page
 * starts with no remote and every remote area shows its panel; the empty registry is still seeded
 * with the re-read, so a Retry there reads the registry once the server answers and loads that
 * remote without a reload.
 */
export async function seedRemotes(
  fetchImpl: typeof fetch = fetch,
): Promise<{ remote: string; entry: string }[]> {
  const reread = () => readRegistry(fetchImpl, { fresh: true });
  try {
    const registry = await readRegistry(fetchImpl);
    seedRemoteVersions(registry, reread);
    return overrides(registry);
  } catch (error) {
    console.error('[shop] remote registry unavailable', error);
    seedRemoteVersions({}, reread);
    return [];
  }
}
