/**
 * Publishes one remote into the release store (issue 18): builds it alone, checks it against the
 * shell the server serves, and stores it as an immutable `<version>-<contentHash>`.
 *
 *   npm run release -- <remote>                 build, check, publish (root; catalog or mfe-catalog)
 *   npm run release -w mfe-<name>               the same, from the remote's workspace
 *   npm run release -- <remote> --no-build      publish the remote's existing dist
 *   npm run release -- <remote> --from <dir>    publish a folder built elsewhere (a team's CI artifact)
 *
 * Publishing does not make a version live: `npm run remotes -- promote|canary` does, after the
 * same checks. Exits 1 with the reason when the checks refuse the build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { RemoteName } from '@shop/contract';
import { loadConfig, REPO_ROOT } from '../src/config';
import { checkRelease, folderReader, MANIFEST_FILE, shellFacts } from '../src/modules/remotes/releaseChecks';
import {
  builtInDir,
  builtInVersion,
  FolderReleaseStore,
  isRemoteName,
  ReleaseRefused,
} from '../src/modules/remotes/releaseStore';

const USAGE = 'usage: npm run release -- <remote> [--no-build | --from <dir>]';
const SHELL_FOLDER = 'shell';
const MEBIBYTE = 1024 * 1024;

/** scripts/build.mjs, the one production build every app goes through. */
type BuildScript = { buildApps(dirs: string[]): Promise<void> };

/** `catalog`, `cart_checkout`, `mfe-cart-checkout` or `mfe-cart-checkout/` name the same remote. */
function remoteOf(name: string): RemoteName | null {
  const bare = name.replace(/\/+$/, '').replace(/^mfe-/, '').replace(/-/g, '_');
  return isRemoteName(bare) ? bare : null;
}

/** Builds the named app folders in one webpack run, as `node scripts/build.mjs <dirs>` does. */
async function build(dirs: string[]): Promise<void> {
  const script = pathToFileURL(path.join(REPO_ROOT, 'scripts/build.mjs')).href;
  const { buildApps } = (await import(script)) as BuildScript;
  await buildApps(dirs);
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { from: { type: 'string' }, 'no-build': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const remote = positionals.length === 1 && positionals[0] ? remoteOf(positionals[0]) : null;
  if (!remote || (values.from && values['no-build'])) {
    console.error(USAGE);
    return 2;
  }
  const started = performance.now();
  const dir = values.from ? path.resolve(values.from) : builtInDir(REPO_ROOT, remote);
  const remoteFolder = path.relative(REPO_ROOT, path.dirname(builtInDir(REPO_ROOT, remote)));
  const shellMissing = !existsSync(path.join(REPO_ROOT, SHELL_FOLDER, 'dist', MANIFEST_FILE));
  // The shell is built only when there is none to check against; it is not part of the release.
  const toBuild = [
    ...(shellMissing ? [SHELL_FOLDER] : []),
    ...(values.from || values['no-build'] ? [] : [remoteFolder]),
  ];
  await build(toBuild);

  const shell = await shellFacts(REPO_ROOT);
  // The version is named by its content hash once stored; until then, by where the build is.
  const label = `${builtInVersion(REPO_ROOT, remote)} (built in ${path.relative(REPO_ROOT, dir) || '.'})`;
  const checked = await checkRelease(folderReader(dir), remote, shell, label);
  if (!checked.ok) {
    console.error(`[release] ${checked.reason}`);
    return 1;
  }
  const store = new FolderReleaseStore(loadConfig().releases.releasesDir);
  const { version, state, descriptor } = await store.publish(remote, dir);
  const size = `${(descriptor.bytes / MEBIBYTE).toFixed(1)} MiB in ${descriptor.files} files`;
  const what = state === 'published' ? 'published' : 'already published (same content)';
  console.log(`[release] ${remote} ${version} ${what}: ${size}, ${seconds(started)}`);
  console.log(`[release] ${path.join(store.dir, remote, version)}`);
  console.log(`[release] next: npm run remotes -- canary ${remote} ${version} <percent>  (or promote)`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ReleaseRefused ? `[release] ${error.message}` : error);
    process.exit(1);
  },
);
