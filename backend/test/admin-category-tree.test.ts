/**
 * Issue 22: the category tree in the back office against a real database. Owners and staff add,
 * rename, reorder, move and delete product types, categories and sub-categories; a move takes the
 * products along in the same transaction, and the very next listing, search and product page show
 * the new names, places and counts; an old slug's listing link keeps working; an entry in use is
 * refused 409 with what uses it; every change is in the audit log with its before and after.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession, CategoryBlock, ProductDetail, ProductListing } from '@shop/contract';
import type { CategoryTree, TaxonomyEntry } from '@shop/contract/schemas/categoryTree';
import type { AdminHomeContent } from '@shop/contract/schemas/homeContent';
import { and, desc, eq, like } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { adminAuditLog, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';

type App = TestContext['app'];

const OWNER_PASSWORD = 'owner-password-123';

describe.each(targets)('the category tree on %s', (target) => {
  let ctx: TestContext;
  let owner: string;
  let staff: string;

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url: `/backend/api/${url}`, headers: bearer(token), payload });
  const tree = async (token = owner) => dataOf<CategoryTree>(await call('GET', 'admin/category-tree', token));
  const created = async (level: string, body: object, token = owner): Promise<TaxonomyEntry> => {
    const response = await call('POST', `admin/category-tree/${level}`, token, body);
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return (JSON.parse(response.body) as { data: { entry: TaxonomyEntry } }).data.entry;
  };
  const edited = async (level: string, id: number, body: object) =>
    dataOf<{ entry: TaxonomyEntry }>(await call('PUT', `admin/category-tree/${level}/${id}`, owner, body))
      .entry;
  const listing = async (query: string, app: App = ctx.app) =>
    dataOf<ProductListing>(await app.inject({ method: 'GET', url: `/backend/api/products?${query}` }));
  const facet = (facets: { slug: string; name: string; products_count: number }[], slug: string) =>
    facets.find((entry) => entry.slug === slug);
  const productPage = async (slug: string) =>
    dataOf<{ item: ProductDetail }>(
      await ctx.app.inject({ method: 'GET', url: `/backend/api/products/by-slug/${slug}` }),
    ).item;
  const productsUnder = (subCategoryId: number) =>
    ctx.database.db
      .select({
        id: products.id,
        slug: products.slug,
        typeId: products.typeId,
        categoryId: products.categoryId,
      })
      .from(products)
      .where(eq(products.subCategoryId, subCategoryId));
  const lastAudit = async (action: string) => {
    const [row] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(like(adminAuditLog.action, action))
      .orderBy(desc(adminAuditLog.id))
      .limit(1);
    return row;
  };

  beforeAll(async () => {
    ctx = await createTestApp(target, { products: 60, auth: { scryptLogN: 10 } });
    await createAdmin(ctx.database.db, new PasswordHasher(10), 'owner@gifts.example', OWNER_PASSWORD);
    const login = async (email: string, password: string) =>
      dataOf<AdminSession>(
        await ctx.app.inject({
          method: 'POST',
          url: '/backend/api/admin/login',
          payload: { email, password },
        }),
      ).token;
    owner = await login('owner@gifts.example', OWNER_PASSWORD);
    const staffAnswer = await call('POST', 'admin/admins', owner, { email: 'staff@gifts.example' });
    const { password } = (JSON.parse(staffAnswer.body) as { data: { password: string } }).data;
    staff = await login('staff@gifts.example', password);
  });
  afterAll(() => ctx.close());

  it('lists every type, category and sub-category in order, with their product counts', async () => {
    const answer = await tree();
    expect(answer.types.length).toBeGreaterThan(1);
    const total = answer.types.reduce((sum, type) => sum + type.product_count, 0);
    expect(total).toBe(60);
    for (const type of answer.types) {
      expect(type.categories.reduce((sum, category) => sum + category.product_count, 0)).toBe(
        type.product_count,
      );
      for (const category of type.categories) {
        expect(category.sub_categories.reduce((sum, sub) => sum + sub.product_count, 0)).toBe(
          category.product_count,
        );
      }
    }
    expect(answer.types.map((type) => type.position)).toEqual(
      [...answer.types.map((type) => type.position)].sort((a, b) => a - b),
    );
    expect(answer.types[0]?.image).toBeNull();
  });

  it('adds entries with slugs made from their names, numbered when taken, and refuses bad input', async () => {
    const type = await created('types', { name: 'Garden & Patio' }, staff);
    expect(type).toMatchObject({
      level: 'types',
      slug: 'garden-and-patio',
      parent_id: null,
      product_count: 0,
    });
    const category = await created('categories', { name: 'Plant Pots', parent_id: type.id });
    expect(category).toMatchObject({ slug: 'plant-pots', parent_id: type.id, position: 0 });
    const again = await created('categories', { name: 'Plant pots', parent_id: type.id });
    expect([again.slug, again.position]).toEqual(['plant-pots-2', 1]);
    const sub = await created('sub-categories', {
      name: 'Terracotta',
      slug: 'terracotta-pots',
      parent_id: category.id,
    });
    expect(sub.slug).toBe('terracotta-pots');

    const taken = await call('POST', 'admin/category-tree/categories', owner, {
      name: 'Other',
      slug: 'plant-pots',
      parent_id: type.id,
    });
    expect([taken.statusCode, failureOf(taken).error.code]).toEqual([409, 'SLUG_TAKEN']);
    const noParent = await call('POST', 'admin/category-tree/categories', owner, { name: 'Orphan' });
    expect([noParent.statusCode, failureOf(noParent).error.fields?.parent_id]).toEqual([
      400,
      expect.any(String),
    ]);
    const unknownParent = await call('POST', 'admin/category-tree/sub-categories', owner, {
      name: 'Lost',
      parent_id: 999_999,
    });
    expect(unknownParent.statusCode).toBe(400);
    const typeWithParent = await call('POST', 'admin/category-tree/types', owner, {
      name: 'X',
      parent_id: 1,
    });
    expect(typeWithParent.statusCode).toBe(400);
    const badSlug = await call('POST', 'admin/category-tree/types', owner, { name: 'Y', slug: 'Not A Slug' });
    expect([badSlug.statusCode, failureOf(badSlug).error.fields?.slug]).toEqual([400, expect.any(String)]);
    const noLetters = await call('POST', 'admin/category-tree/types', owner, { name: '!!!' });
    expect([noLetters.statusCode, failureOf(noLetters).error.fields?.slug]).toEqual([
      400,
      expect.any(String),
    ]);
    const noPicture = await call('POST', 'admin/category-tree/types', owner, {
      name: 'Z',
      image_id: 999_999,
    });
    expect([noPicture.statusCode, failureOf(noPicture).error.fields?.image_id]).toEqual([
      400,
      expect.any(String),
    ]);
    const badLevel = await call('POST', 'admin/category-tree/brands', owner, { name: 'B' });
    expect(badLevel.statusCode).toBe(400);

    const audit = await lastAudit('POST admin/category-tree/:level');
    expect(audit).toMatchObject({ adminEmail: 'owner@gifts.example', objectId: `sub-categories/${sub.id}` });
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({
      name: 'Terracotta',
      slug: 'terracotta-pots',
      parent_id: category.id,
    });

    const shown = (await tree()).types.find((entry) => entry.id === type.id);
    expect(shown?.categories.map((entry) => entry.slug)).toEqual(['plant-pots', 'plant-pots-2']);
    expect(shown?.categories[0]?.sub_categories.map((entry) => entry.name)).toEqual(['Terracotta']);
  });

  it('renames a sub-category: the next listing, search and product page show it, the old link still works', async () => {
    const before = await tree();
    const category = before.types.flatMap((type) => type.categories).find((entry) => entry.product_count > 0);
    const sub = category?.sub_categories.find((entry) => entry.product_count > 0);
    if (!category || !sub) throw new Error('the seed has no sub-category with products');
    // The indexes are loaded and current before the rename.
    expect(facet((await listing('')).filters.productSubCategories, sub.slug)?.products_count).toBe(
      sub.product_count,
    );
    const [first] = await productsUnder(sub.id);
    if (!first) throw new Error('no product');

    const renamed = await edited('sub-categories', sub.id, {
      name: 'Quokka Keepsakes',
      slug: 'quokka-keepsakes',
      parent_id: category.id,
      image_id: null,
    });
    expect(renamed).toMatchObject({
      name: 'Quokka Keepsakes',
      slug: 'quokka-keepsakes',
      position: sub.position,
    });

    const all = await listing('');
    expect(facet(all.filters.productSubCategories, 'quokka-keepsakes')).toMatchObject({
      name: 'Quokka Keepsakes',
      products_count: sub.product_count,
    });
    expect(facet(all.filters.productSubCategories, sub.slug)).toBeUndefined();
    const found = await listing('q=quokka&per-page=100');
    expect(found._meta.totalCount).toBe(sub.product_count);
    expect(found.items.map((item) => item.id)).toContain(first.id);
    expect((await productPage(first.slug)).subCategory).toEqual({
      name: 'Quokka Keepsakes',
      slug: 'quokka-keepsakes',
    });

    const oldLink = await listing(`subCategory=${sub.slug}&per-page=100`);
    expect(oldLink._meta.totalCount).toBe(sub.product_count);
    expect(oldLink.query.subCategory).toBe('quokka-keepsakes');
    expect((await listing('subCategory=no-such-slug'))._meta.totalCount).toBe(0);

    const audit = await lastAudit('PUT admin/category-tree/:level/:id');
    expect(audit?.objectId).toBe(`sub-categories/${sub.id}`);
    expect(audit?.before).toMatchObject({ name: sub.name, slug: sub.slug });
    expect(audit?.after).toMatchObject({ name: 'Quokka Keepsakes', slug: 'quokka-keepsakes' });
  });

  it('moves a sub-category to a category of another type: its products follow, counts change at once', async () => {
    const before = await tree();
    const [from, to] = before.types;
    const fromCategory = from?.categories.find((entry) => entry.product_count > 0);
    const sub = fromCategory?.sub_categories.find((entry) => entry.product_count > 0);
    const toCategory = to?.categories[0];
    if (!from || !to || !fromCategory || !sub || !toCategory) throw new Error('the seed has too few types');
    const listed = await listing('');
    const count = (facets: ProductListing['filters']['productTypes'], slug: string) =>
      facet(facets, slug)?.products_count ?? 0;

    const moved = await edited('sub-categories', sub.id, {
      name: sub.name,
      slug: sub.slug,
      parent_id: toCategory.id,
      image_id: null,
    });
    const lastPosition = toCategory.sub_categories.length;
    expect([moved.parent_id, moved.position]).toEqual([toCategory.id, lastPosition]);

    for (const product of await productsUnder(sub.id)) {
      expect([product.typeId, product.categoryId]).toEqual([to.id, toCategory.id]);
    }
    const after = await listing('');
    expect(count(after.filters.productTypes, to.slug)).toBe(
      count(listed.filters.productTypes, to.slug) + sub.product_count,
    );
    expect(count(after.filters.productTypes, from.slug)).toBe(
      count(listed.filters.productTypes, from.slug) - sub.product_count,
    );
    expect(count(after.filters.productCategories, toCategory.slug)).toBe(
      count(listed.filters.productCategories, toCategory.slug) + sub.product_count,
    );
    const inTarget = await listing(`category=${toCategory.slug}&per-page=100`);
    const [first] = await productsUnder(sub.id);
    expect(inTarget.items.map((item) => item.id)).toContain(first?.id);
    expect((await productPage(first?.slug ?? '')).category).toEqual({
      name: toCategory.name,
      slug: toCategory.slug,
    });
    // Search: the moved products are found by their new category's words.
    await edited('categories', toCategory.id, {
      name: 'Numbat Corner',
      slug: toCategory.slug,
      parent_id: to.id,
      image_id: null,
    });
    const byNewCategory = await listing('q=numbat&per-page=100');
    expect(byNewCategory._meta.totalCount).toBe(toCategory.product_count + sub.product_count);
    expect(byNewCategory.items.map((item) => item.id)).toContain(first?.id);
    // Its old siblings closed up.
    const left = (await tree()).types
      .find((type) => type.id === from.id)
      ?.categories.find((entry) => entry.id === fromCategory.id)?.sub_categories;
    expect(left?.map((entry) => entry.position)).toEqual(left?.map((_, index) => index));
  });

  it('moves a category to another type with its products, and reorders entries', async () => {
    const before = await tree();
    const [first, second] = before.types;
    const category = second?.categories.find((entry) => entry.product_count > 0);
    if (!first || !second || !category) throw new Error('the seed has too few types');
    // Out of the home page blocks listing it first (a listed one cannot move: the test after this one).
    const home = dataOf<AdminHomeContent>(await call('GET', 'admin/home', owner));
    for (const block of home.blocks.filter((entry) =>
      entry.categories.some(({ id }) => id === category.id),
    )) {
      expect((await call('DELETE', `admin/home/category-blocks/${block.position}`, owner)).statusCode).toBe(
        200,
      );
    }
    await edited('categories', category.id, {
      name: category.name,
      slug: category.slug,
      parent_id: first.id,
      image_id: null,
    });
    const rows = await ctx.database.db
      .select({ typeId: products.typeId })
      .from(products)
      .where(eq(products.categoryId, category.id));
    expect(rows.length).toBe(category.product_count);
    expect(new Set(rows.map((row) => row.typeId))).toEqual(new Set([first.id]));
    expect((await listing(`type=${first.slug}&category=${category.slug}`))._meta.totalCount).toBe(
      category.product_count,
    );

    // The last type goes first; the others keep their order behind it.
    const last = before.types.at(-1);
    if (!last) throw new Error('no type');
    const placed = dataOf<{ entry: TaxonomyEntry }>(
      await call('POST', `admin/category-tree/types/${last.id}/position`, staff, { position: 0 }),
    ).entry;
    expect(placed.position).toBe(0);
    const order = (await tree()).types.map((type) => type.id);
    expect(order).toEqual([
      last.id,
      ...before.types.filter((type) => type.id !== last.id).map((type) => type.id),
    ]);
    const facets = (await listing('')).filters.productTypes.map((entry) => entry.slug);
    const withProducts = (await tree()).types
      .filter((type) => type.product_count > 0)
      .map((type) => type.slug);
    expect(facets).toEqual(withProducts);
    const audit = await lastAudit('POST admin/category-tree/:level/:id/position');
    expect(audit).toMatchObject({ adminEmail: 'staff@gifts.example', objectId: `types/${last.id}` });
    expect(audit?.after).toMatchObject({ position: 0 });
  });

  it('refuses to move a category a home page block lists to another type, naming the block; out of it, it moves', async () => {
    const [first, second] = (await tree()).types;
    if (!first || !second) throw new Error('the seed has too few types');
    const shelf = await created('categories', { name: 'Block shelf', parent_id: first.id });
    const block = { product_type_id: first.id, category_ids: [shelf.id] };
    expect((await call('PUT', 'admin/home/category-blocks/8', staff, block)).statusCode).toBe(200);
    const move = { name: shelf.name, slug: shelf.slug, parent_id: second.id, image_id: null };
    const refused = await call('PUT', `admin/category-tree/categories/${shelf.id}`, owner, move);
    expect([refused.statusCode, failureOf(refused).error]).toEqual([
      409,
      expect.objectContaining({
        code: 'CATEGORY_IN_USE',
        message: expect.stringContaining("the home page's category block at position 8"),
        fields: { home_blocks: '8' },
      }),
    ]);
    const shown = dataOf<{ items: CategoryBlock[] }>(
      await ctx.app.inject({ method: 'GET', url: '/backend/api/category-blocks' }),
    ).items.find((entry) => entry.position === 8);
    expect([shown?.product_type_slug, shown?.categories.map((entry) => entry.category.slug)]).toEqual([
      first.slug,
      [shelf.slug],
    ]);
    expect((await tree()).types.find((type) => type.id === first.id)?.categories.map((c) => c.id)).toContain(
      shelf.id,
    );

    expect((await call('DELETE', 'admin/home/category-blocks/8', staff)).statusCode).toBe(200);
    expect((await edited('categories', shelf.id, move)).parent_id).toBe(second.id);
  });

  it('refuses to delete an entry in use, naming what uses it, and deletes an unused one', async () => {
    const answer = await tree();
    const type = answer.types.find((entry) => entry.product_count > 0);
    const sub = type?.categories
      .flatMap((entry) => entry.sub_categories)
      .find((entry) => entry.product_count > 0);
    if (!type || !sub) throw new Error('no type with products');
    const refused = await call('DELETE', `admin/category-tree/sub-categories/${sub.id}`, owner);
    expect(refused.statusCode).toBe(409);
    const { error } = failureOf(refused);
    expect(error.code).toBe('CATEGORY_IN_USE');
    expect(error.fields?.products).toBe(String(sub.product_count));
    expect(error.message).toContain(`${sub.product_count} product`);
    const typeRefused = await call('DELETE', `admin/category-tree/types/${type.id}`, owner);
    expect(failureOf(typeRefused).error.fields).toMatchObject({
      products: String(type.product_count),
      categories: String(type.categories.length),
    });

    const empty = await created('types', { name: 'Short-lived' });
    const emptyCategory = await created('categories', { name: 'Short-lived shelf', parent_id: empty.id });
    const hasChild = await call('DELETE', `admin/category-tree/types/${empty.id}`, owner);
    expect([hasChild.statusCode, failureOf(hasChild).error.fields?.categories]).toEqual([409, '1']);
    expect(
      (await call('DELETE', `admin/category-tree/categories/${emptyCategory.id}`, staff)).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `admin/category-tree/types/${empty.id}`, owner)).statusCode).toBe(200);
    expect((await tree()).types.map((entry) => entry.id)).not.toContain(empty.id);
    expect((await call('DELETE', `admin/category-tree/types/${empty.id}`, owner)).statusCode).toBe(404);
    const audit = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'DELETE admin/category-tree/:level/:id'),
          eq(adminAuditLog.objectId, `types/${empty.id}`),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({ name: 'Short-lived', slug: 'short-lived' });
    expect(audit[0]?.after).toBeNull();
  });

  it('keeps buyers and signed-out callers out', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/backend/api/admin/category-tree' });
    expect(anonymous.statusCode).toBe(401);
  });

  (target === 'postgres' ? it : it.skip)(
    'keeps products consistent when a sub-category and its new category move at once, and numbers slugs made at once',
    async () => {
      const twins = await Promise.all(
        [1, 2].map(() => call('POST', 'admin/category-tree/types', owner, { name: 'Twin Shelf' })),
      );
      expect(twins.map((answer) => answer.statusCode)).toEqual([201, 201]);
      expect(
        twins
          .map((answer) => (JSON.parse(answer.body) as { data: { entry: TaxonomyEntry } }).data.entry.slug)
          .sort(),
      ).toEqual(['twin-shelf', 'twin-shelf-2']);

      const answer = await tree();
      const placed = answer.types.flatMap((type) => type.categories.map((category) => ({ type, category })));
      const from = placed.find(({ category }) =>
        category.sub_categories.some((sub) => sub.product_count > 0),
      );
      const sub = from?.category.sub_categories.find((entry) => entry.product_count > 0);
      const to = placed.find(({ type }) => type.id !== from?.type.id);
      const target = answer.types.find((type) => type.id !== to?.type.id && type.product_count > 0);
      if (!from || !sub || !to || !target) throw new Error('the tree is too small');
      const [subMoved, categoryMoved] = await Promise.all([
        call('PUT', `admin/category-tree/sub-categories/${sub.id}`, owner, {
          name: sub.name,
          slug: sub.slug,
          parent_id: to.category.id,
          image_id: null,
        }),
        call('PUT', `admin/category-tree/categories/${to.category.id}`, staff, {
          name: to.category.name,
          slug: to.category.slug,
          parent_id: target.id,
          image_id: null,
        }),
      ]);
      expect([subMoved.statusCode, categoryMoved.statusCode]).toEqual([200, 200]);
      for (const product of await productsUnder(sub.id)) {
        expect([product.typeId, product.categoryId]).toEqual([target.id, to.category.id]);
      }
      const underCategory = await ctx.database.db
        .select({ typeId: products.typeId })
        .from(products)
        .where(eq(products.categoryId, to.category.id));
      expect(new Set(underCategory.map((row) => row.typeId))).toEqual(new Set([target.id]));
      expect((await listing(`type=${target.slug}&subCategory=${sub.slug}`))._meta.totalCount).toBe(
        sub.product_count,
      );
    },
  );

  (target === 'postgres' ? it : it.skip)('lets two API instances agree at once after a rename', async () => {
    const other = await buildApp({
      database: ctx.database,
      uploadsDir: mkdtempSync(path.join(tmpdir(), 'shop-uploads-')),
    });
    await other.ready();
    try {
      const category = (await tree()).types
        .flatMap((type) => type.categories)
        .find((c) => c.product_count > 0);
      if (!category) throw new Error('no category');
      await listing('', other);
      const parent = (await tree()).types.find((type) => type.categories.some((c) => c.id === category.id));
      await edited('categories', category.id, {
        name: 'Wombat Wares',
        slug: 'wombat-wares',
        parent_id: parent?.id ?? 0,
        image_id: null,
      });
      const [here, there] = [await listing('q=wombat'), await listing('q=wombat', other)];
      expect(here._meta.totalCount).toBe(category.product_count);
      expect(there).toEqual(here);
      expect(facet((await listing('', other)).filters.productCategories, 'wombat-wares')?.name).toBe(
        'Wombat Wares',
      );
    } finally {
      await other.close();
    }
  });
});
