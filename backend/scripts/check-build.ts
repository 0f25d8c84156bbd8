/**
 * The release checks on builds in place, nothing published (the contract step of
 * scripts/verify-remote.mjs):
 *
 *   tsx backend/scripts/check-build.ts <remote>   its fresh `mfe-<x>/dist` against the shell's build
 *   tsx backend/scripts/check-build.ts shell      every built remote against the fresh shell
 *
 * The same checks a promote or canary runs (releaseChecks.ts): entry and manifest parse, every
 * module the shell and the other remotes mount is exposed, the bus contract major, the shared
 * singletons. Exits 1 with the reason when one fails, 2 on a usage mistake.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@shop/contract/schemas/remotes';
import { REPO_ROOT } from '../src/config';
import { checkRelease, folderReader, MANIFEST_FILE, shellFacts } from '../src/modules/remotes/releaseChecks';
import { builtInDir } from '../src/modules/remotes/releaseStore';

const SHELL = 'shell';

/** Checks one remote's own build folder; null when it passed, else the reason. */
async function checkBuilt(remote: RemoteName): Promise<string | null> {
  const dir = builtInDir(REPO_ROOT, remote);
  const label = `(built in ${path.relative(REPO_ROOT, dir)})`;
  const verdict = await checkRelease(folderReader(dir), remote, await shellFacts(REPO_ROOT), label);
  if (!verdict.ok) return verdict.reason;
  console.log(
    `[check] ${remote} ${label}: exposes ${verdict.facts.exposes.length} modules, shell-compatible`,
  );
  return null;
}

async function main(target: string | undefined): Promise<number> {
  const remote = REMOTE_NAMES.find((name) => name === target);
  if (!remote && target !== SHELL) {
    console.error(`usage: tsx backend/scripts/check-build.ts <${[...REMOTE_NAMES, SHELL].join('|')}>`);
    return 2;
  }
  // The shell's verify: the remotes built here must still run in it (a shell's shared versions
  // or bus contract can strand remotes as surely as a remote can break itself).
  const remotes = remote
    ? [remote]
    : REMOTE_NAMES.filter((name) => existsSync(path.join(builtInDir(REPO_ROOT, name), MANIFEST_FILE)));
  if (remotes.length === 0)
    console.log('[check] no remote is built here: nothing to check against the shell');
  let failed = false;
  for (const name of remotes) {
    const reason = await checkBuilt(name);
    if (reason) {
      console.error(`[check] ${reason}`);
      failed = true;
    }
  }
  return failed ? 1 : 0;
}

main(process.argv[2]).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`[check] ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
