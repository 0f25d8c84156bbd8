/**
 * Outgoing mail as a queue in PostgreSQL (issue 20; table mail_queue, migration 0022), shared by
 * every API instance on the database.
 *
 * - `queueMail(tx, message)` inserts a mail in the caller's transaction, so it exists exactly when
 *   what it tells about committed (an order's confirmation with the order). A request never waits
 *   for SMTP: it only writes a row.
 * - Each instance runs a `MailSender`. It looks for due mail every `pollMs` (and at once when its
 *   own instance queued one), claims one due mail at a time with FOR UPDATE SKIP LOCKED, moving it
 *   to `sending` with a lease (`leaseMs`), hands it over (SMTP or the outbox folder, mailer.ts) and
 *   marks it `sent`. Two senders never claim one row; a sender that died leaves its mail due again
 *   when the lease ends. Marks are fenced by the attempt number: a sender whose lease ran out
 *   cannot mark a mail another sender has claimed since.
 * - A failed attempt is retried with exponential backoff (the first delay doubled per attempt up
 *   to a cap) until the attempts run out; a mail the SMTP server refuses for good (a 5xx answer to
 *   its envelope or message) fails at once. Failed mails stay in the table with their last error
 *   for operators (docs/operations.md, "Mail"), who can queue one again (`requeueFailedMail`)
 *   unless it carried a secret (a reset link), whose bodies are cleared when it fails.
 * - The database away: a pass fails, is logged once, and the sender retries at growing intervals
 *   (up to `outageBackoffMaxMs`) and carries on by itself when the database is back.
 *
 * The at-least-once window: a sender that dies after the SMTP server accepted a mail and before
 * the `sent` mark committed leaves the mail to be sent again when its lease ends. The mark is the
 * very next statement and is retried (the database away) while the lease lasts; every attempt of
 * one mail carries the same Message-ID, so a receiving system that deduplicates sees it once.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/migrate';
import { mailQueue } from '../db/schema';

/** What a mail says and to whom (the sender adds From and Reply-To). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The mail carries a secret (a password reset link): its bodies are cleared when it is given
   * up, not kept for an operator to queue it again (a reset link must not linger in the table).
   */
  carriesSecret?: boolean;
}

/** A mail a sender has claimed: its row, and the attempt this claim is (the fence of its marks). */
export interface ClaimedMail {
  id: number;
  attempt: number;
  /** When it was queued (ms since the epoch): its Date header and outbox file name. */
  createdAtMs: number;
  message: MailMessage;
}

export interface MailRetryPolicy {
  /** The wait after the first failed attempt; each further one doubles it… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
  /** Attempts in all; the last one failing marks the mail failed. */
  maxAttempts: number;
}

export interface MailQueueSettings {
  /** How often an idle sender looks for due mail (its own instance's mails wake it at once). */
  pollMs: number;
  /** How long a claim keeps other senders off a mail; far beyond an SMTP exchange's timeouts. */
  leaseMs: number;
  retry: MailRetryPolicy;
  /** The longest pause between passes while the database is away. */
  outageBackoffMaxMs: number;
  /** The first wait before marking a sent mail again (the database away); doubled each time… */
  markRetryFirstMs: number;
  /** …up to this, so the mark is tried often while the lease lasts. */
  markRetryMaxMs: number;
  /** How long idle() waits at most for the mail in flight on any instance before it throws. */
  drainTimeoutMs: number;
}

/**
 * 5 s, 10 s, 20 s … capped at 15 min, 12 attempts: a mail is given up about an hour after its
 * first attempt (an SMTP server down for longer than that needs an operator anyway).
 */
export const DEFAULT_MAIL_RETRY: MailRetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 15 * 60_000,
  maxAttempts: 12,
};

export const DEFAULT_MAIL_QUEUE_SETTINGS: MailQueueSettings = {
  // A mail is on its way within half a second on any instance (the e2e journeys read the outbox).
  pollMs: 500,
  leaseMs: 5 * 60_000,
  retry: DEFAULT_MAIL_RETRY,
  outageBackoffMaxMs: 10_000,
  markRetryFirstMs: 250,
  markRetryMaxMs: 5_000,
  // Far beyond an SMTP exchange's timeouts, far below a dead sender's lease.
  drainTimeoutMs: 60_000,
};

/** A sent mail's row (its bodies already cleared) is kept this long, then housekeeping deletes it. */
export const MAIL_SENT_KEPT_DAYS = 7;
/**
 * A failed mail is kept this long for operators to look into (and queue again), then deleted; one
 * that carries a secret loses its bodies when it is given up (a reset link must not wait here).
 */
export const MAIL_FAILED_KEPT_DAYS = 30;
/** The rows housekeeping deletes (services/housekeeping.ts); mail still to be sent is never among them. */
export const MAIL_QUEUE_EXPIRED = sql.raw(
  `(status = 'sent' AND sent_at < now() - interval '${MAIL_SENT_KEPT_DAYS} days') OR (status = 'failed' AND last_attempt_at < now() - interval '${MAIL_FAILED_KEPT_DAYS} days')`,
);

/** The wait after `attempts` failed attempts: firstDelayMs · 2^(attempts − 1), at most maxDelayMs. */
export function retryDelayMs(policy: MailRetryPolicy, attempts: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempts - 1));
}

/** Anything that can insert: the database, or the transaction of the write the mail tells about. */
export type MailQueueWriter = Pick<Database, 'insert'>;

/** Queues `message` in `db` (a transaction: it is sent once that commits). */
export async function queueMail(db: MailQueueWriter, message: MailMessage): Promise<void> {
  await db.insert(mailQueue).values({
    recipient: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    carriesSecret: message.carriesSecret ?? false,
  });
}

/** Rows of one INSERT of queueMails (well under PostgreSQL's 65,535 parameters). */
const MAILS_PER_INSERT = 1000;

/** Queues many mails in `db` (a transaction), a thousand rows a statement (notify-me on a restock). */
export async function queueMails(db: MailQueueWriter, messages: readonly MailMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += MAILS_PER_INSERT) {
    await db.insert(mailQueue).values(
      messages.slice(start, start + MAILS_PER_INSERT).map((message) => ({
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        carriesSecret: message.carriesSecret ?? false,
      })),
    );
  }
}

const DUE = sql`(status = 'queued' OR status = 'sending') AND next_attempt_at <= now()`;
const millis = (ms: number) => sql`(${Math.round(ms)}::int * interval '1 millisecond')`;

interface ClaimedRow {
  id: string | number;
  attempts: number;
  created_ms: number;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
}

/**
 * Claims the next due mail for `leaseMs`, or answers null. SKIP LOCKED passes over a row another
 * sender is claiming this instant; one it claimed a moment ago is no longer due (its lease).
 */
export async function claimNextMail(db: Database, leaseMs: number): Promise<ClaimedMail | null> {
  const [row] = rowsOf<ClaimedRow>(
    await db.execute(sql`UPDATE mail_queue
        SET status = 'sending', attempts = attempts + 1, last_attempt_at = now(),
            next_attempt_at = now() + ${millis(leaseMs)}
      WHERE id = (SELECT id FROM mail_queue WHERE ${DUE}
                   ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, attempts, (extract(epoch FROM created_at) * 1000)::float8 AS created_ms,
                recipient, subject, text_body, html_body`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    attempt: Number(row.attempts),
    createdAtMs: Math.round(Number(row.created_ms)),
    message: {
      to: row.recipient,
      subject: row.subject,
      text: row.text_body ?? '',
      html: row.html_body ?? '',
    },
  };
}

/**
 * Marks a claimed mail sent and clears its bodies (a reset link must not outlive its sending).
 * False when the claim was lost (its lease ran out and another sender took the mail).
 */
export async function markMailSent(db: Database, mail: ClaimedMail): Promise<boolean> {
  const result = await db.execute(sql`UPDATE mail_queue
      SET status = 'sent', sent_at = now(), text_body = NULL, html_body = NULL, last_error = NULL
    WHERE id = ${mail.id} AND attempts = ${mail.attempt} AND status = 'sending'
    RETURNING id`);
  return rowsOf(result).length === 1;
}

export type UnsentOutcome = 'retry' | 'failed' | 'claim lost';

/**
 * Records a failed attempt: due again after the backoff (counted from the attempt's start), or
 * failed for good when `permanent` or out of attempts. A mail given up keeps its bodies for an
 * operator to queue it again, unless it carries a secret: then only recipient, subject and the
 * last error stay.
 */
export async function markMailUnsent(
  db: Database,
  mail: ClaimedMail,
  error: string,
  permanent: boolean,
  policy: MailRetryPolicy,
): Promise<UnsentOutcome> {
  const giveUp = permanent || mail.attempt >= policy.maxAttempts;
  const result = await db.execute(sql`UPDATE mail_queue
      SET status = ${giveUp ? 'failed' : 'queued'}, last_error = ${error.slice(0, 2000)},
          ${
            giveUp
              ? sql`text_body = CASE WHEN carries_secret THEN NULL ELSE text_body END,
                    html_body = CASE WHEN carries_secret THEN NULL ELSE html_body END,`
              : sql``
          }
          next_attempt_at = last_attempt_at + ${millis(retryDelayMs(policy, mail.attempt))}
    WHERE id = ${mail.id} AND attempts = ${mail.attempt} AND status = 'sending'
    RETURNING id`);
  if (rowsOf(result).length === 0) return 'claim lost';
  return giveUp ? 'failed' : 'retry';
}

/** A failed mail as operators see it (the admin CLI's `failed-mails`). */
export interface FailedMail {
  id: number;
  recipient: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  lastAttemptAt: Date | null;
  /** False when its bodies were cleared (it carried a secret): it cannot be queued again. */
  requeueable: boolean;
}

/** The failed mails, newest attempt first, at most `limit`. */
export async function listFailedMails(db: Database, limit: number): Promise<FailedMail[]> {
  const rows = await db
    .select({
      id: mailQueue.id,
      recipient: mailQueue.recipient,
      subject: mailQueue.subject,
      attempts: mailQueue.attempts,
      lastError: mailQueue.lastError,
      lastAttemptAt: mailQueue.lastAttemptAt,
      requeueable: sql<boolean>`${mailQueue.textBody} IS NOT NULL`,
    })
    .from(mailQueue)
    .where(eq(mailQueue.status, 'failed'))
    .orderBy(desc(mailQueue.lastAttemptAt), desc(mailQueue.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, requeueable: row.requeueable === true }));
}

/**
 * What became of a request to queue a failed mail again: queued (due now, with every attempt of
 * the retry policy ahead and the same Message-ID), or why not: no such mail, a mail that has not
 * failed (queued, being sent or sent), or one whose bodies were cleared (it carried a secret).
 */
export type RequeueResult =
  | { requeued: { id: number; recipient: string; subject: string } }
  | { refused: RefusedRequeue };
export type RefusedRequeue = 'not found' | 'not failed' | 'bodies cleared';

/** Why a mail cannot be queued again, in an operator's words (the admin API and CLI). */
export const REQUEUE_REFUSALS: Record<RefusedRequeue, string> = {
  'not found': 'No such mail.',
  'not failed': 'Only a failed mail can be queued again.',
  'bodies cleared':
    'This mail carried a secret (a password reset link), so its text was cleared when it failed; the shopper can ask for a new one.',
};

/** Queues failed mail `id` again (call the mailer's wake() after the commit). */
export async function requeueFailedMail(db: Database, id: number): Promise<RequeueResult> {
  const [requeued] = rowsOf<{ id: string | number; recipient: string; subject: string }>(
    await db.execute(sql`UPDATE mail_queue
        SET status = 'queued', attempts = 0, next_attempt_at = now()
      WHERE id = ${id} AND status = 'failed' AND text_body IS NOT NULL AND html_body IS NOT NULL
      RETURNING id, recipient, subject`),
  );
  if (requeued) return { requeued: { ...requeued, id: Number(requeued.id) } };
  const [row] = await db.select({ status: mailQueue.status }).from(mailQueue).where(eq(mailQueue.id, id));
  if (!row) return { refused: 'not found' };
  return { refused: row.status === 'failed' ? 'bodies cleared' : 'not failed' };
}

/** True while some mail is due or being sent by some instance (mails waiting for a retry are not). */
export async function mailInFlight(db: Database): Promise<boolean> {
  const [row] = rowsOf<{ busy: boolean }>(
    await db.execute(
      sql`SELECT EXISTS (SELECT 1 FROM mail_queue WHERE status = 'sending' OR (${DUE})) AS busy`,
    ),
  );
  return row?.busy === true;
}

/** Hands a claimed mail over (SMTP, the outbox); throws when it was not accepted. */
export type DeliverMail = (mail: ClaimedMail) => Promise<void>;

/** Whether a delivery error is final for this mail (retrying cannot help). */
export type IsPermanentFailure = (error: unknown) => boolean;

export interface MailSenderLog {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** drain() looks again this often while another instance is sending. */
const DRAIN_RECHECK_MS = 20;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** One instance's sender: a loop over the queue, started once and stopped on close. */
export class MailSender {
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = 0;
  /** The passes of this sender, one after another (a pass never overlaps another). */
  private passes: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopped = false;
  /** Aborted by stop(): ends a wait between marks at once. */
  private readonly stopping = new AbortController();
  /** Passes failed in a row (the database away). */
  private failedPasses = 0;
  private log: MailSenderLog | null = null;

  constructor(
    private readonly db: Database,
    private readonly deliver: DeliverMail,
    private readonly isPermanent: IsPermanentFailure,
    private readonly settings: MailQueueSettings,
  ) {}

  start(log: MailSenderLog): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.log = log;
    this.schedule(0);
  }

  /** A mail was just queued (and committed) here: look now rather than at the next poll. */
  wake(): void {
    this.schedule(0);
  }

  /**
   * Resolves once no mail is due or being sent by any instance: this sender sent what was due,
   * and what another instance had claimed has been marked. Mails waiting for a retry do not count.
   * For tests and tools, before they read the outbox. Throws once the sender is stopped (nothing
   * here would send what is due) or after `drainTimeoutMs` (a mail claimed by a sender that died
   * stays in flight until its lease ends).
   */
  async drain(timeoutMs = this.settings.drainTimeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.stopped) throw new Error('mail sender stopped: nothing here sends the mail in flight');
      await this.pass();
      if (!(await mailInFlight(this.db))) return;
      if (Date.now() >= deadline)
        throw new Error(`mail still in flight after ${timeoutMs} ms (a sender that died holds a lease?)`);
      await sleep(DRAIN_RECHECK_MS);
    }
  }

  /** Stops the loop; the mail being handed over (if any) is finished and marked first. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.passes.catch(() => undefined);
  }

  /** Runs `tick` after `delayMs`, unless a tick is already due sooner. */
  private schedule(delayMs: number): void {
    if (!this.started || this.stopped) return;
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.timerDueAt <= dueAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delayMs);
    // The loop alone does not keep a process alive (stop() ends it on close).
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.pass();
      if (this.failedPasses > 0) this.log?.info('mail queue: the database answers again; sending resumed');
      this.failedPasses = 0;
      this.schedule(this.settings.pollMs);
    } catch (error) {
      this.failedPasses += 1;
      const delay = Math.min(
        this.settings.outageBackoffMaxMs,
        this.settings.pollMs * 2 ** Math.min(this.failedPasses, 20),
      );
      // Once per outage: the log is not flooded while the database is away.
      if (this.failedPasses === 1)
        this.log?.warn(
          { err: error },
          `mail queue unreachable; trying again at growing intervals up to ${this.settings.outageBackoffMaxMs} ms`,
        );
      this.schedule(delay);
    }
  }

  /** Sends every due mail, one claim at a time, after the pass under way (if any). */
  private pass(): Promise<void> {
    const run = this.passes.catch(() => undefined).then(() => this.sendDue());
    this.passes = run;
    return run;
  }

  private async sendDue(): Promise<void> {
    while (!this.stopped) {
      const mail = await claimNextMail(this.db, this.settings.leaseMs);
      if (!mail) return;
      await this.handOver(mail);
    }
  }

  private async handOver(mail: ClaimedMail): Promise<void> {
    const claimedAt = Date.now();
    try {
      await this.deliver(mail);
    } catch (error) {
      const permanent = this.isPermanent(error);
      // If this mark fails too (the database away), the mail stays claimed and is tried again
      // when its lease ends.
      const outcome = await markMailUnsent(this.db, mail, messageOf(error), permanent, this.settings.retry);
      const details = { err: error, mailId: mail.id, attempt: mail.attempt };
      if (outcome === 'failed')
        this.log?.error(details, `mail ${mail.id} failed for good (see mail_queue.last_error)`);
      else if (outcome === 'retry')
        this.log?.warn(
          details,
          `mail ${mail.id} not sent; retrying in ${retryDelayMs(this.settings.retry, mail.attempt)} ms`,
        );
      return;
    }
    await this.markSent(mail, claimedAt);
  }

  /**
   * The mark right after the SMTP answer; while the database is away it is tried again (every
   * `markRetryMaxMs` at the most) as long as half the lease lasts, which keeps the window for a
   * second sending as short as it can be. A stop ends the waiting at once: a shutdown is not held
   * for the database (the lease covers the mail).
   */
  private async markSent(mail: ClaimedMail, claimedAt: number): Promise<void> {
    const { markRetryFirstMs, markRetryMaxMs, leaseMs } = this.settings;
    let wait = Math.min(markRetryFirstMs, markRetryMaxMs);
    for (let failed = 1; ; failed++, wait = Math.min(wait * 2, markRetryMaxMs)) {
      try {
        if (!(await markMailSent(this.db, mail)))
          this.log?.warn({ mailId: mail.id }, `mail ${mail.id} sent after its claim ran out`);
        return;
      } catch (error) {
        if (this.stopped || Date.now() + wait - claimedAt > leaseMs / 2) throw this.unmarked(mail, error);
        if (failed === 1)
          this.log?.warn(
            { err: error, mailId: mail.id },
            `mail ${mail.id} sent but not marked yet; trying again`,
          );
        try {
          await sleep(wait, undefined, { signal: this.stopping.signal });
        } catch {
          throw this.unmarked(mail, error);
        }
      }
    }
  }

  /** Logs a sent mail given up on unmarked, and answers the error to throw. */
  private unmarked(mail: ClaimedMail, error: unknown): unknown {
    this.log?.error(
      { err: error, mailId: mail.id },
      `mail ${mail.id} was sent but could not be marked; it will be sent again when its claim ends`,
    );
    return error;
  }
}
