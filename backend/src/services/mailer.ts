/**
 * Outgoing e-mail: queued in PostgreSQL with what it tells about (services/mailQueue.ts) and
 * handed over by this instance's sender, through nodemailer: SMTP when SMTP_URL is set, otherwise
 * each message is written as `<queued ms>-<id in hex>.eml` into the outbox folder (`.data/outbox`,
 * OUTBOX_DIR), where a developer (or a test) opens it.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import {
  type ClaimedMail,
  DEFAULT_MAIL_QUEUE_SETTINGS,
  type MailMessage,
  type MailQueueSettings,
  type MailQueueWriter,
  MailSender,
  type MailSenderLog,
  queueMail,
} from './mailQueue';

export type { MailMessage } from './mailQueue';

export interface MailSettings {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  /** Every mail's Reply-To: the shop's address, which someone reads (From is a no-reply one). */
  replyTo: string;
  /** The sender's rhythm, lease and retries (defaults in mailQueue.ts; tests shorten them). */
  queue?: Partial<MailQueueSettings>;
}

/**
 * SMTP waits, each well inside the queue's lease, so a claim never runs out while a sender is
 * still talking to the server.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Final for this mail: the server refused its envelope or its message with a 5xx (503 is a command
 * out of sequence, worth another try), or nodemailer found the address itself invalid. Anything
 * else (no connection, a 4xx, the sign-in refused) may pass on another attempt.
 */
export function isPermanentMailFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  if (code !== 'EENVELOPE' && code !== 'EMESSAGE') return false;
  if (typeof responseCode !== 'number') return true;
  return responseCode >= 500 && responseCode < 600 && responseCode !== 503;
}

/** The outbox file of a queued mail: the same name on every attempt, so a second writing replaces the first. */
export const outboxFileName = (mail: Pick<ClaimedMail, 'id' | 'createdAtMs'>) =>
  `${mail.createdAtMs}-${mail.id.toString(16).padStart(8, '0')}.eml`;

export class Mailer {
  private readonly smtp: Transporter | null;
  private readonly sender: MailSender;
  /** The domain of the Message-IDs, from the From address. */
  private readonly idDomain: string;

  constructor(
    db: Database,
    readonly settings: MailSettings,
  ) {
    this.smtp = settings.smtpUrl ? createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }) : null;
    this.idDomain = /@([^\s>]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';
    this.sender = new MailSender(db, (mail) => this.deliver(mail), isPermanentMailFailure, {
      ...DEFAULT_MAIL_QUEUE_SETTINGS,
      ...settings.queue,
    });
  }

  /**
   * Queues `message` in `tx`, the transaction of the write it tells about: it is sent once that
   * commits, by whichever instance claims it first. Call wake() after the commit.
   */
  queue(tx: MailQueueWriter, message: MailMessage): Promise<void> {
    return queueMail(tx, message);
  }

  /** This instance just committed a mail: its sender looks at once instead of at its next poll. */
  wake(): void {
    this.sender.wake();
  }

  /** Starts this instance's sender (the app does, when it is ready). */
  start(log: MailSenderLog): void {
    this.sender.start(log);
  }

  /**
   * Resolves when no mail is due or being sent by any instance (tests, before reading the outbox);
   * throws after `timeoutMs` (default: the queue's drainTimeoutMs) or once the sender is stopped.
   */
  idle(timeoutMs?: number): Promise<void> {
    return this.sender.drain(timeoutMs);
  }

  /** Stops the sender after the mail it is handing over; queued mail waits in the database. */
  async close(): Promise<void> {
    await this.sender.stop();
    this.smtp?.close();
  }

  /** Hands one claimed mail over: SMTP, or a file in the outbox. */
  private async deliver(mail: ClaimedMail): Promise<void> {
    const message = {
      from: this.settings.from,
      replyTo: this.settings.replyTo,
      ...mail.message,
      // The same on every attempt: a receiver that deduplicates sees a mail sent twice once.
      messageId: `<mail-${mail.id}.${mail.createdAtMs}@${this.idDomain}>`,
      date: new Date(mail.createdAtMs),
    };
    if (this.smtp) {
      await this.smtp.sendMail(message);
      return;
    }
    const info = await createTransport({ streamTransport: true, buffer: true }).sendMail(message);
    if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not return the message as a buffer');
    await mkdir(this.settings.outboxDir, { recursive: true });
    const name = outboxFileName(mail);
    // Written aside and renamed: whoever reads the folder sees a whole .eml or none.
    const partial = path.join(this.settings.outboxDir, `.${name}.partial`);
    await writeFile(partial, info.message);
    await rename(partial, path.join(this.settings.outboxDir, name));
  }
}
