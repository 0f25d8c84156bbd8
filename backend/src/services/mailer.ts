/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is
 * written as `<timestamp>-<random>.eml` into the outbox folder (`.data/outbox`, OUTBOX_DIR), where
 * a developer (or a test) opens it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport, type Transporter } from 'nodemailer';

export interface MailSettings {
  smtpUrl: string | null;
  outboxDir: string;
  from: string;
  /** Every mail's Reply-To: the shop's address, which someone reads (From is a no-reply one). */
  replyTo: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export class Mailer {
  private readonly smtp: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(readonly settings: MailSettings) {
    this.smtp = settings.smtpUrl ? createTransport(settings.smtpUrl) : null;
  }

  async send(message: MailMessage): Promise<void> {
    const mail = { from: this.settings.from, replyTo: this.settings.replyTo, ...message };
    if (this.smtp) {
      await this.smtp.sendMail(mail);
      return;
    }
    const info = await createTransport({ streamTransport: true, buffer: true }).sendMail(mail);
    if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not return the message as a buffer');
    await mkdir(this.settings.outboxDir, { recursive: true });
    const name = `${Date.now()}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(path.join(this.settings.outboxDir, name), info.message);
  }

  /**
   * Sends without making the caller wait (an SMTP round trip must not reveal, by its duration,
   * that an account exists); a failure is logged. close() waits for what is still on its way.
   */
  sendInBackground(message: MailMessage, log: FastifyBaseLogger): void {
    const sending = this.send(message)
      .catch((error: unknown) => log.error({ err: error, to: message.to }, 'mail not sent'))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Resolves when every background mail has been handed over (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  async close(): Promise<void> {
    await this.idle();
    this.smtp?.close();
  }
}
