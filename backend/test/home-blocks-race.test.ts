/**
 * A home category block saved while the category tree changes (issue 22), on PostgreSQL with a
 * second connection playing the tree's transaction (categoryTree.ts: the entry FOR UPDATE, then
 * changed): the block's save holds its type and categories FOR SHARE (homeContent.ts setBlock), so
 * a category deleted or moved to another type meanwhile is refused with 400, never a foreign-key
 * 500 nor a block listing another type's category; and a category's move waiting on a block's save
 * then sees the block and is refused (409, categoryTree.ts refuseMoveOutOfBlocks).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AdminSession } from '@shop/contract';
import type { AdminHomeContent } from '@shop/contract/schemas/homeContent';
import { sql } from 'drizzle-orm';
import type { Client } from 'pg';
import { rowsOf } from '../src/db/migrate';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, secondConnection, type TestContext } from './db';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;

onPostgres('home category blocks racing the category tree on postgres', () => {
  let ctx: TestContext;
  let other: Client;
  let staff: string;
  let types: AdminHomeContent['types'];

  const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${path}`,
      headers: staff ? { authorization: `Bearer ${staff}` } : {},
      ...(payload ? { payload } : {}),
    });
  /** A category of its own under the first type, nothing using it. */
  const newCategory = async (slug: string) => {
    const [created] = rowsOf<{ id: number }>(
      await ctx.database.db.execute(sql`INSERT INTO categories (type_id, name, slug, position)
        VALUES (${types[0]?.id ?? 0}, ${slug}, ${slug}, 99) RETURNING id`),
    );
    return Number(created?.id);
  };
  /** Block items whose category is not of their block's type (none may ever be). */
  const strayItems = async () =>
    (
      await other.query(`SELECT i.category_id FROM category_block_items i
        JOIN category_blocks b ON b.id = i.block_id JOIN categories c ON c.id = i.category_id
        WHERE c.type_id <> b.product_type_id`)
    ).rowCount;

  beforeAll(async () => {
    ctx = await createTestApp('postgres', { products: 10, auth: { scryptLogN: 10 } });
    other = await secondConnection(ctx);
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'staff@blocks.example', 'staff-password-1', {
      role: 'staff',
    });
    staff = '';
    staff = dataOf<AdminSession>(
      await ctx.app.inject({
        method: 'POST',
        url: '/backend/api/admin/login',
        payload: { email: 'staff@blocks.example', password: 'staff-password-1' },
      }),
    ).token;
    types = dataOf<AdminHomeContent>(await call('GET', 'admin/home')).types;
    if (types.length < 2) throw new Error('the seed has fewer than two product types');
  });
  afterAll(async () => {
    await other.end();
    await ctx.close();
  });

  it('a block saved while its category is deleted answers 400, not a foreign-key 500', async () => {
    const categoryId = await newCategory('block-race-deleted');
    // The delete (deleteEntry): the category locked, found unused, deleted.
    await other.query('BEGIN');
    await other.query('SELECT id FROM categories WHERE id = $1 FOR UPDATE', [categoryId]);
    const saving = call('PUT', 'admin/home/category-blocks/9', {
      product_type_id: types[0]?.id,
      category_ids: [categoryId],
    });
    await sleep(500);
    await other.query('DELETE FROM categories WHERE id = $1', [categoryId]);
    await other.query('COMMIT');
    const answer = await saving;
    expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([
      400,
      { category_ids: `not categories of this product type: ${categoryId}` },
    ]);
  });

  it('a block saved while its category moves to another type answers 400 and lists no stranger', async () => {
    const categoryId = await newCategory('block-race-moved');
    // The move (updateEntry): the category locked, then moved under another type.
    await other.query('BEGIN');
    await other.query('SELECT id FROM categories WHERE id = $1 FOR UPDATE', [categoryId]);
    const saving = call('PUT', 'admin/home/category-blocks/10', {
      product_type_id: types[0]?.id,
      category_ids: [categoryId],
    });
    await sleep(500);
    await other.query('UPDATE categories SET type_id = $1 WHERE id = $2', [types[1]?.id, categoryId]);
    await other.query('COMMIT');
    const answer = await saving;
    expect([answer.statusCode, failureOf(answer).error.fields]).toEqual([
      400,
      { category_ids: `not categories of this product type: ${categoryId}` },
    ]);
    expect(await strayItems()).toBe(0);
  });

  it('a move to another type waiting on a block save that lists the category answers 409 naming the block', async () => {
    const categoryId = await newCategory('block-race-listed');
    const listedAlready = await newCategory('block-race-neighbour');
    expect(
      (
        await call('PUT', 'admin/home/category-blocks/9', {
          product_type_id: types[0]?.id,
          category_ids: [listedAlready],
        })
      ).statusCode,
    ).toBe(200);
    const [block] = (await other.query('SELECT id FROM category_blocks WHERE position = 9')).rows as {
      id: number;
    }[];
    // The block's save (setBlock): the category held FOR SHARE, then listed.
    await other.query('BEGIN');
    await other.query('SELECT id FROM categories WHERE id = $1 FOR SHARE', [categoryId]);
    await other.query(
      'INSERT INTO category_block_items (block_id, category_id, position) VALUES ($1, $2, 1)',
      [block?.id, categoryId],
    );
    const moving = call('PUT', `admin/category-tree/categories/${categoryId}`, {
      name: 'block-race-listed',
      slug: 'block-race-listed',
      parent_id: types[1]?.id,
      image_id: null,
    });
    await sleep(500);
    await other.query('COMMIT');
    const answer = await moving;
    expect([answer.statusCode, failureOf(answer).error.code, failureOf(answer).error.fields]).toEqual([
      409,
      'CATEGORY_IN_USE',
      { home_blocks: '9' },
    ]);
    expect(await strayItems()).toBe(0);
    expect((await call('DELETE', 'admin/home/category-blocks/9')).statusCode).toBe(200);
  });
});
