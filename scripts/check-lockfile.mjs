// Checks that package-lock.json is a lock npm itself wrote: every package fetched from the
// registry has its version and integrity. npm records each platform's optional binary package
// (biome, swc, rspack, esbuild, sharp's @img/*…) with the os, cpu and libc of its packument, so
// `npm ci` installs only the current platform's binaries and checks each one's integrity. An
// entry written by hand (no integrity, no platform fields) would make `npm ci` install every
// platform's binary, unverified. `npm run lint` runs this check.
//
//   node scripts/check-lockfile.mjs            fail (exit 1) on an incomplete entry
//   node scripts/check-lockfile.mjs --repair   drop incomplete entries, let npm record them again
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.mjs';

const LOCK_FILE = path.join(ROOT, 'package-lock.json');
const RECORD_LOCK = ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'];

/** Lock locations of registry packages that lack a version or an integrity. */
function incompleteEntries(packages) {
  return Object.entries(packages)
    .filter(([location, entry]) => location.includes('node_modules/') && !entry.link)
    .filter(([, entry]) => typeof entry.version !== 'string' || typeof entry.integrity !== 'string')
    .map(([location]) => location);
}

const readLock = () => JSON.parse(readFileSync(LOCK_FILE, 'utf8'));

if (process.argv.includes('--repair')) {
  const lock = readLock();
  const dropped = incompleteEntries(lock.packages);
  for (const location of dropped) delete lock.packages[location];
  writeFileSync(LOCK_FILE, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`[lockfile] dropped ${dropped.length} incomplete entries; npm records them again`);
  const npm = spawnSync('npm', RECORD_LOCK, { cwd: ROOT, stdio: 'inherit' });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}

const incomplete = incompleteEntries(readLock().packages);
if (incomplete.length > 0) {
  console.error(`[lockfile] ${incomplete.length} entries without version or integrity:`);
  for (const location of incomplete) console.error(`  ${location}`);
  console.error('[lockfile] run: node scripts/check-lockfile.mjs --repair');
  process.exit(1);
}
console.log('[lockfile] every registry package has its version and integrity');
