/** Everything the backend reads from the environment, read in one place. */
import path from 'node:path';

/** The repository root (backend/src → ../..). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data/pglite');

/** Uploaded files (customization logos), outside the web root. */
export const DEFAULT_UPLOADS_DIR = path.join(REPO_ROOT, '.data/uploads');

export const DEFAULT_SEED_PRODUCTS = 320;

/** Where password-reset (and later) mails go when no SMTP_URL is set: one .eml file per mail. */
export const DEFAULT_OUTBOX_DIR = path.join(REPO_ROOT, '.data/outbox');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite at dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  uploadsDir: string;
  /** Serve the shell and the remotes from this root (SERVE_SITE=0 turns it off). */
  siteRoot: string | null;
  /** Operators' hand-edited registry; replaces the generated /remotes.json when set. */
  remotesFile: string | null;
  logLevel: string;
  seedProducts: number;
  /** smtp(s)://… ; when absent mails are written to outboxDir. */
  smtpUrl: string | null;
  outboxDir: string;
  /** Origin the links in e-mails point at (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
  mailFrom: string;
  /** TRUST_PROXY=1: take the client IP (login throttling) from X-Forwarded-For. */
  trustProxy: boolean;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR,
    uploadsDir: env.UPLOADS_DIR ? path.resolve(env.UPLOADS_DIR) : DEFAULT_UPLOADS_DIR,
    siteRoot: env.SERVE_SITE === '0' ? null : REPO_ROOT,
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    logLevel: env.LOG_LEVEL || 'info',
    seedProducts: positiveInt(env.SEED_PRODUCTS, DEFAULT_SEED_PRODUCTS, 'SEED_PRODUCTS'),
    smtpUrl: env.SMTP_URL || null,
    outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : DEFAULT_OUTBOX_DIR,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM || 'Gifts That Speak <no-reply@localhost>',
    trustProxy: env.TRUST_PROXY === '1',
  };
}
