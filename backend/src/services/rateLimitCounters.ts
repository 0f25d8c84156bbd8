/**
 * Request counters for the rate limits (hooks/rateLimits.ts), kept in PostgreSQL so that every API
 * instance on one database counts together and a restart forgets nothing. A counter is one row per
 * key (a limit's name and a client): a fixed window that starts at the key's first hit and, once
 * ended, starts over at the next one. The time is the database's, the one clock every instance
 * shares.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { rateLimitCounters } from '../db/schema';
import { pruneLoginAttempts } from './loginThrottle';

export interface Hit {
  /** Hits of the key in its current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one hit of `key`: one statement, so PostgreSQL's row lock on the key makes concurrent hits
 * (from any instance) count one after another, and none is lost.
 */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute(sql`
    INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE LEAST(c.hits + 1, 2147483647) END,
      window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
    RETURNING c.hits,
      GREATEST(0, ceil(EXTRACT(EPOCH FROM c.window_ends_at - now()) * 1000))::int AS ttl_ms`);
  const [row] = rowsOf<{ hits: number; ttl_ms: number }>(result);
  if (!row) throw new Error(`rate limit hit of ${key} not counted`);
  return { current: row.hits, ttl: row.ttl_ms };
}

/** Deletes the counters whose window has ended (the next hit would start them over anyway). */
export async function pruneRateLimitCounters(db: Database): Promise<number> {
  const result = await db.execute(sql`WITH gone AS (
      DELETE FROM ${rateLimitCounters} WHERE ${rateLimitCounters.windowEndsAt} <= now() RETURNING 1
    ) SELECT count(*)::int AS n FROM gone`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/**
 * Housekeeping of every abuse counter: ended rate-limit windows, and sign-in attempts older than
 * the longest sign-in window. Answers how many rows went.
 */
export async function pruneExpiredCounters(db: Database): Promise<number> {
  return (await pruneRateLimitCounters(db)) + (await pruneLoginAttempts(db));
}
