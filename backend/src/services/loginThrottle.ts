/**
 * Login throttling: failed sign-ins are rows of login_attempts, counted in a sliding window per
 * client IP and per IP + e-mail (an attempt is recorded when it starts and removed if it succeeds). The store is the database, not process memory, so every server
 * process behind one database (and a restarted one) sees the same counts; the cost is one indexed
 * count query per sign-in and one insert per failure, small next to the scrypt hash itself.
 */
import { and, count, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginAttempts } from '../db/schema';
import { AppError } from '../errors';

export interface ThrottleLimits {
  /** Failed attempts allowed per IP in the window (then 429). */
  perIp: number;
  /** Failed attempts allowed per IP + e-mail in the window (then 429). */
  perIpAndEmail: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = {
  perIp: 20,
  perIpAndEmail: 5,
  windowMs: 15 * 60 * 1000,
};

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
  ) {}

  /**
   * Records the attempt as a failure first and then counts, so a burst of parallel guesses cannot
   * all pass the check before the first of them is recorded (scrypt takes ~100 ms each). Over a
   * limit: the row is taken back (a refused request is not an attempt) and 429 is thrown with the
   * seconds until the next attempt is allowed; no password work is done.
   */
  async begin(ip: string, rawEmail: string): Promise<PendingAttempt> {
    const email = normalEmail(rawEmail);
    // One clock (this process's) for writing and reading the times, not the database's now().
    const now = Date.now();
    const [row] = await this.db
      .insert(loginAttempts)
      .values({ ip, email, attemptedAt: new Date(now) })
      .returning({ id: loginAttempts.id });
    if (!row) throw new Error('login attempt not recorded');
    const { byIp, byIpAndEmail } = this.windows(ip, email, now);
    const [ipCount, pairCount] = await Promise.all([this.countOf(byIp), this.countOf(byIpAndEmail)]);
    if (ipCount <= this.limits.perIp && pairCount <= this.limits.perIpAndEmail)
      return { id: row.id, ip, email };

    await this.db.delete(loginAttempts).where(eq(loginAttempts.id, row.id));
    const wait = Math.max(
      1,
      await this.secondsUntilFree(byIp, this.limits.perIp, now),
      await this.secondsUntilFree(byIpAndEmail, this.limits.perIpAndEmail, now),
    );
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
          eq(loginAttempts.ip, attempt.ip),
          lt(loginAttempts.attemptedAt, new Date(Date.now() - this.limits.windowMs)),
        ),
      );
  }

  /**
   * A success is no failure, and clears the IP + e-mail counter. The earlier failures stay
   * (marked) for the IP counter: signing in to one's own account must not reset the IP's budget
   * for guessing other accounts.
   */
  async succeeded(attempt: PendingAttempt): Promise<void> {
    await this.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt.id));
    await this.db
      .update(loginAttempts)
      .set({ cleared: true })
      .where(and(eq(loginAttempts.ip, attempt.ip), eq(loginAttempts.email, attempt.email)));
  }

  /** A password reset proves the owner: clear that e-mail's counters at every IP. */
  async clearEmail(email: string): Promise<void> {
    await this.db
      .update(loginAttempts)
      .set({ cleared: true })
      .where(eq(loginAttempts.email, normalEmail(email)));
  }

  private windows(ip: string, email: string, now: number) {
    const byIp = and(
      eq(loginAttempts.ip, ip),
      gt(loginAttempts.attemptedAt, new Date(now - this.limits.windowMs)),
    );
    const byIpAndEmail = and(byIp, eq(loginAttempts.email, email), eq(loginAttempts.cleared, false));
    return { byIp, byIpAndEmail };
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
