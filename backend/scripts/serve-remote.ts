/**
 * Serves one remote's files from an origin of its own, the way a CDN would in front of a
 * distributed shop:   tsx backend/scripts/serve-remote.ts <remote> --port N [--host H]
 *
 * Every retained version: the built-in one (mfe-<x>/dist, as its package.json version) and each
 * published one in RELEASES_DIR/<remote>/<version>/ (default <repo>/.data/releases). The shop's
 * server then points at it with REMOTE_ORIGINS (`<remote>=http://127.0.0.1:N,...`).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { DEFAULT_RELEASES_DIR, REPO_ROOT, releasesS3Of } from '../src/config';
import { remoteFolders } from '../src/delivery/remoteFiles';
import { buildRemoteOrigin } from '../src/delivery/remoteOrigin';
import { isRemoteName } from '../src/modules/remotes/releaseStore';
import { releaseStoreOf } from '../src/modules/remotes/s3ReleaseStore';

const USAGE = `usage: serve-remote <${REMOTE_NAMES.join('|')}> --port N [--host 127.0.0.1]`;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  const [remote] = positionals;
  const port = Number(values.port);
  if (!remote || !isRemoteName(remote)) throw new Error(USAGE);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`--port must be a port number\n${USAGE}`);
  const releasesDir = process.env.RELEASES_DIR
    ? path.resolve(process.env.RELEASES_DIR)
    : DEFAULT_RELEASES_DIR;
  // RELEASES_S3_* set: the published versions come from the bucket, as the shop's server reads them.
  const s3 = releasesS3Of(process.env);
  const app = await buildRemoteOrigin({
    root: REPO_ROOT,
    remote,
    releasesDir,
    folders: remoteFolders(REPO_ROOT, releaseStoreOf({ releasesDir, s3 })),
    logger: { level: process.env.LOG_LEVEL || 'warn' },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  await app.listen({ port, host: values.host });
  console.log(
    `${remote}: every retained version on http://${values.host}:${port}/mfe/${remote}/ (releases: ${s3 ? `s3://${s3.bucket}/${s3.prefix}` : releasesDir})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
