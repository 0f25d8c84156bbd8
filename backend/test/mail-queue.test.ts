/**
 * Issue 20, "mail is a queue in PostgreSQL with a sender that retries with backoff; each mail is
 * sent exactly once however many instances run": two API instances on one database with a real
 * SMTP server (test/smtpReceiver.ts) receive each mail once; a server that fails and recovers gets
 * the mail on a later attempt, after exponentially growing waits; a refusal for good (5xx) or the
 * last attempt failing leaves the mail failed where operators look; a request never waits for
 * SMTP; a sender whose database goes away logs it once and carries on when it is back.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminSession } from '@shop/contract';
import type { AuditPage } from '@shop/contract/schemas/backOffice';
import { eq, inArray, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { buildApp } from '../src/app';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { migrate, rowsOf } from '../src/db/migrate';
import { mailQueue } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { runHousekeeping } from '../src/services/housekeeping';
import { Mailer } from '../src/services/mailer';
import type { MailMessage, MailQueueSettings, MailSenderLog } from '../src/services/mailQueue';
import { PasswordHasher } from '../src/services/passwords';
import { bearer, createMember, createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { ACCEPT, SmtpReceiver } from './smtpReceiver';

const API = '/backend/api';
/** Quick senders for a test: they look every 10 ms. */
const QUICK: Partial<MailQueueSettings> = { pollMs: 10, outageBackoffMaxMs: 100 };
/** Waits long enough that a test moves the clock on itself (makeDue) rather than waiting. */
const RETRY = { firstDelayMs: 60_000, maxDelayMs: 150_000, maxAttempts: 5 };

const mail = (n: number, to = `reader${n}@example.com`): MailMessage => ({
  to,
  subject: `Mail number ${n}`,
  text: `Hello, this is mail ${n}.`,
  html: `<p>Hello, this is mail ${n}.</p>`,
});

/** Polls `condition` until it holds (what it waits for happens in other processes or loops). */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 1500; tries++) {
    if (await condition()) return;
    await sleep(20);
  }
  throw new Error(`gave up waiting: ${what}`);
}

async function queueRows(database: DatabaseHandle) {
  return database.db.select().from(mailQueue).orderBy(mailQueue.id);
}

/** The waits between attempts the queue recorded: next attempt minus the last one's start, in ms. */
async function backoffOf(database: DatabaseHandle, id: number): Promise<number> {
  const [row] = rowsOf<{ ms: number }>(
    await database.db.execute(
      sql`SELECT (extract(epoch FROM next_attempt_at - last_attempt_at) * 1000)::float8 AS ms FROM mail_queue WHERE id = ${id}`,
    ),
  );
  return Math.round(Number(row?.ms));
}

/** The clock moves on: a mail waiting for its retry is due now. */
const makeDue = (database: DatabaseHandle, id: number) =>
  database.db.update(mailQueue).set({ nextAttemptAt: sql`now()` }).where(eq(mailQueue.id, id));

describe.each(targets)('the mail queue on %s', (target) => {
  let receiver: SmtpReceiver;
  let ctx: TestContext;

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    ctx = await createTestApp(target, {
      products: 0,
      auth: {
        scryptLogN: 10,
        publicUrl: 'http://shop.test',
        mail: { smtpUrl: receiver.url, queue: { ...QUICK, retry: RETRY } },
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.answers = { ...ACCEPT };
    receiver.received.length = 0;
  });

  const queueOne = async (message: MailMessage): Promise<number> => {
    await ctx.app.mailer.queue(ctx.database.db, message);
    const rows = await queueRows(ctx.database);
    const id = rows[rows.length - 1]?.id;
    if (id === undefined) throw new Error('nothing queued');
    return id;
  };

  it('retries a mail the SMTP server refuses for now, waiting twice as long each time up to the cap, and sends it once it recovers', async () => {
    receiver.answers.message = '451 4.3.0 Mailbox busy, try again later';
    const id = await queueOne(mail(1));

    await ctx.app.mailer.idle();
    let [row] = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.lastError).toContain('451');
    expect(await backoffOf(ctx.database, id)).toBe(60_000);

    await makeDue(ctx.database, id);
    await ctx.app.mailer.idle();
    expect(await backoffOf(ctx.database, id)).toBe(120_000);

    await makeDue(ctx.database, id);
    await ctx.app.mailer.idle();
    // 240 s would be next, but the cap is 150 s.
    expect(await backoffOf(ctx.database, id)).toBe(150_000);
    expect(receiver.received).toEqual([]);

    receiver.answers = { ...ACCEPT };
    await makeDue(ctx.database, id);
    await ctx.app.mailer.idle();
    [row] = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.id, id));
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 4,
      lastError: null,
      textBody: null,
      htmlBody: null,
    });
    expect(receiver.received.map((received) => received.to)).toEqual([['reader1@example.com']]);
    expect(receiver.received[0]?.data).toContain('Subject: Mail number 1');
    expect(receiver.received[0]?.messageId).toMatch(new RegExp(`^<mail-${id}\\.\\d+@localhost>$`));
  });

  it('fails a mail the server refuses for good (5xx) at once, and one whose last attempt fails; operators find both', async () => {
    receiver.answers.recipient = '550 5.1.1 No such user here';
    const refused = await queueOne(mail(2, 'nobody@example.com'));
    await ctx.app.mailer.idle();

    receiver.answers = { ...ACCEPT, message: '451 4.3.0 Try again later' };
    const unlucky = await queueOne(mail(3));
    for (let attempt = 1; attempt <= RETRY.maxAttempts; attempt++) {
      await ctx.app.mailer.idle();
      await makeDue(ctx.database, unlucky);
    }
    await ctx.app.mailer.idle();

    // The query docs/operations.md ("Mail") gives operators.
    const failed = rowsOf<{
      id: string;
      recipient: string;
      attempts: number;
      last_error: string;
      text_body: string | null;
      html_body: string | null;
    }>(
      await ctx.database.db.execute(
        sql.raw(
          `SELECT id, recipient, subject, attempts, last_error, created_at FROM mail_queue WHERE status = 'failed' ORDER BY id`,
        ),
      ),
    );
    expect(failed.map((row) => [Number(row.id), row.recipient, row.attempts])).toEqual([
      [refused, 'nobody@example.com', 1],
      [unlucky, 'reader3@example.com', RETRY.maxAttempts],
    ]);
    expect(failed[0]?.last_error).toContain('550 5.1.1 No such user here');
    expect(failed[1]?.last_error).toContain('451');
    expect(receiver.received).toEqual([]);
    // Given up, a mail keeps its bodies for an operator to queue it again (a secret one: below).
    const bodies = await ctx.database.db
      .select({ text: mailQueue.textBody, html: mailQueue.htmlBody })
      .from(mailQueue)
      .where(eq(mailQueue.status, 'failed'))
      .orderBy(mailQueue.id);
    expect(bodies).toEqual([
      { text: 'Hello, this is mail 2.', html: '<p>Hello, this is mail 2.</p>' },
      { text: 'Hello, this is mail 3.', html: '<p>Hello, this is mail 3.</p>' },
    ]);
  });

  it("clears a failed reset mail's bodies; an owner queues another failed mail again, which is sent once and audited", async () => {
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@shop.test', 'owner-password-1');
    await createAdmin(ctx.database.db, hasher, 'staff@shop.test', 'staff-password-1', { role: 'staff' });
    const tokenOf = async (email: string, password: string) =>
      dataOf<AdminSession>(
        await ctx.app.inject({ method: 'POST', url: `${API}/admin/login`, payload: { email, password } }),
      ).token;
    const owner = await tokenOf('owner@shop.test', 'owner-password-1');
    const staff = await tokenOf('staff@shop.test', 'staff-password-1');
    const requeue = (id: number, token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API}/admin/mails/${id}/requeue`,
        headers: bearer(token),
        payload: { reason: 'The mailbox exists again' },
      });

    receiver.answers.recipient = '550 5.1.1 No such user here';
    const plain = await queueOne(mail(4));
    const secret = await queueOne({ ...mail(5), carriesSecret: true });
    await ctx.app.mailer.idle();
    const failed = await ctx.database.db
      .select({
        id: mailQueue.id,
        status: mailQueue.status,
        text: mailQueue.textBody,
        html: mailQueue.htmlBody,
      })
      .from(mailQueue)
      .where(inArray(mailQueue.id, [plain, secret]))
      .orderBy(mailQueue.id);
    expect(failed).toEqual([
      { id: plain, status: 'failed', text: 'Hello, this is mail 4.', html: '<p>Hello, this is mail 4.</p>' },
      { id: secret, status: 'failed', text: null, html: null },
    ]);

    receiver.answers = { ...ACCEPT };
    expect((await requeue(plain, staff)).statusCode).toBe(403);
    expect(dataOf(await requeue(plain, owner))).toEqual({
      mail: { id: plain, recipient: 'reader4@example.com', subject: 'Mail number 4', status: 'queued' },
    });
    await ctx.app.mailer.idle();
    expect(receiver.received.map((received) => received.to)).toEqual([['reader4@example.com']]);
    expect(receiver.received[0]?.data).toContain('Hello, this is mail 4.');
    const [sent] = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.id, plain));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });

    const refusals = [
      await requeue(plain, owner),
      await requeue(secret, owner),
      await requeue(999_999, owner),
    ];
    expect(refusals.map((response) => [response.statusCode, failureOf(response).error.code])).toEqual([
      [409, 'MAIL_NOT_FAILED'],
      [409, 'MAIL_BODY_CLEARED'],
      [404, 'NOT_FOUND'],
    ]);
    expect(receiver.received).toHaveLength(1);

    // The requeue is in the audit log with the owner's reason; the 409s and the 404 are not, and
    // staff's attempt (403, owners only) is there as refused.
    const audit = dataOf<AuditPage>(
      await ctx.app.inject({
        method: 'GET',
        url: `${API}/admin/audit`,
        headers: bearer(owner),
      }),
    );
    expect(
      audit.items
        .filter((entry) => entry.object_type === 'mails')
        .map((entry) => [entry.admin.email, entry.action, entry.object_id, entry.reason]),
    ).toEqual([
      ['owner@shop.test', 'POST admin/mails/:id/requeue', String(plain), 'The mailbox exists again'],
      ['staff@shop.test', 'refused POST admin/mails/:id/requeue', String(plain), null],
    ]);
  });

  it('idle() gives up on a mail a dead sender holds the lease of, and on a stopped sender', async () => {
    const [claimed] = await ctx.database.db
      .insert(mailQueue)
      .values({
        recipient: 'held@example.com',
        subject: 'Held',
        textBody: 'held',
        htmlBody: '<p>held</p>',
        status: 'sending',
        attempts: 1,
        lastAttemptAt: sql`now()`,
        nextAttemptAt: sql`now() + interval '5 minutes'`,
      })
      .returning({ id: mailQueue.id });
    try {
      await expect(ctx.app.mailer.idle(200)).rejects.toThrow('mail still in flight after 200 ms');
    } finally {
      await ctx.database.db.delete(mailQueue).where(eq(mailQueue.id, claimed?.id ?? 0));
    }

    const stopped = new Mailer(ctx.database.db, {
      smtpUrl: receiver.url,
      outboxDir: '',
      from: 'Shop <no-reply@shop.test>',
      replyTo: 'hello@shop.test',
      queue: QUICK,
    });
    stopped.start({ info: () => undefined, warn: () => undefined, error: () => undefined });
    await stopped.close();
    await expect(stopped.idle()).rejects.toThrow('mail sender stopped');
  });

  it('answers a password reset request without waiting for the SMTP server, which then gets the mail', async () => {
    const { email } = (await createMember(ctx.database)).buyer;
    // A server that never even greets: the request must not wait for it.
    receiver.answers.stall = true;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API}/buyers/forgot-password`,
      payload: { email },
    });
    expect(dataOf(response)).toEqual({ sent: true });
    const [queued] = (await queueRows(ctx.database)).filter((row) => row.recipient === email);
    expect(queued?.status === 'queued' || queued?.status === 'sending').toBe(true);
    // Its link signs in whoever holds it: were it given up, its bodies would be cleared.
    expect(queued?.carriesSecret).toBe(true);
    expect(receiver.received).toEqual([]);

    // The server answers again (the stalled connection fails, the next attempt is due at once).
    receiver.answers = { ...ACCEPT };
    await receiver.dropConnections();
    await until(async () => {
      const [row] = await ctx.database.db.select().from(mailQueue).where(eq(mailQueue.recipient, email));
      if (row?.status === 'queued') await makeDue(ctx.database, row.id);
      return row?.status === 'sent';
    }, 'the reset mail to be sent');
    expect(receiver.received.filter((received) => received.to.includes(email))).toHaveLength(1);
    expect(receiver.received.at(-1)?.data).toContain('reset-password/');
  });

  it('is pruned by housekeeping: sent mails after 7 days, failed ones after 30, mail still to send never', async () => {
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const row = (recipient: string, status: 'queued' | 'sent' | 'failed', days: number) => ({
      recipient,
      subject: 'Old mail',
      status,
      createdAt: daysAgo(days),
      lastAttemptAt: daysAgo(days),
      nextAttemptAt: daysAgo(days),
      sentAt: status === 'sent' ? daysAgo(days) : null,
    });
    await ctx.database.db
      .insert(mailQueue)
      .values([
        row('sent-8-days@example.com', 'sent', 8),
        row('sent-6-days@example.com', 'sent', 6),
        row('failed-31-days@example.com', 'failed', 31),
        row('failed-29-days@example.com', 'failed', 29),
        row('queued-40-days@example.com', 'queued', 40),
      ]);
    // Out of the senders' way: the queued one would be sent at once otherwise.
    await ctx.app.mailer.close();
    const deleted = await runHousekeeping(ctx.database.db);
    expect(deleted?.['old mails']).toBe(2);
    const left = (await queueRows(ctx.database)).map((mail) => mail.recipient);
    expect(left).not.toContain('sent-8-days@example.com');
    expect(left).not.toContain('failed-31-days@example.com');
    expect(left).toEqual(
      expect.arrayContaining([
        'sent-6-days@example.com',
        'failed-29-days@example.com',
        'queued-40-days@example.com',
      ]),
    );
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('two API instances on one PostgreSQL', () => {
  let receiver: SmtpReceiver;
  let ctx: TestContext;
  let twin: TestContext['app'];

  beforeAll(async () => {
    receiver = await SmtpReceiver.start();
    const options = { auth: { scryptLogN: 10, mail: { smtpUrl: receiver.url, queue: QUICK } } };
    ctx = await createTestApp('postgres', { products: 0, ...options });
    twin = await buildApp({ database: ctx.database, ...options });
    await twin.ready();
  });
  afterAll(async () => {
    await twin.close();
    await ctx.close();
    await receiver.close();
  });

  it('sends each mail once, whichever instance queued it and both senders racing for it', async () => {
    const MAILS = 60;
    const apps = [ctx.app, twin];
    for (let n = 0; n < MAILS; n++) {
      const app = apps[n % 2] ?? ctx.app;
      await app.mailer.queue(ctx.database.db, mail(n));
      app.mailer.wake();
    }
    await Promise.all(apps.map((app) => app.mailer.idle()));

    const ids = receiver.received.map((received) => received.messageId);
    expect(ids).toHaveLength(MAILS);
    expect(new Set(ids).size).toBe(MAILS);
    expect(receiver.received.map((received) => received.to[0]).sort()).toEqual(
      Array.from({ length: MAILS }, (_, n) => `reader${n}@example.com`).sort(),
    );
    const rows = await queueRows(ctx.database);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

/**
 * A TCP proxy in front of PostgreSQL, which the test opens and cuts: the database "goes away"
 * for one sender only, while the test itself still reaches it directly.
 */
class SwitchableProxy {
  private open = true;
  /** Connections refused while cut (each is one attempt of the sender's). */
  refused = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<SwitchableProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const address = server.address();
    const proxy = new SwitchableProxy(server, typeof address === 'object' && address ? address.port : 0);
    server.on('connection', (client) => {
      if (!proxy.open) {
        proxy.refused += 1;
        client.destroy();
        return;
      }
      const upstream = tcpConnect(target.port, target.host);
      for (const socket of [client, upstream]) {
        proxy.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          proxy.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    return proxy;
  }

  cut(): void {
    this.open = false;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A throwaway database on TEST_DATABASE_URL's server, reached directly and through a proxy the
 * test can cut (short timeouts, so a cut is seen fast); drop() closes all and drops it.
 */
async function proxiedDatabase(suffix: string) {
  const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? '');
  const name = `shop_test_mail_${Date.now().toString(36)}${suffix}`;
  const admin = new Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const directUrl = new URL(adminUrl);
  directUrl.pathname = `/${name}`;
  const direct = await openDatabase({ databaseUrl: directUrl.toString() });
  await migrate(direct.db);
  const proxy = await SwitchableProxy.start({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
  const proxiedUrl = new URL(directUrl);
  proxiedUrl.host = `127.0.0.1:${proxy.port}`;
  const proxied = await openDatabase({
    databaseUrl: proxiedUrl.toString(),
    timeouts: { connectMs: 500, statementMs: 2000, poolSize: 2 },
  });
  const drop = async () => {
    await proxied.close();
    await proxy.close();
    await direct.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  return { direct, proxy, proxied, drop };
}

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('a sender whose database goes away', () => {
  it('logs it once, keeps trying at growing intervals, and sends what was queued once the database is back', async () => {
    const { direct, proxy, proxied, drop } = await proxiedDatabase('');
    const outbox = mkdtempSync(path.join(tmpdir(), 'shop-mail-outage-'));
    const logged: string[] = [];
    const log: MailSenderLog = {
      info: (message) => logged.push(`info: ${message}`),
      warn: (_details, message) => logged.push(`warn: ${message}`),
      error: (_details, message) => logged.push(`error: ${message}`),
    };
    const mailer = new Mailer(proxied.db, {
      smtpUrl: null,
      outboxDir: outbox,
      from: 'Shop <no-reply@shop.test>',
      replyTo: 'hello@shop.test',
      queue: QUICK,
    });
    const outboxFiles = () => readdirSync(outbox).filter((file) => file.endsWith('.eml'));
    try {
      mailer.start(log);
      await mailer.queue(direct.db, mail(1));
      await until(() => outboxFiles().length === 1, 'the first mail in the outbox');
      // Marked too (the file is written just before the mark): the cut below hits the claims.
      await until(
        async () => (await queueRows(direct))[0]?.status === 'sent',
        'the first mail to be marked sent',
      );

      proxy.cut();
      await mailer.queue(direct.db, mail(2));
      await until(() => proxy.refused >= 4, 'the sender to try four times while the database is away');
      expect(logged.filter((line) => line.startsWith('warn: mail queue unreachable'))).toHaveLength(1);

      proxy.restore();
      await until(() => outboxFiles().length === 2, 'the second mail once the database is back');
      // The pass that wrote the file logs the recovery once it has marked the mail sent.
      await until(() => logged.length > 1, 'the sender to say the database answers again');
      expect(logged).toContain('info: mail queue: the database answers again; sending resumed');
      const rows = await queueRows(direct);
      expect(rows.map((row) => [row.recipient, row.status])).toEqual([
        ['reader1@example.com', 'sent'],
        ['reader2@example.com', 'sent'],
      ]);
    } finally {
      await mailer.close();
      await drop();
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});

(process.env.TEST_DATABASE_URL ? describe : describe.skip)('the at-least-once window', () => {
  it('sends a mail again, with the same Message-ID, when its sender lost the database between the SMTP answer and the mark', async () => {
    const { direct, proxy, proxied, drop } = await proxiedDatabase('w');
    const receiver = await SmtpReceiver.start();
    const errors: string[] = [];
    const warnings: string[] = [];
    const log: MailSenderLog = {
      info: () => undefined,
      warn: (_details, message) => warnings.push(message),
      error: (_details, message) => errors.push(message),
    };
    const settings = {
      smtpUrl: receiver.url,
      outboxDir: '',
      from: 'Shop <no-reply@shop.test>',
      replyTo: 'hello@shop.test',
      queue: QUICK,
    };
    // The first sender waits 10 minutes between marks (a long lease lets it): a stop arriving
    // during that wait must end it at once rather than hold the shutdown.
    const first = new Mailer(proxied.db, {
      ...settings,
      queue: { ...QUICK, leaseMs: 60 * 60_000, markRetryFirstMs: 600_000, markRetryMaxMs: 600_000 },
    });
    const second = new Mailer(direct.db, settings);
    try {
      // The first sender's database goes away once the server has the message, before it answers.
      receiver.onMessage = () => {
        receiver.onMessage = null;
        proxy.cut();
      };
      await first.queue(direct.db, mail(1));
      first.start(log);
      await until(() => receiver.received.length === 1, 'the SMTP server to accept the mail');
      await until(
        () => warnings.includes('mail 1 sent but not marked yet; trying again'),
        'the first mark to fail and the sender to wait',
      );
      // Stopping gives up on the mark at once rather than holding the shutdown for the wait.
      await first.close();
      expect(errors).toContain(
        'mail 1 was sent but could not be marked; it will be sent again when its claim ends',
      );
      const [claimed] = await queueRows(direct);
      expect(claimed).toMatchObject({ status: 'sending', attempts: 1 });

      // Its lease ends (the clock moved on): another instance sends it again, with the same Message-ID.
      await direct.db.update(mailQueue).set({ nextAttemptAt: sql`now()` }).where(eq(mailQueue.id, 1));
      second.start(log);
      await second.idle();
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]?.messageId).toBe(receiver.received[0]?.messageId);
      const [sent] = await queueRows(direct);
      expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await first.close();
      await second.close();
      await receiver.close();
      await drop();
    }
  });
});
