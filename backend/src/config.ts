/** Everything the backend reads from the environment, read in one place. */
import path from 'node:path';

/** The repository root (backend/src → ../..). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data/pglite');

export const DEFAULT_SEED_PRODUCTS = 320;

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite at dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** Serve the shell and the remotes from this root (SERVE_SITE=0 turns it off). */
  siteRoot: string | null;
  /** Operators' hand-edited registry; replaces the generated /remotes.json when set. */
  remotesFile: string | null;
  logLevel: string;
  seedProducts: number;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: positiveInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR,
    siteRoot: env.SERVE_SITE === '0' ? null : REPO_ROOT,
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    logLevel: env.LOG_LEVEL || 'info',
    seedProducts: positiveInt(env.SEED_PRODUCTS, DEFAULT_SEED_PRODUCTS, 'SEED_PRODUCTS'),
  };
}
