/**
 * The CPU a search costs inside the API, without HTTP or the database: the search index ranking a
 * text (ranking.ts) and the listing index filtering, counting and paging its matches
 * (catalogueIndex.ts), on the indexes loaded from a seeded database. For each of the catalogue
 * bench's search scenarios (the same texts), the mean microseconds per search of each step,
 * best of BENCH_ROUNDS (3) rounds of BENCH_REPEAT (200) passes over the texts. A step of a
 * search's own CPU is what decides its p95 on a busy one-core server; this measures it alone.
 * BENCH_ONLY: a part of the scenarios' names (words, two words, typos, prefixes, mix).
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_100k npx tsx backend/scripts/search-cpu.ts
 */
import { Client } from 'pg';
import { openDatabase } from '../src/db/client';
import { CatalogueFeed } from '../src/modules/products/catalogueFeed';
import { CatalogueIndex } from '../src/modules/products/catalogueIndex';
import { normalizeQuery } from '../src/modules/search/engine';
import { rankSearch } from '../src/modules/search/ranking';
import { searchIndexOf } from '../src/modules/search/searchIndex';
import { spread, TITLE_WORDS_SQL, typo } from './benchServer';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);

/** The catalogue bench's samples: distinct title words of every n-th product, and the titles of 240. */
async function samples(databaseUrl: string): Promise<{ words: string[]; titles: string[] }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const max =
      (await client.query<{ max: number }>('SELECT coalesce(max(id), 0)::int AS max FROM products')).rows[0]
        ?.max ?? 0;
    const step = Math.max(1, Math.floor(max / 240));
    const { rows } = await client.query<{ word: string }>(TITLE_WORDS_SQL, [
      Math.max(1, Math.floor(step / 4)),
    ]);
    const titles = await client.query<{ title: string }>(
      'SELECT title FROM products WHERE id % $1 = 0 ORDER BY id LIMIT 240',
      [step],
    );
    return { words: rows.map((row) => row.word), titles: titles.rows.map((row) => row.title) };
  } finally {
    await client.end();
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL names the seeded database');
  const { words, titles } = await samples(databaseUrl);
  const longWords = words.filter((word) => word.length >= 7);
  const scenarios: [string, string[]][] = [
    ['words', spread(words, 12)],
    ['two words', spread(titles, 12).map((title) => title.split(' ').slice(-2).join(' ').toLowerCase())],
    ['typos', spread(longWords, 10).map(typo)],
    ['prefixes', spread(longWords, 10).map((word, i) => word.slice(0, 3 + (i % 3)))],
    ['mix', spread(words, 60)],
  ];
  const database = await openDatabase({ databaseUrl });
  const feed = new CatalogueFeed(database.db);
  const listing = new CatalogueIndex();
  feed.subscribe(listing);
  const search = searchIndexOf(feed);
  const loadStart = performance.now();
  await feed.refresh();
  console.log(`indexes loaded in ${Math.round(performance.now() - loadStart)} ms`);
  for (const [name, texts] of scenarios) {
    if (process.env.BENCH_ONLY && !name.includes(process.env.BENCH_ONLY)) continue;
    const normalized = texts.map(normalizeQuery);
    // Warm: stems remembered, code optimized.
    for (let i = 0; i < 20; i++) for (const text of normalized) await rankSearch(database.db, search, text);
    let bestRank = Number.POSITIVE_INFINITY;
    let bestList = Number.POSITIVE_INFINITY;
    let candidates = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let rankMs = 0;
      let listMs = 0;
      candidates = 0;
      for (let r = 0; r < REPEAT; r++) {
        for (const text of normalized) {
          const t0 = performance.now();
          const rankedIds = await rankSearch(database.db, search, text);
          const t1 = performance.now();
          listing.list(
            { rankedIds, flags: [], attributes: {} },
            { order: 'relevance', offset: 0, limit: 20 },
          );
          listMs += performance.now() - t1;
          rankMs += t1 - t0;
          candidates += rankedIds.length;
        }
      }
      const n = REPEAT * normalized.length;
      bestRank = Math.min(bestRank, (rankMs / n) * 1000);
      bestList = Math.min(bestList, (listMs / n) * 1000);
    }
    const n = REPEAT * normalized.length;
    console.log(
      `${name.padEnd(9)} rank ${bestRank.toFixed(0).padStart(5)} us  list ${bestList.toFixed(0).padStart(5)} us  (${Math.round(candidates / n)} candidates per search)`,
    );
  }
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
