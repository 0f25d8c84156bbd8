// The front-end apps of the repository, in one place for the build, start and dev scripts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** dir: workspace folder; name: federation name (also its URL segment under /mfe/). */
export const APPS = [
  { dir: 'shell', name: 'shell' },
  { dir: 'mfe-catalog', name: 'catalog' },
  { dir: 'mfe-cart-checkout', name: 'cart_checkout' },
  { dir: 'mfe-member', name: 'member' },
  { dir: 'mfe-auth', name: 'auth' },
  { dir: 'mfe-admin', name: 'admin' },
];

export const appVersion = (dir) =>
  JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')).version;
