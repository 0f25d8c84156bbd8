/**
 * Login throttling: failed sign-ins are rows of login_attempts, counted in a sliding window per
 * client IP, per IP + e-mail and per account (the e-mail from every IP together; an attempt is
 * recorded when it starts and removed if it succeeds). Buyers and admins are counted apart (the
 * realm column), each with limits of its own. The store is the database, not process memory, so
 * every server process behind one database (and a restarted one) sees the same counts; the cost
 * is three indexed count queries per sign-in and one insert per failure, small next to the scrypt
 * hash itself.
 */
import { normalizeIP } from '@fastify/rate-limit';
import { and, count, desc, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { type LoginRealm, loginAttempts } from '../db/schema';
import { AppError } from '../errors';

export interface ThrottleLimits {
  /** Failed attempts allowed per IP in the window (then 429). */
  perIp: number;
  /** Failed attempts allowed per IP + e-mail in the window (then 429). */
  perIpAndEmail: number;
  /**
   * Failed attempts allowed per e-mail from all IPs together (then 429 from every IP): guesses
   * spread over many addresses still meet a limit. Counted for unknown e-mails the same way, so
   * the throttle tells nothing about which accounts exist.
   */
  perAccount: number;
  windowMs: number;
}

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000;

/**
 * A buyer's account closes to sign-in after 10 failures in 15 minutes, whatever the IPs: at most
 * 40 guesses an hour, against 2,400 from 25 IPs with only the per-IP + e-mail limit. The owner is
 * never shut out for longer than the window after the last guess, and a password reset clears the
 * account's counters at once.
 */
export const DEFAULT_THROTTLE: ThrottleLimits = {
  perIp: 20,
  perIpAndEmail: 5,
  perAccount: 10,
  windowMs: FIFTEEN_MINUTES_MS,
};

/** Admins are few and sign in rarely: a smaller per-IP budget, counted apart from buyers'. */
export const DEFAULT_ADMIN_THROTTLE: ThrottleLimits = {
  perIp: 10,
  perIpAndEmail: 5,
  perAccount: 10,
  windowMs: FIFTEEN_MINUTES_MS,
};

/** Rows older than this count for no default limit; housekeeping deletes them. */
export const LOGIN_ATTEMPTS_KEPT_MS = Math.max(DEFAULT_THROTTLE.windowMs, DEFAULT_ADMIN_THROTTLE.windowMs);

const normalEmail = (email: string) => email.trim().toLowerCase();

/** A sign-in in progress: counted as a failure until it is known to have succeeded. */
export interface PendingAttempt {
  id: number;
  ip: string;
  email: string;
}

export class LoginThrottle {
  constructor(
    private readonly db: Database,
    readonly limits: ThrottleLimits = DEFAULT_THROTTLE,
    readonly realm: LoginRealm = 'buyer',
  ) {}

  /**
   * Records the attempt as a failure first and then counts, so a burst of parallel guesses cannot
   * all pass the check before the first of them is recorded (scrypt takes ~100 ms each). Over a
   * limit: the row is taken back (a refused request is not an attempt) and 429 is thrown with the
   * seconds until the next attempt is allowed; no password work is done.
   */
  async begin(rawIp: string, rawEmail: string): Promise<PendingAttempt> {
    // An IPv6 client is counted by its /64, as the rate limits do: one host owns the whole block.
    const ip = normalizeIP(rawIp);
    const email = normalEmail(rawEmail);
    const { realm } = this;
    // One clock (this process's) for writing and reading the times, not the database's now().
    const now = Date.now();
    const [row] = await this.db
      .insert(loginAttempts)
      .values({ ip, email, realm, attemptedAt: new Date(now) })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error('login attempt not recorded');
    const limited = this.windows(ip, email, now);
    const counts = await Promise.all(limited.map(({ where }) => this.countOf(where)));
    if (limited.every(({ limit }, index) => (counts[index] ?? 0) <= limit)) return { id: row.id, ip, email };

    await this.db.delete(loginAttempts).where(eq(loginAttempts.id, row.id));
    let wait = 1;
    for (const { where, limit } of limited)
      wait = Math.max(wait, await this.secondsUntilFree(where, limit, now));
    const minutes = Math.ceil(wait / 60);
    throw new AppError(
      429,
      'TOO_MANY_REQUESTS',
      `Too many sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      undefined,
      { 'retry-after': String(wait) },
    );
  }

  /** The failure stays recorded; this IP's rows that have left the window are dropped. */
  async failed(attempt: PendingAttempt): Promise<void> {
    await this.db
      .delete(loginAttempts)
      .where(
        and(
          eq(loginAttempts.realm, this.realm),
          eq(loginAttempts.ip, attempt.ip),
          lt(loginAttempts.attemptedAt, new Date(Date.now() - this.limits.windowMs)),
        ),
      );
  }

  /**
   * A success is no failure, and clears the IP + e-mail counter (so those failures leave the
   * account's count too: they were the owner's typos). The earlier failures stay (marked) for the
   * IP counter: signing in to one's own account must not reset the IP's budget for guessing other
   * accounts. Other IPs' failures on the account keep counting.
   */
  async succeeded(attempt: PendingAttempt): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    await this.db
      .update(loginAttempts)
      .set({ cleared: true })
      .where(
        and(
          eq(loginAttempts.realm, this.realm),
          eq(loginAttempts.ip, attempt.ip),
          eq(loginAttempts.email, attempt.email),
        ),
      );
  }

  /**
   * A password reset proves the owner: clear that e-mail's counters at every IP (the per-account
   * lock included), so the owner signs in with the new password at once.
   */
  async clearEmail(email: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ cleared: true })
      .where(and(eq(loginAttempts.realm, this.realm), eq(loginAttempts.email, normalEmail(email))));
  }

  /** Each limit with the rows it counts. */
  private windows(ip: string, email: string, now: number): { where: SQL | undefined; limit: number }[] {
    const recent = and(
      eq(loginAttempts.realm, this.realm),
      gt(loginAttempts.attemptedAt, new Date(now - this.limits.windowMs)),
    );
    const byAccount = and(recent, eq(loginAttempts.email, email), eq(loginAttempts.cleared, false));
    return [
      { where: and(recent, eq(loginAttempts.ip, ip)), limit: this.limits.perIp },
      { where: and(byAccount, eq(loginAttempts.ip, ip)), limit: this.limits.perIpAndEmail },
      { where: byAccount, limit: this.limits.perAccount },
    ];
  }

  private async countOf(where: SQL | undefined): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(loginAttempts).where(where);
    return total?.n ?? 0;
  }

  /**
   * 0 while fewer than `limit` failures are in the window; otherwise the seconds until the
   * limit-th most recent one leaves the window (then one more attempt is allowed).
   */
  private async secondsUntilFree(where: SQL | undefined, limit: number, now: number): Promise<number> {
    if ((await this.countOf(where)) < limit) return 0;
    const [pivot] = await this.db
      .select({ at: loginAttempts.attemptedAt })
      .from(loginAttempts)
      .where(where)
      .orderBy(desc(loginAttempts.attemptedAt))
      .offset(Math.max(0, limit - 1))
      .limit(1);
    if (!pivot) return 0;
    return Math.ceil((pivot.at.getTime() + this.limits.windowMs - now) / 1000);
  }
}

/**
 * Deletes sign-in attempts older than `keptMs` (default: the longest default window), which no
 * limit counts any more; answers how many rows went. For the scheduled housekeeping.
 */
export async function pruneLoginAttempts(db: Database, keptMs = LOGIN_ATTEMPTS_KEPT_MS): Promise<number> {
  const before = new Date(Date.now() - keptMs).toISOString();
  const result = await db.execute(sql`WITH gone AS (
      DELETE FROM ${loginAttempts} WHERE ${loginAttempts.attemptedAt} < ${before}::timestamptz RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
