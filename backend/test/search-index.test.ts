/**
 * Issue 19: the in-memory search index answers as the SQL ranking did (ts_rank, taxonomy and
 * lines, prefixes, stop words, `q <% title` for typos), without a result cache: a changed product
 * is found by its new title, and no longer by its old one, right after reloadProducts. The SQL
 * the index replaced is kept here as the reference it is compared with, word by word.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/db/client';
import { rowsOf } from '../src/db/migrate';
import { PRODUCT_LINES, products } from '../src/db/schema';
import { rankSearch, SEARCH_CANDIDATES_MAX, searchWords } from '../src/modules/search/ranking';
import { SearchIndex } from '../src/modules/search/searchIndex';
import { ADJECTIVES, COLOURS, MATERIALS } from '../src/seed/taxonomy';
import { createTestDatabase, targets } from './db';

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (char) => `\\${char}`)}"`).join(',')}}`}::text[]`;
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const ids = (result: unknown) => rowsOf<{ id: number }>(result).map((row) => Number(row.id));

/** The ranking as PostgreSQL computed it before the index (ranking.ts up to issue 19), condensed. */
async function sqlRanking(db: Database, text: string): Promise<number[]> {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const taxonomyOf = async (config: string, terms: string[]) =>
    rowsOf<{ content: boolean; subs: number[]; lines: string[] }>(
      await db.execute(sql`WITH tax AS MATERIALIZED (
          SELECT s.id, to_tsvector(${config}::regconfig, t.name || ' ' || c.name || ' ' || s.name) AS v
          FROM sub_categories s JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id)
        SELECT length(to_tsvector('english', u.word)) > 0 AS content,
          ARRAY(SELECT tax.id FROM tax WHERE tax.v @@ to_tsquery(${config}::regconfig, u.term) ORDER BY tax.id) AS subs,
          ARRAY(SELECT l FROM unnest(${textArray(PRODUCT_LINES)}) l
            WHERE to_tsvector(${config}::regconfig, l) @@ to_tsquery(${config}::regconfig, u.term)) AS lines
        FROM unnest(${textArray(words)}, ${textArray(terms)}) WITH ORDINALITY AS u(word, term, n) ORDER BY u.n`),
    ).map((row, index) => ({ ...row, term: terms[index] ?? '' }));
  const last = words.length - 1;
  let config = 'english';
  let matches = (
    await taxonomyOf(
      config,
      words.map((word, index) => (index === last ? `${word}:*` : word)),
    )
  ).filter((match) => match.content);
  if (matches.length === 0) {
    config = 'simple';
    matches = await taxonomyOf(
      config,
      words.map((word) => `${word}:*`),
    );
  }
  const query = (term: string) => sql`to_tsquery(${config}::regconfig, ${term})`;
  const inTaxonomy = (match: { subs: number[]; lines: string[] }) =>
    sql`(products.sub_category_id = ANY(${intArray(match.subs.map(Number))}) OR products.line = ANY(${textArray(match.lines)}))`;
  let found: number[];
  if (matches.every((match) => match.subs.length + match.lines.length === 0)) {
    const every = query(matches.map((match) => match.term).join(' & '));
    found = ids(
      await db.execute(sql`SELECT id FROM products WHERE search_vector @@ ${every}
        ORDER BY ts_rank(search_vector, ${every}) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
    );
  } else {
    const any = query(matches.map((match) => match.term).join(' | '));
    const taxonomyRank = sql.join(
      matches.map((match) => sql`CASE WHEN ${inTaxonomy(match)} THEN 0.01::float8 ELSE 0 END`),
      sql` + `,
    );
    const everyWord = sql.join(
      matches.map((match) => sql`(products.search_vector @@ ${query(match.term)} OR ${inTaxonomy(match)})`),
      sql` AND `,
    );
    const byText = sql`SELECT products.id, ts_rank(products.search_vector, ${any}) + ${taxonomyRank} AS rank
      FROM products WHERE products.search_vector @@ ${any} AND ${everyWord}`;
    const byTaxonomy = sql`SELECT products.id, ${matches.length * 0.01}::float8 AS rank
      FROM products WHERE ${sql.join(matches.map(inTaxonomy), sql` AND `)}`;
    found = ids(
      await db.execute(sql`SELECT id FROM (${byText} UNION ALL ${byTaxonomy}) found GROUP BY id
        ORDER BY max(rank) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
    );
  }
  if (found.length > 0 || text.length < 5) return found;
  return ids(
    await db.execute(sql`SELECT id FROM products WHERE ${text} <% title
      ORDER BY word_similarity(${text}, title) DESC, id LIMIT ${SEARCH_CANDIDATES_MAX}`),
  );
}

const lower = (words: readonly string[]) => words.map((word) => word.toLowerCase());
/** Words of every kind: materials, colours, adjectives, taxonomy, lines, prefixes, stop words, typos. */
const TEXTS = [
  ...lower(MATERIALS),
  ...lower(COLOURS),
  ...lower(ADJECTIVES),
  'gift',
  'gifts',
  'gifts for her',
  'stationery',
  'jewellery',
  'fragrance',
  'exclusive',
  'handmade',
  'leather wallet',
  'wallet leather',
  'oak box',
  'silver ring',
  'rose gold',
  'cand',
  'wal',
  'c',
  'her',
  'can',
  'all',
  'the',
  'for her',
  'wodden',
  'lether walet',
  'candel',
  'silvr',
  'nothinglikeit',
  'birthdays',
  'ready to give',
  'velvet navy',
  // A rare word with a prefix of many words: ranked over each candidate's document, not the postings.
  'oak c',
  'leather g',
];

describe.each(targets)('search index on %s', (target) => {
  let database: DatabaseHandle;
  let index: SearchIndex;
  const search = (text: string) => rankSearch(database.db, index, text);
  const titleOf = async (id: number) =>
    (await database.db.select({ title: products.title }).from(products).where(eq(products.id, id)))[0]?.title;

  beforeAll(async () => {
    database = await createTestDatabase(target, 320);
    index = new SearchIndex();
    await index.reloadAll(database.db);
  });
  afterAll(() => database.close());

  it.each(TEXTS)('ranks %p exactly as the SQL ranking did', async (text) => {
    expect(await search(text)).toEqual(await sqlRanking(database.db, text));
  });

  it('finds products by the start of their last word', async () => {
    const found = await search('classic walnu');
    expect(found.length).toBeGreaterThan(0);
    expect([...found].sort()).toEqual([...(await search('classic walnut'))].sort());
  });

  it('needs every word: in the text, or in the taxonomy or line', async () => {
    const both = await search('oak box');
    const oak = new Set(await search('oak'));
    const box = new Set(await search('box'));
    expect(both.length).toBeGreaterThan(0);
    expect(both.every((id) => oak.has(id) && box.has(id))).toBe(true);
  });

  it('finds a department by its name, below products naming it in their text', async () => {
    const found = await search('stationery');
    expect(found.length).toBeGreaterThan(0);
    const types = rowsOf<{ slug: string }>(
      await database.db.execute(sql`SELECT DISTINCT t.slug FROM products p JOIN product_types t ON t.id = p.type_id
        WHERE p.id = ANY(${intArray(found)})`),
    );
    expect(types.map((type) => type.slug)).toEqual(['stationery']);
  });

  it('matches a text of stop words as the start of words', async () => {
    const [first] = await search('her');
    expect(first).toBeDefined();
    expect(await titleOf(first ?? 0)).toMatch(/^heritage\b/i);
  });

  it('falls back to similar titles for a typo of 5 characters or more, not below', async () => {
    const found = await search('wodden');
    expect(found.length).toBeGreaterThan(0);
    expect(await search('wodd')).toEqual([]);
  });

  it('finds a changed product by its new title and not its old one, right after reloadProducts', async () => {
    const [victim] = await search('heritage');
    if (victim === undefined) throw new Error('no heritage product');
    const before = await search('heritage');
    await database.db
      .update(products)
      .set({ title: 'Zanzibar Quokka Lantern', shortDescription: 'A lantern.', description: 'A lantern.' })
      .where(eq(products.id, victim));
    await index.reloadProducts(database.db, [victim]);
    expect(await search('quokka')).toEqual([victim]);
    expect(await search('zanzibar quok')).toEqual([victim]);
    expect(await search('quoka lanterns')).toEqual(await sqlRanking(database.db, 'quoka lanterns'));
    const after = await search('heritage');
    expect(after).not.toContain(victim);
    expect(after).toEqual(await sqlRanking(database.db, 'heritage'));
    expect(after.length).toBe(before.length - 1);
  });

  it('finds a product moved to another department by its new department, not its old one, right after reloadProducts', async () => {
    const [moved] = ids(
      await database.db.execute(sql`SELECT p.id FROM products p JOIN product_types t ON t.id = p.type_id
        WHERE t.slug = 'stationery' ORDER BY p.id LIMIT 1`),
    );
    const [target] = rowsOf<{ sub: number; category: number; type: number }>(
      await database.db.execute(sql`SELECT s.id AS sub, c.id AS category, t.id AS type FROM sub_categories s
        JOIN categories c ON c.id = s.category_id JOIN product_types t ON t.id = c.type_id
        WHERE t.slug = 'toys-and-kids' ORDER BY s.id LIMIT 1`),
    );
    if (moved === undefined || !target) throw new Error('no stationery product or toys sub-category');
    expect(await search('stationery')).toContain(moved);
    await database.db
      .update(products)
      .set({
        subCategoryId: Number(target.sub),
        categoryId: Number(target.category),
        typeId: Number(target.type),
      })
      .where(eq(products.id, moved));
    await index.reloadProducts(database.db, [moved]);
    expect(index.stats().overlay).toBeGreaterThan(0);
    expect(await search('stationery')).not.toContain(moved);
    expect(await search('toys')).toContain(moved);
    for (const text of ['stationery', 'toys', 'kids', 'toys gift', 'stationery note', 'gift']) {
      expect(await search(text)).toEqual(await sqlRanking(database.db, text));
    }
  });

  it('forgets a deleted product and keeps answering as SQL through many changes (the base rebuilt)', async () => {
    const [gone] = await search('marble');
    if (gone === undefined) throw new Error('no marble product');
    await database.db.delete(products).where(eq(products.id, gone));
    await index.reloadProducts(database.db, [gone]);
    expect(await search('marble')).not.toContain(gone);
    // Enough changes to fold the overlay into a new base.
    const all = ids(await database.db.execute(sql`SELECT id FROM products ORDER BY id`));
    const renamed = all.filter((id) => id % 3 === 0);
    await database.db
      .update(products)
      .set({ title: sql`'Velvet ' || ${products.title}` })
      .where(inArray(products.id, renamed));
    for (let from = 0; from < renamed.length; from += 7) {
      await index.reloadProducts(database.db, renamed.slice(from, from + 7));
    }
    await index.reloadProducts(database.db, [gone, ...renamed]);
    for (const text of ['velvet', 'velvet marble', 'marble', 'velvt', 'gift', 'v']) {
      expect(await search(text)).toEqual(await sqlRanking(database.db, text));
    }
    expect(index.stats().products).toBe(all.length);
    // A full reload (the taxonomy changed) answers the same.
    await index.reloadAll(database.db);
    for (const text of ['velvet', 'velvet marble', 'velvt', 'gift', 'cand']) {
      expect(await search(text)).toEqual(await sqlRanking(database.db, text));
    }
    expect(index.stats().overlay).toBe(0);
  });

  it('stems a text of title words without a statement, any other text with one, and that text again without', async () => {
    let statements = 0;
    // The real database, its statements counted.
    const counted = new Proxy(database.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (property !== 'execute' || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          statements++;
          return value.apply(target, args);
        };
      },
    });
    const [title] = rowsOf<{ title: string }>(
      await database.db.execute(sql`SELECT title FROM products ORDER BY id LIMIT 1`),
    );
    const words = (title?.title ?? '').toLowerCase();
    expect(await rankSearch(counted, index, words)).toEqual(await sqlRanking(database.db, words));
    expect(statements).toBe(0);
    // Texts no other case searches: the index keeps the lexemes of words it was asked to stem.
    for (const text of ['gifts for them', 'candl', 'woodden']) {
      statements = 0;
      expect(await rankSearch(counted, index, text)).toEqual(await sqlRanking(database.db, text));
      expect(statements).toBe(1);
      statements = 0;
      expect(await rankSearch(counted, index, text)).toEqual(await sqlRanking(database.db, text));
      expect(statements).toBe(0);
    }
  });

  it('keeps in its dictionaries only what live products hold once the base is rebuilt', async () => {
    const small = new SearchIndex({ overlayMin: 4 });
    await small.reloadAll(database.db);
    const [victim] = await rankSearch(database.db, small, 'gift');
    if (victim === undefined) throw new Error('no gift product');
    const [before] = await database.db
      .select({ title: products.title, description: products.description })
      .from(products)
      .where(eq(products.id, victim));
    await database.db
      .update(products)
      .set({ title: 'Xylophone Yurt Quagga', description: 'Quaggas in a yurt.' })
      .where(eq(products.id, victim));
    await small.reloadProducts(database.db, [victim]);
    expect(await rankSearch(database.db, small, 'quagga')).toEqual([victim]);
    expect(await rankSearch(database.db, small, 'xylophon yurd')).toEqual([victim]);
    await database.db
      .update(products)
      .set({ title: before?.title ?? '', description: before?.description ?? '' })
      .where(eq(products.id, victim));
    // Enough changed products to fold the overlay into a new base (from memory, no reload).
    const all = ids(await database.db.execute(sql`SELECT id FROM products ORDER BY id`));
    const renamed = all.filter((id) => id % 4 === 1 && id !== victim);
    await database.db
      .update(products)
      .set({ title: sql`'Amber ' || ${products.title}` })
      .where(inArray(products.id, renamed));
    await small.reloadProducts(database.db, [victim, ...renamed]);
    expect(small.stats().overlay).toBe(0);
    const fresh = new SearchIndex();
    await fresh.reloadAll(database.db);
    const { overlay: _overlay, typedArrayBytes: _bytes, ...dictionaries } = fresh.stats();
    expect(small.stats()).toMatchObject(dictionaries);
    expect(await rankSearch(database.db, small, 'quagga')).toEqual([]);
    expect(await rankSearch(database.db, small, 'xylophon yurd')).toEqual(
      await sqlRanking(database.db, 'xylophon yurd'),
    );
    for (const text of ['amber', 'amber gift', 'gift', 'ambr', 'c', 'cand', 'silvr']) {
      expect(await rankSearch(database.db, small, text)).toEqual(await sqlRanking(database.db, text));
    }
  });
});
