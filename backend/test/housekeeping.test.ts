/**
 * The scheduled clean-up deletes what has expired and nothing else: idempotency keys older than
 * 24 h, expired buyer and admin tokens, expired reset links, ended rate-limit windows. One
 * instance works at a time; a failed round is logged, not thrown.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  admins,
  adminTokens,
  authTokens,
  idempotencyKeys,
  passwordResets,
  rateLimitCounters,
  remoteOverrides,
  remoteVersionStats,
} from '../src/db/schema';
import { HOUSEKEEPING_BATCH, runHousekeeping, scheduleHousekeeping } from '../src/services/housekeeping';
import { createMember, createTestDatabase, targets } from './db';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const hex = () => randomBytes(16).toString('hex');

describe.each(targets)('housekeeping on %s', (target) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(target, 0);
  });
  afterAll(() => database.close());

  it('deletes expired keys, tokens, reset links and counters, and keeps the live ones', async () => {
    const { db } = database;
    const { buyer } = await createMember(database);
    const [admin] = await db
      .insert(admins)
      .values({ email: `keeper.${hex()}@example.com`, passwordHash: 'x' })
      .returning();
    if (!admin) throw new Error('admin not made');
    await db.insert(idempotencyKeys).values([
      { scope: `buyer:${buyer.id}`, key: 'old', endpoint: 'cart/member-checkout', createdAt: hoursAgo(25) },
      { scope: `buyer:${buyer.id}`, key: 'fresh', endpoint: 'cart/member-checkout', createdAt: hoursAgo(23) },
    ]);
    await db.insert(authTokens).values([
      { buyerId: buyer.id, tokenHash: hex(), expiresAt: hoursAgo(1) },
      { buyerId: buyer.id, tokenHash: hex(), expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(adminTokens).values([
      { adminId: admin.id, tokenHash: hex(), expiresAt: hoursAgo(1) },
      { adminId: admin.id, tokenHash: hex(), expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(passwordResets).values([
      { buyerId: buyer.id, hashSha256: hex(), expiresAt: hoursAgo(1) },
      { buyerId: buyer.id, hashSha256: hex(), expiresAt: hoursAgo(-1) },
    ]);
    await db.insert(rateLimitCounters).values([
      { key: `test:ended:${hex()}`, hits: 3, windowEndsAt: hoursAgo(1) },
      { key: `test:open:${hex()}`, hits: 3, windowEndsAt: hoursAgo(-1) },
    ]);
    await db.insert(remoteVersionStats).values([
      { remote: 'catalog', version: '0.1.0-old', minute: hoursAgo(24 * 31), loads: 9 },
      { remote: 'catalog', version: '0.1.0-new', minute: hoursAgo(1), loads: 3 },
    ]);
    await db.insert(remoteOverrides).values([
      {
        tokenHash: hex(),
        remote: 'catalog',
        entry: 'http://localhost:3001/remoteEntry.js',
        adminId: admin.id,
        expiresAt: hoursAgo(1),
      },
      {
        tokenHash: hex(),
        remote: 'catalog',
        entry: 'http://localhost:3001/remoteEntry.js',
        adminId: admin.id,
        expiresAt: hoursAgo(-1),
      },
    ]);

    const deleted = await runHousekeeping(db);
    expect(deleted).toMatchObject({
      'idempotency keys': 1,
      'sign-in tokens': 1,
      'admin tokens': 1,
      'password reset links': 1,
      'remote load counts': 1,
      'remote overrides': 1,
    });
    expect((await db.select().from(remoteVersionStats)).map((row) => row.version)).toEqual(['0.1.0-new']);
    expect(await db.select().from(remoteOverrides)).toHaveLength(1);
    expect(deleted?.['abuse counters']).toBeGreaterThanOrEqual(1);

    const keys = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `buyer:${buyer.id}`));
    expect(keys.map((row) => row.key)).toEqual(['fresh']);
    expect(await db.select().from(authTokens).where(eq(authTokens.buyerId, buyer.id))).toHaveLength(2); // createMember's + the live one
    expect(await db.select().from(adminTokens).where(eq(adminTokens.adminId, admin.id))).toHaveLength(1);
    expect(await db.select().from(passwordResets).where(eq(passwordResets.buyerId, buyer.id))).toHaveLength(
      1,
    );
    const counters = await db.select().from(rateLimitCounters);
    expect(counters.every((row) => row.windowEndsAt.getTime() > Date.now())).toBe(true);
    expect(counters.some((row) => row.key.startsWith('test:open:'))).toBe(true);
  });

  it('deletes more than one batch in a round', async () => {
    const { db } = database;
    const { buyer } = await createMember(database);
    await db.execute(sql`INSERT INTO auth_tokens (buyer_id, token_hash, expires_at)
      SELECT ${buyer.id}, md5(i::text), now() - interval '1 hour' FROM generate_series(1, ${HOUSEKEEPING_BATCH + 7}) i`);
    const deleted = await runHousekeeping(db);
    expect(deleted?.['sign-in tokens']).toBe(HOUSEKEEPING_BATCH + 7);
  });

  it('logs a failed round and schedules the next one', async () => {
    const failing = {
      transaction: () => Promise.reject(new Error('Connection terminated unexpectedly')),
    } as unknown as Database;
    const warnings: string[] = [];
    jest.useFakeTimers();
    try {
      const stop = scheduleHousekeeping(
        failing,
        { info: () => undefined, warn: (_, m) => warnings.push(m) },
        1000,
        10,
      );
      await jest.advanceTimersByTimeAsync(10);
      await jest.advanceTimersByTimeAsync(1000);
      stop();
    } finally {
      jest.useRealTimers();
    }
    expect(warnings).toEqual([
      'housekeeping round failed; the next one tries again',
      'housekeeping round failed; the next one tries again',
    ]);
  });
});

const url = process.env.TEST_DATABASE_URL;
(url ? describe : describe.skip)('housekeeping across instances on postgres', () => {
  it('skips a round while another instance holds the lock', async () => {
    const first = await createTestDatabase('postgres', 0);
    try {
      await first.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(7341015)`);
        // A second instance: its own pool on the same database.
        const [row] = (
          (await tx.execute(sql`SELECT current_database() AS name`)) as unknown as {
            rows: { name: string }[];
          }
        ).rows;
        const target = new URL(url ?? '');
        target.pathname = `/${row?.name ?? ''}`;
        const { openDatabase } = await import('../src/db/client');
        const second = await openDatabase({ databaseUrl: target.toString() });
        try {
          expect(await runHousekeeping(second.db)).toBeNull();
        } finally {
          await second.close();
        }
      });
      expect(await runHousekeeping(first.db)).not.toBeNull();
    } finally {
      await first.close();
    }
  });
});
