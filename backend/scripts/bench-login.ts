/**
 * Sign-in latency with the production settings (scrypt N = 2^15): registers one member on an
 * in-memory PGlite (or DATABASE_URL), then times sequential logins, an unknown e-mail's failed
 * logins, and a burst of concurrent ones.   npx tsx backend/scripts/bench-login.ts [--runs 20]
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedReferenceData } from '../src/seed/seedDatabase';
import { registration } from '../test/db';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

function summary(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `${label}: n=${sorted.length} p50=${fmt(percentile(sorted, 50))} ms p95=${fmt(percentile(sorted, 95))} ms max=${fmt(sorted.at(-1) ?? Number.NaN)} ms`,
  );
}

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
  const runs = Number(values.runs);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: null });
  await migrate(database.db);
  await seedReferenceData(database.db);
  // Limits out of the way: this measures hashing and the database, not the throttle.
  const app = await buildApp({ database, auth: { throttle: { perIp: 1e9, perIpAndEmail: 1e9 } } });
  await app.ready();
  const email = `bench.${Date.now()}@example.com`;
  const register = await app.inject({
    method: 'POST',
    url: '/backend/api/buyers/register',
    payload: registration(email, { first_name: 'Bench', last_name: 'Mark' }),
  });
  if (register.statusCode !== 201) throw new Error(register.body);

  const login = async (address: string, password: string, expected: number) => {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/backend/api/buyers/login',
      payload: { email: address, password },
    });
    const elapsed = performance.now() - started;
    if (response.statusCode !== expected) throw new Error(`${response.statusCode}: ${response.body}`);
    return elapsed;
  };
  const sequential = async (address: string, password: string, expected: number) => {
    const samples: number[] = [];
    for (let i = 0; i < runs; i++) samples.push(await login(address, password, expected));
    return samples;
  };

  summary('login ok, sequential', await sequential(email, 'Secret123', 200));
  summary('wrong password, sequential', await sequential(email, 'Wrong1234', 401));
  summary(
    'unknown e-mail, sequential',
    await sequential(`nobody.${Date.now()}@example.com`, 'Secret123', 401),
  );
  const burstStarted = performance.now();
  const burst = await Promise.all(Array.from({ length: runs }, () => login(email, 'Secret123', 200)));
  summary(`login ok, ${runs} at once`, burst);
  console.log(`burst wall time ${(performance.now() - burstStarted).toFixed(0)} ms`);
  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
