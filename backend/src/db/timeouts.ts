/**
 * How long the API waits for PostgreSQL before it answers 503 instead of hanging. A server that is
 * down refuses at once; these bound the other cases: a server that accepts connections but never
 * answers (frozen, overloaded, a network that drops packets) and a statement that runs too long.
 */
export interface DatabaseTimeouts {
  /** Opening a connection (TCP and PostgreSQL's start-up); pool `connectionTimeoutMillis`. */
  connectMs: number;
  /**
   * PostgreSQL's `statement_timeout` for every statement (0: none, for migrations and seeding);
   * the client also stops waiting for an answer this long plus QUERY_TIMEOUT_GRACE_MS, which is
   * what ends a wait on a server that stopped answering at all.
   */
  statementMs: number;
  /** Connections the pool keeps open at most. */
  poolSize: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 2000,
  statementMs: 3000,
  poolSize: 10,
};

/** The server cancels a statement at statementMs; the client gives it this much longer to say so. */
export const QUERY_TIMEOUT_GRACE_MS = 1000;
