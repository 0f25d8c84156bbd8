/**
 * Every operation of the OpenAPI document, fuzzed from its own schemas with valid, boundary and
 * malformed inputs: never a 5xx, every 4xx the error envelope. FUZZ_RUNS sets the cases per
 * operation (default 100 on each database kind); `npm run fuzz` runs far more and reports counts by status.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createMember, createTestApp, type TestContext, targets } from './db';
import { hostileRequestsFor, type Operation, operationsOf, requestsFor, send } from './fuzz/openApiFuzz';

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

describe.each(targets)('fuzzing every operation on %s', (target) => {
  let ctx: TestContext;
  let operations: Operation[] = [];

  beforeAll(async () => {
    ctx = await createTestApp(target, {
      products: 30,
      auth: { scryptLogN: 10, mail: { outboxDir: mkdtempSync(path.join(tmpdir(), 'shop-fuzz-outbox-')) } },
    });
    operations = operationsOf(ctx.app);
  });
  afterAll(() => ctx.close());

  it('finds the operations in the OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toContain(
      'GET /backend/api/products/gallery/{id}',
    );
  });

  it('answers every generated request without a 5xx, and every 4xx in the envelope', async () => {
    const statuses = new Map<number, number>();
    for (const operation of operations) {
      // A fresh member per operation: a fuzzed logout must not end the next operation's session.
      const { token } = await createMember(ctx.database);
      await fc.assert(
        fc.asyncProperty(requestsFor(operation, token), async (request) => {
          const answer = await send(ctx.app, request);
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          if (answer.problem) {
            throw new Error(`${request.method} ${request.url} ${request.payload ?? ''} → ${answer.problem}`);
          }
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    // Both kinds of answer were reached: the generators are not all refused at the door.
    const successes = [...statuses].filter(([status]) => status < 300).reduce((n, [, count]) => n + count, 0);
    const refusals = [...statuses].filter(([status]) => status >= 400).reduce((n, [, count]) => n + count, 0);
    expect(successes).toBeGreaterThan(operations.length * 10);
    expect(refusals).toBeGreaterThan(operations.length * 10);
  }, 600_000);

  it('answers deep JSON and broken multipart bodies with a 4xx envelope on every operation', async () => {
    const { token } = await createMember(ctx.database);
    let sent = 0;
    for (const operation of operations) {
      for (const request of hostileRequestsFor(operation, token)) {
        const answer = await send(ctx.app, request);
        sent += 1;
        expect({
          request: `${request.method} ${request.url} ${request.headers['content-type']}`,
          problem: answer.problem,
        }).toEqual({
          request: `${request.method} ${request.url} ${request.headers['content-type']}`,
          problem: null,
        });
        expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
    expect(sent).toBeGreaterThan(100);
  }, 300_000);
});
