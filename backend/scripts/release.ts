/**
 * Publishes one remote into the release store (issue 18): builds it alone, checks it against the
 * shell the server serves, and stores it as an immutable `<version>-<contentHash>`
 * (publishRelease.ts).
 *
 *   npm run release -- <remote>                 build, check, publish (root; catalog or mfe-catalog)
 *   npm run release -w mfe-<name>               the same, from the remote's workspace
 *   npm run release -- <remote> --no-build      publish the remote's existing dist
 *   npm run release -- <remote> --from <dir>    publish a folder built elsewhere (a team's CI artifact)
 *
 * Publishing does not make a version live: `npm run remotes -- promote|canary` does, after the
 * same checks. Exits 1 with the reason when the checks refuse the build, 2 on a usage mistake.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig, REPO_ROOT } from '../src/config';
import { ReleaseRefused } from '../src/modules/remotes/releaseStore';
import { releaseStoreOf, S3ReleaseStore } from '../src/modules/remotes/s3ReleaseStore';
import { publishRelease, remoteOf } from './publishRelease';

const USAGE = 'usage: npm run release -- <remote> [--no-build | --from <dir>]';

/** scripts/build.mjs, the one production build every app goes through. */
type BuildScript = { buildApps(dirs: string[]): Promise<void> };

/** Whether the imported module is scripts/build.mjs as expected (it is plain JS: nothing checks it). */
const isBuildScript = (value: unknown): value is BuildScript =>
  typeof value === 'object' &&
  value !== null &&
  'buildApps' in value &&
  typeof value.buildApps === 'function';

/** Builds the named app folders in one webpack run, as `node scripts/build.mjs <dirs>` does. */
async function buildApps(dirs: string[]): Promise<void> {
  const script = pathToFileURL(path.join(REPO_ROOT, 'scripts/build.mjs')).href;
  const build: unknown = await import(script);
  if (!isBuildScript(build)) throw new Error(`${script} exports no buildApps()`);
  await build.buildApps(dirs);
}

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
  const releases = loadConfig().releases;
  const { releasesDir } = releases;
  const store = releaseStoreOf(releases);
  const outcome = await publishRelease({
    root: REPO_ROOT,
    releasesDir,
    store,
    remote,
    from: values.from,
    build: !values['no-build'],
    buildApps,
  });
  if (!outcome.ok) {
    console.error(`[release] ${outcome.reason}`);
    return 1;
  }
  console.log(`[release] ${outcome.summary}`);
  console.log(
    `[release] ${store instanceof S3ReleaseStore ? store.location(remote, outcome.version) : path.join(releasesDir, remote, outcome.version)}`,
  );
  console.log(
    `[release] next: npm run remotes -- canary ${remote} ${outcome.version} <percent>  (or promote)`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ReleaseRefused ? `[release] ${error.message}` : error);
    process.exit(1);
  },
);
