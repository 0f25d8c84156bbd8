/**
 * A product save racing the category tree and another save (issue 22), on PostgreSQL with a second
 * connection playing the other transaction: a sub-category moved or deleted while a product is
 * saved into it (the save holds the taxonomy FOR SHARE, products.ts heldParents), and two creates
 * racing for one slug (the unique index's violation is the same 409 SLUG_TAKEN as the check's).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminSession } from '@shop/contract';
import type { ProductFormOptions, ProductInput } from '@shop/contract/schemas/adminCatalogue';
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { rowsOf } from '../src/db/migrate';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, secondConnection, type TestContext } from './db';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('product saves racing the category tree on postgres', () => {
  let ctx: TestContext;
  let other: Client;
  let staff: string;
  let options: ProductFormOptions;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${path}`,
      headers: staff ? { authorization: `Bearer ${staff}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** Two categories of one type, the first with a sub-category: where a product goes, and where it moves. */
  const taxonomy = () => {
    for (const type of options.types) {
      const from = type.categories.find((category) => category.sub_categories.length > 0);
      const to = type.categories.find((category) => category !== from);
      const sub = from?.sub_categories[0];
      if (from && to && sub) return { type, from, to, sub };
    }
    throw new Error('no type with two categories');
  };

  const input = (slug: string, sub: { type: number; category: number; sub: number }): ProductInput => ({
    title: `Race ${slug}`,
    slug,
    description: '<p>Raced.</p>',
    hint: null,
    price: 20,
    old_price: null,
    stock_quantity: 3,
    hot: false,
    new_item: false,
    free_delivery: false,
    is_customizable: false,
    supplier_id: null,
    type_id: sub.type,
    category_id: sub.category,
    sub_category_id: sub.sub,
    specifications: [],
    customization: null,
    packagings: [],
    media: [],
    group: null,
  });

  beforeAll(async () => {
    ctx = await createTestApp('postgres', { products: 10, auth: { scryptLogN: 10 } });
    other = await secondConnection(ctx);
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'staff@race.example', 'staff-password-1', {
      role: 'staff',
    });
    staff = '';
    staff = dataOf<AdminSession>(
      await call('POST', 'admin/login', { email: 'staff@race.example', password: 'staff-password-1' }),
    ).token;
    options = dataOf<ProductFormOptions>(await call('GET', 'admin/products/options'));
  });
  afterAll(async () => {
    await other.end();
    await ctx.close();
  });

  it('a create racing a move of its sub-category never keeps the old parents', async () => {
    const { type, from, to, sub } = taxonomy();
    // The move (categoryTree.ts updateEntry): the sub-category locked, then moved with its products.
    await other.query('BEGIN');
    await other.query('SELECT id FROM sub_categories WHERE id = $1 FOR UPDATE', [sub.id]);
    const saving = call(
      'POST',
      'admin/products',
      input('race-moved-sub', { type: type.id, category: from.id, sub: sub.id }),
    );
    await sleep(500);
    await other.query('UPDATE sub_categories SET category_id = $1 WHERE id = $2', [to.id, sub.id]);
    await other.query('UPDATE products SET category_id = $1 WHERE sub_category_id = $2', [to.id, sub.id]);
    await other.query('COMMIT');
    const answer = await saving;
    try {
      // The save read the sub-category after the move: its category is no longer the one given.
      expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([
        400,
        { sub_category_id: 'is not a sub-category of this category' },
      ]);
      const stale = await other.query(
        'SELECT p.id FROM products p JOIN sub_categories s ON s.id = p.sub_category_id WHERE p.category_id <> s.category_id',
      );
      expect(stale.rowCount).toBe(0);
    } finally {
      await other.query('UPDATE sub_categories SET category_id = $1 WHERE id = $2', [from.id, sub.id]);
      await other.query('UPDATE products SET category_id = $1 WHERE sub_category_id = $2', [from.id, sub.id]);
    }
  });

  it('a create racing a delete of its sub-category answers 400, not a foreign-key 500', async () => {
    const { type, from } = taxonomy();
    const [created] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`INSERT INTO sub_categories (category_id, name, slug, position)
        VALUES (${from.id}, 'Short-lived', 'short-lived-race', 99) RETURNING id`),
    );
    const subId = Number(created?.id);
    // The delete (categoryTree.ts deleteEntry): the entry locked, found unused, deleted.
    await other.query('BEGIN');
    await other.query('SELECT id FROM sub_categories WHERE id = $1 FOR UPDATE', [subId]);
    const saving = call(
      'POST',
      'admin/products',
      input('race-deleted-sub', { type: type.id, category: from.id, sub: subId }),
    );
    await sleep(500);
    await other.query('DELETE FROM sub_categories WHERE id = $1', [subId]);
    await other.query('COMMIT');
    const answer = await saving;
    expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([
      400,
      { sub_category_id: 'is not a sub-category of this category' },
    ]);
  });

  it('two creates racing for one slug: one 201, the other 409 SLUG_TAKEN (not a 500)', async () => {
    const { type, from, sub } = taxonomy();
    // Both saves wait on the held sub-category, then pass the slug check together: the unique
    // index decides, and its violation (in Drizzle's `cause`) must be the 409.
    await other.query('BEGIN');
    await other.query('SELECT id FROM sub_categories WHERE id = $1 FOR UPDATE', [sub.id]);
    const body = input('race-one-slug', { type: type.id, category: from.id, sub: sub.id });
    const saves = [call('POST', 'admin/products', body), call('POST', 'admin/products', body)];
    await sleep(500);
    await other.query('COMMIT');
    const answers = await Promise.all(saves);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect([statuses, answers.map((answer) => answer.body).filter((body) => body.includes('"500'))]).toEqual([
      [201, 409],
      [],
    ]);
    const refused = answers.find((answer) => answer.statusCode === 409);
    expect(refused && failureOf(refused).error.fields).toEqual({ slug: 'is taken' });
  });
});
