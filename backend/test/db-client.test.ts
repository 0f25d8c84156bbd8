/**
 * The PostgreSQL client's statement cache: reads become named prepared statements, each
 * connection keeps at most PREPARED_STATEMENTS_PER_CONNECTION of them, and the rest still run.
 */
import { PREPARED_STATEMENTS_PER_CONNECTION, StatementCachingClient } from '../src/db/client';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('StatementCachingClient', () => {
  let client: StatementCachingClient;
  beforeAll(async () => {
    client = new StatementCachingClient({ connectionString: url });
    await client.connect();
  });
  afterAll(() => client.end());

  // A plain string query (not the { text, values } object Drizzle sends) is left alone.
  const prepared = async () =>
    Number((await client.query('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0].n);

  it('prepares reads once per text and caps how many it keeps', async () => {
    for (let round = 0; round < 2; round++) {
      const { rows } = await client.query({ text: 'SELECT $1::int + 1 AS n', values: [round] });
      expect(rows[0].n).toBe(round + 1);
    }
    expect(await prepared()).toBe(1);
    for (let i = 0; i < PREPARED_STATEMENTS_PER_CONNECTION + 5; i++) {
      const { rows } = await client.query({ text: `SELECT ${i}::int AS n` });
      expect(rows[0].n).toBe(i);
    }
    expect(await prepared()).toBe(PREPARED_STATEMENTS_PER_CONNECTION);
  });

  it('leaves writes and DDL unprepared', async () => {
    const before = await prepared();
    await client.query('CREATE TEMP TABLE statement_cache_probe (n int)');
    await client.query({ text: 'INSERT INTO statement_cache_probe VALUES ($1)', values: [1] });
    expect(await prepared()).toBe(before);
  });
});
