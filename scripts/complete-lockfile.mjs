// The npm registry this project is built against serves only the Linux x64 builds of packages
// that ship one binary package per platform (biome, swc, rspack, esbuild…). `npm install` then
// writes a lock without the other platforms' optional packages, and `npm ci` refuses that lock
// as "out of sync". This records each missing optional package as an optional entry, which
// `npm ci` accepts and skips where it cannot be installed. Run after `npm install`:
//   node scripts/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './apps.mjs';

const file = path.join(ROOT, 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const { packages } = lock;
let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true };
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`[lockfile] recorded ${added} optional platform packages`);
