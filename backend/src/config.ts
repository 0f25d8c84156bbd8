/** Everything the backend reads from the environment, read in one place. */
import { isIP } from 'node:net';
import path from 'node:path';
import type { RemoteName } from '@shop/contract';
import { REMOTE_NAMES } from '@shop/contract/schemas/remotes';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS } from './connectionLimits';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from './db/timeouts';
import {
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
  type RateLimits,
  TRUST_PROXY_RANGES,
  type TrustProxy,
} from './hooks/rateLimits';
import type { OverridePolicy } from './modules/remotes/overrides';
import { isRemoteName } from './modules/remotes/releaseStore';
import { type CanaryAbortRule, DEFAULT_CANARY_ABORT } from './modules/remotes/reports';
import type { S3StoreSettings } from './modules/remotes/s3ReleaseStore';

/** The repository root (backend/src → ../..). */
export const REPO_ROOT = path.resolve(__dirname, '../..');

export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data/pglite');

/**
 * Where uploaded files were kept before they went into the file store (issue 20): read at start-up
 * only, to copy what is there into the store (services/uploads.ts importUploadsFolder).
 */
export const DEFAULT_UPLOADS_DIR = path.join(REPO_ROOT, '.data/uploads');

export const DEFAULT_SEED_PRODUCTS = 320;

/** The release store's folder: every published version of every remote (issue 18). */
export const RELEASES_SUBDIR = '.data/releases';
export const DEFAULT_RELEASES_DIR = path.join(REPO_ROOT, RELEASES_SUBDIR);

/** Published versions kept per remote beside the live, canary and rollback ones (RELEASES_KEEP). */
export const DEFAULT_RELEASES_KEEP = 10;

/** Where password-reset (and later) mails go when no SMTP_URL is set: one .eml file per mail. */
export const DEFAULT_OUTBOX_DIR = path.join(REPO_ROOT, '.data/outbox');

/** Where shoppers send a Money Exchange Transfer, and the bank details shown for reference (spec 001 §2.3). */
export interface PaymentDetailsSettings {
  bank: {
    accountTitle: string;
    bankName: string;
    accountNumber: string;
    ibanNumber: string;
    swiftCode: string;
  };
  personal: { personName: string; personPhoneNumber: string };
}

/**
 * Checkout settings: the VAT every price includes, the payment details (demo defaults), the
 * free-shipping threshold and where a guest e-mails a transfer slip. The shop's payments and
 * shipping pages read these same settings (GET checkout-terms), so they cannot say otherwise.
 */
export interface CheckoutSettings {
  /** Percent of VAT included in every price (UAE: 5). */
  vatRate: number;
  paymentDetails: PaymentDetailsSettings;
  /** A cart whose products come to at least this many USD ships free; null: no such rule. */
  freeShippingOverUsd: number | null;
  /** The shop's address: guests e-mail their transfer slip to it, and it is every mail's Reply-To. */
  shopEmail: string;
}

export const DEFAULT_VAT_RATE = 5;

/** The shop's own address (the seeded contact page shows the same one). */
export const DEFAULT_SHOP_EMAIL = 'hello@example.com';

/** Demo values; a real shop sets every one of them (see backend/README.md). */
export const DEFAULT_PAYMENT_DETAILS: PaymentDetailsSettings = {
  bank: {
    accountTitle: 'Gifts That Speak Trading LLC',
    bankName: 'Emirates Demo Bank',
    accountNumber: '0123456789012',
    ibanNumber: 'AE070331234567890123456',
    swiftCode: 'EDBKAEADXXX',
  },
  personal: { personName: 'Rami Khoury', personPhoneNumber: '+961 3 123 456' },
};

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite at dataDir is used. */
  databaseUrl: string | null;
  dataDir: string;
  /** UPLOADS_DIR: the uploads folder of before issue 20, copied into the store at start-up. */
  uploadsDir: string;
  /** UPLOAD_S3_*: uploaded files go to that bucket; null: to the database (services/fileStore.ts). */
  uploadsS3: S3StoreSettings | null;
  /** Serve the shell and the remotes from this root (SERVE_SITE=0 turns it off). */
  siteRoot: string | null;
  logLevel: string;
  seedProducts: number;
  /** smtp(s)://… ; when absent mails are written to outboxDir. */
  smtpUrl: string | null;
  outboxDir: string;
  /** Origin the links in e-mails point at (PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
  mailFrom: string;
  /**
   * TRUST_PROXY: who is believed about the client's address (X-Forwarded-For), as a number of
   * proxy hops or a list of proxy addresses (hooks/rateLimits.ts, TrustProxy). Sign-in throttling
   * and rate limits key on the client IP it gives.
   */
  trustProxy: TrustProxy;
  /** Also SHOP_EMAIL (checkout.shopEmail), the Reply-To of every mail. */
  checkout: CheckoutSettings;
  /** PostgreSQL waits (DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS) and pool size (DB_POOL_SIZE). */
  databaseTimeouts: DatabaseTimeouts;
  /** HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS. */
  connections: ConnectionLimits;
  /** RATE_LIMITS: per-client limits that replace the defaults of hooks/rateLimits.ts, by name. */
  rateLimits: Partial<RateLimits>;
  releases: ReleaseConfig;
}

/** Remote releases (issue 18; docs/operations.md, "Releases"). */
export interface ReleaseConfig {
  /** RELEASES_DIR: the folder store. */
  releasesDir: string;
  /** RELEASES_KEEP: versions kept per remote by `npm run remotes -- prune`, beside those in use. */
  keep: number;
  /**
   * REMOTE_ORIGINS: `catalog=https://catalog.cdn.example,auth=…`: the origin each remote's files
   * are served from (each with every retained version under /mfe/<remote>/<version>/). Unset: here.
   */
  remoteOrigins: Partial<Record<RemoteName, string>>;
  /** CANARY_ABORT_FAILURE_PERCENT (2) of at least CANARY_ABORT_MIN_LOADS (50) loads ends a canary. */
  canaryAbort: CanaryAbortRule;
  /** REMOTE_OVERRIDES: 'open' lets any browser point a remote at a local build (never in production). */
  overrides: OverridePolicy;
  /** RELEASES_S3_*: the release store is that bucket instead of RELEASES_DIR; null: the folder. */
  s3: S3StoreSettings | null;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

/** The most proxy hops TRUST_PROXY may name; more is a typo, not a topology. */
export const MAX_TRUST_PROXY_HOPS = 10;

/** An address, or a CIDR range narrower than everything (`/0` would let any client name its IP). */
function isProxyAddress(entry: string): boolean {
  if (Object.hasOwn(TRUST_PROXY_RANGES, entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: a number of hops (`0` to MAX_TRUST_PROXY_HOPS), or a comma-separated list of proxy
 * addresses and CIDR ranges (`10.0.0.2,172.18.0.0/16`). Anything else stops the start.
 */
function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === '') return 0;
  if (/^\d+$/.test(value) && Number(value) <= MAX_TRUST_PROXY_HOPS) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server, 0 to ${MAX_TRUST_PROXY_HOPS} (0: none; 1: one gateway, as in docker-compose.yml), or a comma-separated list of the proxies' addresses and CIDR ranges (like 10.0.0.2,172.18.0.0/16; loopback, linklocal and uniquelocal name those ranges), got "${value}"${entries.length > 1 ? ` ("${wrong}" is neither)` : ''}`,
    );
  return entries;
}

/** A VAT percent: 0 up to 100, at most two decimals. */
function vatRateOf(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_VAT_RATE;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100 || Math.round(rate * 100) !== rate * 100)
    throw new Error(`VAT_RATE must be a percent from 0 to 100 with at most two decimals, got "${value}"`);
  return rate;
}

/** FREE_SHIPPING_OVER_USD: a positive USD amount, at most two decimals; unset or empty: none. */
function freeShippingOverOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) !== amount * 100)
    throw new Error(
      `FREE_SHIPPING_OVER_USD must be a positive USD amount with at most two decimals, got "${value}"`,
    );
  return amount;
}

/** A bare e-mail address: it goes into mail headers and the shop's pages. */
function shopEmailOf(value: string | undefined): string {
  if (value === undefined || value === '') return DEFAULT_SHOP_EMAIL;
  if (!/^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(value))
    throw new Error(`SHOP_EMAIL must be one e-mail address, got "${value}"`);
  return value;
}

function checkoutSettings(env: NodeJS.ProcessEnv): CheckoutSettings {
  const { bank, personal } = DEFAULT_PAYMENT_DETAILS;
  return {
    vatRate: vatRateOf(env.VAT_RATE),
    freeShippingOverUsd: freeShippingOverOf(env.FREE_SHIPPING_OVER_USD),
    shopEmail: shopEmailOf(env.SHOP_EMAIL),
    paymentDetails: {
      bank: {
        accountTitle: env.BANK_ACCOUNT_TITLE || bank.accountTitle,
        bankName: env.BANK_NAME || bank.bankName,
        accountNumber: env.BANK_ACCOUNT_NUMBER || bank.accountNumber,
        ibanNumber: env.BANK_IBAN || bank.ibanNumber,
        swiftCode: env.BANK_SWIFT_CODE || bank.swiftCode,
      },
      personal: {
        personName: env.TRANSFER_PERSON_NAME || personal.personName,
        personPhoneNumber: env.TRANSFER_PERSON_PHONE || personal.personPhoneNumber,
      },
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = positiveInt(env.PORT, 8080, 'PORT');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ? path.resolve(env.DATA_DIR) : DEFAULT_DATA_DIR,
    uploadsDir: env.UPLOADS_DIR ? path.resolve(env.UPLOADS_DIR) : DEFAULT_UPLOADS_DIR,
    uploadsS3: uploadsS3Of(env),
    siteRoot: env.SERVE_SITE === '0' ? null : REPO_ROOT,
    logLevel: env.LOG_LEVEL || 'info',
    seedProducts: positiveInt(env.SEED_PRODUCTS, DEFAULT_SEED_PRODUCTS, 'SEED_PRODUCTS'),
    smtpUrl: env.SMTP_URL || null,
    outboxDir: env.OUTBOX_DIR ? path.resolve(env.OUTBOX_DIR) : DEFAULT_OUTBOX_DIR,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    mailFrom: env.MAIL_FROM || 'Gifts That Speak <no-reply@localhost>',
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    checkout: checkoutSettings(env),
    databaseTimeouts: {
      connectMs: positiveInt(
        env.DB_CONNECT_TIMEOUT_MS,
        DEFAULT_DATABASE_TIMEOUTS.connectMs,
        'DB_CONNECT_TIMEOUT_MS',
      ),
      statementMs: positiveInt(
        env.DB_STATEMENT_TIMEOUT_MS,
        DEFAULT_DATABASE_TIMEOUTS.statementMs,
        'DB_STATEMENT_TIMEOUT_MS',
      ),
      poolSize: Math.max(
        1,
        positiveInt(env.DB_POOL_SIZE, DEFAULT_DATABASE_TIMEOUTS.poolSize, 'DB_POOL_SIZE'),
      ),
    },
    connections: connectionLimits(env),
    rateLimits: rateLimitsOf(env.RATE_LIMITS),
    releases: releaseConfig(env),
  };
}

function releaseConfig(env: NodeJS.ProcessEnv): ReleaseConfig {
  const production = env.NODE_ENV === 'production';
  const overrides = env.REMOTE_OVERRIDES || (production ? 'signed' : 'open');
  if (overrides !== 'signed' && overrides !== 'open')
    throw new Error(`REMOTE_OVERRIDES must be "signed" or "open", got "${overrides}"`);
  if (production && overrides === 'open')
    throw new Error('REMOTE_OVERRIDES=open is refused in production: use signed overrides');
  const failurePercent = env.CANARY_ABORT_FAILURE_PERCENT
    ? Number(env.CANARY_ABORT_FAILURE_PERCENT)
    : DEFAULT_CANARY_ABORT.failureRate * 100;
  if (!Number.isFinite(failurePercent) || failurePercent < 0 || failurePercent >= 100)
    throw new Error(
      `CANARY_ABORT_FAILURE_PERCENT must be a percent from 0 to below 100, got "${env.CANARY_ABORT_FAILURE_PERCENT}"`,
    );
  return {
    releasesDir: env.RELEASES_DIR ? path.resolve(env.RELEASES_DIR) : DEFAULT_RELEASES_DIR,
    keep: positiveInt(env.RELEASES_KEEP, DEFAULT_RELEASES_KEEP, 'RELEASES_KEEP'),
    remoteOrigins: remoteOriginsOf(env.REMOTE_ORIGINS),
    canaryAbort: {
      failureRate: failurePercent / 100,
      minLoads: Math.max(
        1,
        positiveInt(env.CANARY_ABORT_MIN_LOADS, DEFAULT_CANARY_ABORT.minLoads, 'CANARY_ABORT_MIN_LOADS'),
      ),
    },
    overrides,
    s3: releasesS3Of(env),
  };
}

export const DEFAULT_RELEASES_S3_REGION = 'us-east-1';

/**
 * RELEASES_S3_ENDPOINT and RELEASES_S3_BUCKET name an S3-compatible bucket as the release store,
 * RELEASES_S3_REGION (us-east-1) and RELEASES_S3_PREFIX (none) say where in it; the credentials
 * are RELEASES_S3_ACCESS_KEY_ID / RELEASES_S3_SECRET_ACCESS_KEY, else AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY. None set: the folder store. Half a setting is refused at start, not at
 * the first publish.
 */
export const releasesS3Of = (env: NodeJS.ProcessEnv): S3StoreSettings | null =>
  s3SettingsOf(env, 'RELEASES_S3_', 'release store', 'shop/releases');

/**
 * UPLOAD_S3_ENDPOINT and UPLOAD_S3_BUCKET name an S3-compatible bucket as the store of uploaded
 * files, read like RELEASES_S3_* (UPLOAD_S3_REGION, UPLOAD_S3_PREFIX, UPLOAD_S3_ACCESS_KEY_ID,
 * UPLOAD_S3_SECRET_ACCESS_KEY, else the AWS_ ones). None set: the files are kept in PostgreSQL.
 */
export const uploadsS3Of = (env: NodeJS.ProcessEnv): S3StoreSettings | null =>
  s3SettingsOf(env, 'UPLOAD_S3_', 'upload store', 'shop/uploads');

/** An S3 bucket's settings from the variables named `<p>ENDPOINT`, `<p>BUCKET`, …; null when none is set. */
function s3SettingsOf(
  env: NodeJS.ProcessEnv,
  p: 'RELEASES_S3_' | 'UPLOAD_S3_',
  what: string,
  examplePrefix: string,
): S3StoreSettings | null {
  const endpoint = env[`${p}ENDPOINT`] ?? '';
  const bucket = env[`${p}BUCKET`] ?? '';
  const named = Object.keys(env).filter((name) => name.startsWith(p) && env[name]);
  if (named.length === 0) return null;
  if (!endpoint || !bucket)
    throw new Error(
      `${p}ENDPOINT and ${p}BUCKET name the S3 ${what} together; ${named.join(', ')} set without ${endpoint ? `${p}BUCKET` : `${p}ENDPOINT`}`,
    );
  let url: URL | null = null;
  try {
    url = new URL(endpoint);
  } catch {
    url = null;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== endpoint.replace(/\/+$/, ''))
    throw new Error(
      `${p}ENDPOINT must be an http(s) origin without a path, like https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000, got "${endpoint}"`,
    );
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`${p}BUCKET must be a bucket name (3-63 of a-z 0-9 . -), got "${bucket}"`);
  const region = env[`${p}REGION`] || DEFAULT_RELEASES_S3_REGION;
  if (!/^[a-z0-9-]{1,40}$/.test(region))
    throw new Error(`${p}REGION must be a region name like eu-west-1, got "${region}"`);
  const rawPrefix = env[`${p}PREFIX`];
  const prefix = (rawPrefix ?? '').replace(/^\/+|\/+$/g, '');
  if (
    prefix &&
    (!/^[A-Za-z0-9._/-]{1,200}$/.test(prefix) || prefix.split('/').some((part) => /^\.*$/.test(part)))
  )
    throw new Error(
      `${p}PREFIX must be key segments of A-Z a-z 0-9 . _ - separated by /, like "${examplePrefix}", got "${rawPrefix}"`,
    );
  const accessKeyId = env[`${p}ACCESS_KEY_ID`] || env.AWS_ACCESS_KEY_ID || '';
  const secretAccessKey = env[`${p}SECRET_ACCESS_KEY`] || env.AWS_SECRET_ACCESS_KEY || '';
  if (!accessKeyId || !secretAccessKey)
    throw new Error(
      `The S3 ${what} needs credentials: ${p}ACCESS_KEY_ID and ${p}SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY)`,
    );
  return {
    endpoint: url.origin,
    bucket,
    region,
    prefix: prefix ? `${prefix}/` : '',
    accessKeyId,
    secretAccessKey,
  };
}

/** REMOTE_ORIGINS: `name=origin` pairs, comma-separated; each origin http(s) without a path. */
function remoteOriginsOf(value: string | undefined): Partial<Record<RemoteName, string>> {
  const origins: Partial<Record<RemoteName, string>> = {};
  if (value === undefined || value.trim() === '') return origins;
  for (const pair of value.split(',')) {
    const [name = '', origin = ''] = pair.split('=').map((part) => part.trim());
    let parsed: URL | null = null;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = null;
    }
    if (
      !isRemoteName(name) ||
      !parsed ||
      !['http:', 'https:'].includes(parsed.protocol) ||
      parsed.origin !== origin.replace(/\/+$/, '')
    )
      throw new Error(
        `REMOTE_ORIGINS must be remote=origin pairs (remotes: ${REMOTE_NAMES.join(', ')}; an origin like https://catalog.example.com, no path), got "${pair}"`,
      );
    origins[name] = parsed.origin;
  }
  return origins;
}

const isRateLimitName = (name: string): name is RateLimitName => Object.hasOwn(DEFAULT_RATE_LIMITS, name);

/**
 * RATE_LIMITS: `name=max` pairs, comma-separated (e.g. `signUp=200,registerGuest=200`), each the
 * requests a client may make in that limit's window (hooks/rateLimits.ts names them). For a shop
 * behind a gateway that cannot tell clients apart, or a test suite that signs many members up
 * from one address; unset: the defaults.
 */
function rateLimitsOf(value: string | undefined): Partial<RateLimits> {
  const limits: Partial<RateLimits> = {};
  if (value === undefined || value.trim() === '') return limits;
  for (const pair of value.split(',')) {
    const [name = '', max = ''] = pair.split('=').map((part) => part.trim());
    if (!isRateLimitName(name) || !/^[1-9]\d{0,6}$/.test(max))
      throw new Error(
        `RATE_LIMITS must be name=max pairs (names: ${Object.keys(DEFAULT_RATE_LIMITS).join(', ')}; max a whole number from 1), got "${pair}"`,
      );
    limits[name] = { ...DEFAULT_RATE_LIMITS[name], max: Number(max) };
  }
  return limits;
}

function connectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const d = DEFAULT_CONNECTION_LIMITS;
  const headersTimeoutMs = positiveInt(
    env.HTTP_HEADERS_TIMEOUT_MS,
    d.headersTimeoutMs,
    'HTTP_HEADERS_TIMEOUT_MS',
  );
  const requestTimeoutMs = positiveInt(
    env.HTTP_REQUEST_TIMEOUT_MS,
    d.requestTimeoutMs,
    'HTTP_REQUEST_TIMEOUT_MS',
  );
  // Node refuses a header timeout longer than the request timeout.
  if (requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs)
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: positiveInt(
      env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      d.keepAliveTimeoutMs,
      'HTTP_KEEP_ALIVE_TIMEOUT_MS',
    ),
    maxConnections: Math.max(1, positiveInt(env.MAX_CONNECTIONS, d.maxConnections, 'MAX_CONNECTIONS')),
    maxConnectionsPerAddress: positiveInt(
      env.MAX_CONNECTIONS_PER_ADDRESS,
      d.maxConnectionsPerAddress,
      'MAX_CONNECTIONS_PER_ADDRESS',
    ),
  };
}
