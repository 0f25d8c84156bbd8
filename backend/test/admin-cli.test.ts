/**
 * `npm run admin`'s commands for admin accounts and the audit log (issue 21), run in-process on a
 * real database: staff created, listed, disabled and enabled again, the audit log read; every
 * change the CLI makes is in the audit log as the actor `cli`, in the change's own transaction.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { mailCommands } from '../scripts/mailCommands';
import { orderCommands } from '../scripts/orderCommands';
import { staffCommands } from '../scripts/staffCommands';
import type { DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { adminAuditLog, admins, mailQueue } from '../src/db/schema';
import { createTestDatabase, targets } from './db';
import { insertOrder } from './orderFixtures';

describe.each(targets)('the admin CLI for admins and the audit log on %s', (target) => {
  let database: DatabaseHandle;
  let printed: string[];
  const cli = async (command: string, ...args: string[]) => {
    const entry = staffCommands[command] ?? orderCommands[command] ?? mailCommands[command];
    if (!entry) throw new Error(`no command ${command}`);
    printed = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: unknown) => {
      printed.push(String(line));
    });
    try {
      await entry.run(database, args);
    } finally {
      log.mockRestore();
    }
    return printed;
  };
  const lastAudit = async () =>
    (await database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];

  beforeAll(async () => {
    database = await createTestDatabase(target, 2);
  });
  afterAll(() => database.close());

  it('creates a staff admin, lists, disables and enables it, each change audited as the CLI', async () => {
    const created = await cli('create-staff', 'Nadia@Gifts.example');
    expect(created[0]).toMatch(/^Staff admin \d+ created: nadia@gifts\.example$/);
    expect(created[1]).toMatch(/^Password \(shown once, keep it safe\): \S{24}$/);
    expect(await lastAudit()).toMatchObject({
      adminId: null,
      adminEmail: 'cli',
      action: 'cli create-staff',
      objectId: 'Nadia@Gifts.example',
    });
    const [staff] = await database.db.select().from(admins).where(eq(admins.email, 'nadia@gifts.example'));
    expect(staff?.role).toBe('staff');
    const id = String(staff?.id);
    expect((await cli('list-admins')).some((line) => line.includes('nadia@gifts.example  staff'))).toBe(true);

    expect(await cli('disable-admin', id)).toEqual([`Admin ${id} (nadia@gifts.example) disabled.`]);
    expect(await lastAudit()).toMatchObject({ adminEmail: 'cli', action: 'cli disable-admin', objectId: id });
    expect(
      (await cli('list-admins')).some((line) => line.includes('nadia@gifts.example  staff  disabled')),
    ).toBe(true);
    expect(await cli('enable-admin', id)).toEqual([`Admin ${id} (nadia@gifts.example) enabled.`]);
    expect(await lastAudit()).toMatchObject({ action: 'cli enable-admin', objectId: id });
  });

  it("audits the order commands too, and reads the log filtered by the CLI's actor", async () => {
    const [buyer] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO buyers (email, first_name, last_name) VALUES ('mona@example.com', 'Mona', 'Saleh') RETURNING id`,
      ),
    );
    const { order } = await insertOrder(database, buyer?.id ?? 0);
    await cli('order-status', String(order.id), 'Dispatch');
    expect(await lastAudit()).toMatchObject({ action: 'cli order-status', objectId: String(order.id) });
    const log = await cli('audit-log', '--admin', 'cli');
    expect(log[0]).toBe('4 entries, page 1 of 1');
    expect(log[1]).toContain(`cli  cli order-status ${order.id}`);
  });

  it("keeps a command's reason in its audit row's reason", async () => {
    const [buyer] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO buyers (email, first_name, last_name) VALUES ('rami@example.com', 'Rami', 'Nassar') RETURNING id`,
      ),
    );
    const { order } = await insertOrder(database, buyer?.id ?? 0, { method: 'Bank Transfer' });
    const printed = await cli('payment-received', String(order.id), 'bank', 'reference', 'TX-42');
    expect(printed).toEqual([`${order.orderNumber}: Pending / payment Received`]);
    expect(await lastAudit()).toMatchObject({
      action: 'cli payment-received',
      objectId: String(order.id),
      reason: 'bank reference TX-42',
    });
    await cli('order-status', String(order.id), 'Dispatch');
    expect((await lastAudit())?.reason).toBeNull();

    const [mail] = await database.db
      .insert(mailQueue)
      .values({
        recipient: 'rami@example.com',
        subject: 'Your order',
        textBody: 'On its way.',
        htmlBody: '<p>On its way.</p>',
        status: 'failed',
      })
      .returning({ id: mailQueue.id });
    await cli('requeue-mail', String(mail?.id), 'the', 'mailbox', 'exists', 'again');
    expect(await lastAudit()).toMatchObject({
      action: 'cli requeue-mail',
      objectId: String(mail?.id),
      reason: 'the mailbox exists again',
    });
  });

  it('writes no row for a refused change, and makes no change when its row cannot be written', async () => {
    const rows = async () => (await database.db.select().from(adminAuditLog)).length;
    const before = await rows();
    await expect(cli('disable-admin', '999999')).rejects.toThrow('Admin not found.');
    expect(await rows()).toBe(before);
    await database.db.execute(sql`
      CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'the audit log refuses rows'; END $$`);
    await database.db.execute(sql`
      CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    await expect(cli('create-staff', 'omar@gifts.example')).rejects.toThrow();
    expect(await database.db.select().from(admins).where(eq(admins.email, 'omar@gifts.example'))).toEqual([]);
    // Nothing printed: no "created", no password for an account that was rolled back.
    expect(printed).toEqual([]);
    await database.db.execute(sql`DROP TRIGGER refuse_audit ON admin_audit_log`);
  });
});
