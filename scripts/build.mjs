// Production build of the front-end apps in one webpack multi-compiler run.
//   node scripts/build.mjs          builds the apps whose build is missing or older than sources
//   node scripts/build.mjs --all    builds every app
//   node scripts/build.mjs shell    builds the named app folders
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import webpack from 'webpack';
import { APPS, ROOT } from './apps.mjs';

const STAMP = '.build-stamp';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function isStale(dir) {
  const stamp = path.join(ROOT, dir, 'dist', STAMP);
  if (!existsSync(stamp)) return true;
  // 'sw': the shell's service worker, built by the shell's config into its dist.
  const sources = [
    'src',
    'sw',
    'public',
    'webpack.config.mjs',
    'module-federation.config.mjs',
    'package.json',
  ]
    .map((f) => newestMtime(path.join(ROOT, dir, f)))
    .concat(
      newestMtime(path.join(ROOT, 'shared', 'src')),
      newestMtime(path.join(ROOT, 'shared', 'build')),
      // Every app bundles what it imports from @shop/contract (it is not shared).
      newestMtime(path.join(ROOT, 'contract', 'src')),
    );
  return Math.max(...sources) > statSync(stamp).mtimeMs;
}

const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

/**
 * Writes .br and .gz beside every text asset once, at build time, so the server sends them as
 * they are instead of compressing each response (brotli at its best level is too slow per request).
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
}

export async function buildApps(dirs) {
  if (dirs.length === 0) return;
  // An app may build more than one bundle (the shell: its service worker too).
  const configs = (
    await Promise.all(
      dirs.map(async (dir) => {
        const module = await import(pathToFileURL(path.join(ROOT, dir, 'webpack.config.mjs')).href);
        return module.default({}, { mode: 'production' });
      }),
    )
  ).flat();
  const started = Date.now();
  console.log(`[build] ${dirs.join(', ')} …`);
  await new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) {
        console.error(stats.toString('errors-only'));
        return reject(new Error('webpack build failed'));
      }
      resolve();
    });
  });
  for (const dir of dirs) {
    precompress(path.join(ROOT, dir, 'dist'));
    writeFileSync(path.join(ROOT, dir, 'dist', STAMP), new Date().toISOString());
  }
  console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export function appsToBuild(argv) {
  const named = argv.filter((a) => !a.startsWith('--'));
  if (named.length > 0) return named;
  if (argv.includes('--all')) return APPS.map((a) => a.dir);
  return APPS.map((a) => a.dir).filter(isStale);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dirs = appsToBuild(process.argv.slice(2));
  if (dirs.length === 0) console.log('[build] every app is up to date');
  buildApps(dirs).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
