/**
 * Password hashing with scrypt (node:crypto), stored as `scrypt$N$r$p$salt$hash` (salt and hash
 * base64). crypto.scrypt runs on the libuv thread pool, so a hash (~50-100 ms at N = 2^15) never
 * blocks the event loop. The parameters travel with each hash, so raising N later still verifies
 * old hashes (and login re-hashes them: see needsRehash).
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * N = 2^15, r = 8, p = 1: 32 MiB of memory per hash, tens of milliseconds. (OWASP suggests 2^17
 * for scrypt; 2^15 keeps a sign-in well under 100 ms on a small 2-core server while four hashes
 * run at once on the libuv pool. Raise with the `scryptLogN` option; old hashes still verify.)
 */
export const DEFAULT_SCRYPT_LOG_N = 15;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Refuse absurd parameters read back from the database (a tampered row must not eat the RAM). */
const MAX_LOG_N = 20;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** scrypt needs 128·N·r bytes; twice that leaves room (Node's default maxmem is 32 MiB). */
const maxmemOf = ({ N, r, p }: ScryptParams) => 256 * N * r * p;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      KEY_BYTES,
      { ...params, maxmem: maxmemOf(params) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, logN = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const params = { N: 2 ** logN, r: R, p: P };
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return null;
  if (N > 2 ** MAX_LOG_N || (N & (N - 1)) !== 0 || r > 32 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const key = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length === 0 || key.length !== KEY_BYTES) return null;
  return { params: { N, r, p }, salt, key };
}

/** Constant-time comparison; a malformed stored value simply does not match. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scryptAsync(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with weaker parameters than the current ones. */
export function needsRehash(stored: string, logN = DEFAULT_SCRYPT_LOG_N): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < 2 ** logN || parsed.params.r !== R || parsed.params.p !== P;
}

/**
 * Hashing at one cost, plus a fixed dummy hash at that cost: checking a password for an e-mail
 * that has no account verifies against the dummy, so it takes as long as a wrong password.
 */
export class PasswordHasher {
  private dummy: Promise<string> | null = null;

  constructor(readonly logN = DEFAULT_SCRYPT_LOG_N) {}

  /** Compute the dummy ahead of the first sign-in (else the first unknown e-mail pays twice). */
  async warm(): Promise<void> {
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.logN);
    await this.dummy;
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.logN);
  }

  verify(password: string, stored: string | null): Promise<boolean> {
    if (stored) return verifyPassword(password, stored);
    this.dummy ??= hashPassword(randomBytes(16).toString('hex'), this.logN);
    // The dummy's password is random and forgotten: this always ends false, after the same work.
    return this.dummy.then((dummy) => verifyPassword(password, dummy)).then(() => false);
  }

  needsRehash(stored: string): boolean {
    return needsRehash(stored, this.logN);
  }
}
