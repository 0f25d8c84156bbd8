/**
 * `npm run fuzz`: every operation of the OpenAPI document fuzzed from its schemas (valid, boundary
 * and malformed inputs) against a fresh app on a fresh database, plus fixed hostile bodies (JSON
 * nested 8,000 deep, multipart cut off, with an empty or unused boundary), FUZZ_TOTAL requests in all
 * (default 20,000; PGlite, or PostgreSQL with TEST_DATABASE_URL as the tests use it). Prints the
 * counts by status and by operation, and every contract break (a 5xx, a 4xx without the error
 * envelope); exits 1 when there was any.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createMember, createTestApp } from '../test/db';
import { hostileRequestsFor, operationsOf, requestsFor, send } from '../test/fuzz/openApiFuzz';

const TOTAL = Number(process.env.FUZZ_TOTAL ?? 20_000);

async function main() {
  const target = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const ctx = await createTestApp(target, {
    products: 60,
    auth: { scryptLogN: 10, mail: { outboxDir: mkdtempSync(path.join(tmpdir(), 'shop-fuzz-outbox-')) } },
  });
  const operations = operationsOf(ctx.app);
  const perOperation = Math.ceil(TOTAL / operations.length);
  const byStatus = new Map<number, number>();
  const breaks: string[] = [];
  console.log(`fuzzing ${operations.length} operations × ${perOperation} requests on ${target}`);
  for (const operation of operations) {
    const { token } = await createMember(ctx.database);
    const mine = new Map<number, number>();
    const requests = [
      ...hostileRequestsFor(operation, token),
      ...fc.sample(requestsFor(operation, token), perOperation),
    ];
    for (const request of requests) {
      const answer = await send(ctx.app, request);
      byStatus.set(answer.statusCode, (byStatus.get(answer.statusCode) ?? 0) + 1);
      mine.set(answer.statusCode, (mine.get(answer.statusCode) ?? 0) + 1);
      if (answer.problem && breaks.length < 50) {
        breaks.push(`${request.method} ${request.url} ${request.payload ?? ''} → ${answer.problem}`);
      }
    }
    const counts = [...mine].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
    console.log(`  ${`${operation.method} ${operation.path}`.padEnd(60)} ${counts.join(' ')}`);
  }
  await ctx.close();
  const sent = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
  console.log(`\n${sent} requests; by status:`);
  for (const [status, n] of [...byStatus].sort(([a], [b]) => a - b)) console.log(`  ${status}  ${n}`);
  if (breaks.length > 0) {
    console.log(`\n${breaks.length} contract breaks (first 50):`);
    for (const line of breaks) console.log(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log('\nno 5xx; every 4xx in the error envelope');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
