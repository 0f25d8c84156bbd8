/**
 * The back office's products (issue 22) against a real database: creating one with every part,
 * the 400s with their reasons, the slug's 409 and its redirect, a save and an archive seen by the
 * storefront's very next listing, search, suggestions and product page, and the audit's before
 * and after.
 */
import type {
  AdminSession,
  GalleryEntry,
  ProductDetail,
  ProductGroup,
  ProductListing,
  Suggestions,
} from '@shop/contract';
import type {
  AdminProduct,
  AdminProductList,
  ProductFormOptions,
  ProductInput,
} from '@shop/contract/schemas/adminCatalogue';
import type { AuditPage } from '@shop/contract/schemas/backOffice';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { productGallery, products } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { multipart } from './orderFixtures';
import { picture } from './pictures';

type ProductBySlug = { item: ProductDetail };
type Gallery = { items: GalleryEntry[] };
type ProductGroups = { items: ProductGroup[] };

describe.each(targets)('the back office products on %s', (target) => {
  let ctx: TestContext;
  let owner: string;
  let staff: string;
  let options: ProductFormOptions;
  let pictures: UploadedImage[];
  let seeded: { id: number; slug: string }[];

  const bearer = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  /** The data of a 201 (dataOf wants a 200). */
  const createdOf = <T>(answer: { body: string }) => (JSON.parse(answer.body) as { data: T }).data;
  const storefront = async <T>(url: string) => dataOf<T>(await call('GET', url, null));
  const login = async (email: string, password: string) =>
    dataOf<AdminSession>(await call('POST', 'admin/login', null, { email, password })).token;
  const upload = async (): Promise<UploadedImage> => {
    const { payload, contentType } = await multipart(
      {},
      {
        bytes: await picture('png', 64, 48),
        name: 'picture.png',
        type: 'image/png',
      },
    );
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/images',
      payload,
      headers: { 'content-type': contentType, ...bearer(staff) },
    });
    expect(answer.statusCode).toBe(201);
    return createdOf<{ image: UploadedImage }>(answer).image;
  };

  /** A product with every part: two pictures and a video, specifications, customization, packaging, a group. */
  const fullInput = (changes: Partial<ProductInput> = {}): ProductInput => {
    const type = options.types.find((entry) => entry.categories.some((c) => c.sub_categories.length > 0));
    const category = type?.categories.find((c) => c.sub_categories.length > 0);
    const sub = category?.sub_categories[0];
    const [first, second] = pictures;
    if (!type || !category || !sub || !first || !second) throw new Error('no taxonomy or pictures');
    return {
      title: 'Zanzibar walnut keepsake chest',
      slug: 'zanzibar-walnut-keepsake-chest',
      description:
        '<p>Hand <strong>carved</strong> walnut.</p><script>alert(1)</script><p onclick="x()">Lined</p>',
      short_description: 'A carved walnut chest',
      hint: 'Engraving takes two days',
      price: 80,
      old_price: 95,
      stock_quantity: 7,
      hot: true,
      new_item: true,
      free_delivery: false,
      is_customizable: true,
      supplier_id: options.suppliers[0]?.id ?? null,
      type_id: type.id,
      category_id: category.id,
      sub_category_id: sub.id,
      specifications: [
        { name: 'Wood', value: 'Walnut', quick_view: true },
        { name: 'Width', value: '30 cm', quick_view: false },
      ],
      customization: { logo: true, to_whom: true, sender: false, message: true, price: 6 },
      packagings: (options.packagings.slice(0, 2) ?? []).map((pack) => ({
        packaging_id: pack.id,
        price: 4,
        level: 'item' as const,
      })),
      media: [
        { kind: 'image', image_id: first.id },
        { kind: 'video', url: 'https://www.youtube.com/embed/abc123' },
        { kind: 'image', image_id: second.id },
      ],
      group: { name: 'Chests', product_ids: seeded.slice(0, 2).map((product) => product.id) },
      ...changes,
    };
  };
  const create = async (input: ProductInput, token = staff) => {
    const answer = await call('POST', 'admin/products', token, input);
    expect([answer.statusCode, answer.statusCode === 201 ? '' : answer.body]).toEqual([201, '']);
    return createdOf<{ product: AdminProduct }>(answer).product;
  };
  const save = async (id: number, input: ProductInput) => {
    const answer = await call('PUT', `admin/products/${id}`, staff, input);
    expect([answer.statusCode, answer.statusCode === 200 ? '' : answer.body]).toEqual([200, '']);
    return dataOf<{ product: AdminProduct }>(answer).product;
  };
  const asInput = (product: AdminProduct): ProductInput => ({
    title: product.title,
    slug: product.slug,
    description: product.description,
    short_description: product.short_description,
    hint: product.hint,
    price: product.price,
    old_price: product.old_price,
    stock_quantity: product.stock_quantity,
    hot: product.hot,
    new_item: product.new_item,
    free_delivery: product.free_delivery,
    is_customizable: product.is_customizable,
    supplier_id: product.supplier_id,
    type_id: product.type_id,
    category_id: product.category_id,
    sub_category_id: product.sub_category_id,
    specifications: product.specifications,
    customization: product.customization,
    packagings: product.packagings,
    media: product.media.map((entry) =>
      entry.kind === 'image'
        ? { kind: 'image' as const, image_id: entry.image.id }
        : entry.kind === 'video'
          ? { kind: 'video' as const, url: entry.url }
          : { kind: 'drawing' as const },
    ),
  });
  const searchIds = async (text: string) =>
    (await storefront<ProductListing>(`products?q=${encodeURIComponent(text)}&per-page=100`)).items.map(
      (item) => item.id,
    );
  const suggested = async (text: string) =>
    (await storefront<Suggestions>(`suggestions?q=${encodeURIComponent(text)}`)).products;

  beforeAll(async () => {
    ctx = await createTestApp(target, { auth: { scryptLogN: 10 } });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', 'owner-password-1');
    await createAdmin(ctx.database.db, hasher, 'staff@gifts.example', 'staff-password-1', { role: 'staff' });
    owner = await login('owner@gifts.example', 'owner-password-1');
    staff = await login('staff@gifts.example', 'staff-password-1');
    options = dataOf<ProductFormOptions>(await call('GET', 'admin/products/options', staff));
    pictures = [await upload(), await upload()];
    seeded = (await storefront<ProductListing>('products?per-page=5&sort=oldest-to-newest')).items.map(
      (item) => ({
        id: item.id,
        slug: item.slug,
      }),
    );
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("answers the editor's choices: suppliers, packaging and the taxonomy with ids", () => {
    expect(options.types.length).toBeGreaterThan(0);
    expect(options.types[0]?.categories[0]?.sub_categories[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
    });
    expect(options.packagings.length).toBeGreaterThan(0);
  });

  it('creates a product with every part (staff may), and the storefront shows all of it at once', async () => {
    const input = fullInput();
    const product = await create(input);
    const [first, second] = pictures;
    expect(product).toMatchObject({
      title: input.title,
      slug: input.slug,
      hint: input.hint,
      price: 80,
      old_price: 95,
      stock_quantity: 7,
      is_customizable: true,
      specifications: input.specifications,
      customization: input.customization,
      packagings: input.packagings,
      media: [
        { kind: 'image', image: first },
        { kind: 'video', url: 'https://www.youtube.com/embed/abc123' },
        { kind: 'image', image: second },
      ],
      group: {
        name: 'Chests',
        products: seeded.slice(0, 2).map(({ id, slug }) => expect.objectContaining({ id, slug })),
      },
      image: first?.url,
      archived_at: null,
      old_slugs: [],
    });
    // Sanitised on save: the script and the handler are gone, the formatting stays.
    expect(product.description).toBe('<p>Hand <strong>carved</strong> walnut.</p><p>Lined</p>');

    expect(await searchIds('zanzibar')).toEqual([product.id]);
    expect(await suggested('zanzibar')).toEqual([
      { id: product.id, slug: input.slug, title: input.title, image: first?.url },
    ]);
    const page = await storefront<ProductBySlug>(`products/by-slug/${input.slug}`);
    expect(page.item).toMatchObject({
      id: product.id,
      image: first?.url,
      hint: input.hint,
      details: product.description,
      short_description: 'A carved walnut chest',
      is_customizable: true,
      has_packaging: true,
      hot: true,
      new_item: true,
    });
    expect(page.item.specifications.product).toEqual([
      { name: 'Wood', value: 'Walnut', show_in_quick_view: 1 },
      { name: 'Width', value: '30 cm', show_in_quick_view: 0 },
    ]);
    const gallery = await storefront<Gallery>(`products/gallery/${product.id}`);
    expect(gallery.items.map((entry) => [entry.type, entry.image, entry.video_link])).toEqual([
      ['Image', first?.url, null],
      ['Video', expect.any(String), 'https://www.youtube.com/embed/abc123'],
      ['Image', second?.url, null],
    ]);
    const groups = await storefront<ProductGroups>(`products/grouped-products/${seeded[0]?.id}`);
    expect(groups.items.find((group) => group.groupName === 'Chests')?.products.map((p) => p.slug)).toEqual([
      input.slug,
      seeded[0]?.slug,
      seeded[1]?.slug,
    ]);
    const sub = options.types
      .flatMap((type) => type.categories.flatMap((category) => category.sub_categories))
      .find((entry) => entry.id === input.sub_category_id);
    const listing = await storefront<ProductListing>('products?hot=1&newItem=1&per-page=100');
    expect(listing.items.map((item) => item.id)).toContain(product.id);
    expect(listing.filters.productSubCategories.map((facet) => facet.name)).toContain(sub?.name);
  });

  it('answers 400 with the field and the reason for each kind of bad input', async () => {
    const cases: [Partial<ProductInput>, string][] = [
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ title: '' }, 'title'],
      [{ price: -1 }, 'price'],
      [{ old_price: 50 }, 'old_price'],
      [{ category_id: 2_000_000 }, 'category_id'],
      [{ sub_category_id: 2_000_000 }, 'sub_category_id'],
      [{ supplier_id: 2_000_000 }, 'supplier_id'],
      [{ customization: null }, 'customization'],
      [
        { customization: { logo: false, to_whom: false, sender: false, message: false, price: 1 } },
        'customization',
      ],
      [{ media: [{ kind: 'image', image_id: 2_000_000 }] }, 'media'],
      [{ media: [{ kind: 'video', url: 'javascript:alert(1)' }] }, 'media.0'],
      [{ packagings: [{ packaging_id: 2_000_000, price: 1, level: 'line' }] }, 'packagings'],
      [{ group: { name: 'Self', product_ids: [2_000_000] } }, 'group'],
    ];
    for (const [changes, field] of cases) {
      const answer = await call(
        'POST',
        'admin/products',
        staff,
        fullInput({ slug: 'never-made', ...changes }),
      );
      const failure = failureOf(answer);
      expect([JSON.stringify(changes), answer.statusCode]).toEqual([JSON.stringify(changes), 400]);
      expect(Object.keys(failure.error.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
      expect(failure.error.message.length).toBeGreaterThan(0);
    }
    // An http(s) video the storefront's CSP would not frame: 400 naming its row.
    const elsewhere = await call(
      'POST',
      'admin/products',
      staff,
      fullInput({
        slug: 'never-made',
        media: [
          { kind: 'image', image_id: pictures[0]?.id ?? 0 },
          { kind: 'video', url: 'https://player.vimeo.com/video/76979871' },
        ],
      }),
    );
    expect([elsewhere.statusCode, failureOf(elsewhere).error.fields]).toEqual([
      400,
      {
        media:
          'row 2 is a video that must be a YouTube embed address (https://www.youtube.com/embed/<video id>)',
      },
    ]);
    const mixed = fullInput({
      slug: 'never-made',
      packagings: (options.packagings.slice(0, 2) ?? []).map((pack, at) => ({
        packaging_id: pack.id,
        price: 1,
        level: at === 0 ? ('item' as const) : ('line' as const),
      })),
    });
    if (mixed.packagings.length === 2) {
      expect(failureOf(await call('POST', 'admin/products', staff, mixed)).error.fields).toEqual({
        packagings: expect.stringContaining('same level'),
      });
    }
    expect(
      (await ctx.database.db.select().from(products).where(eq(products.slug, 'never-made'))).length,
    ).toBe(0);
  });

  it("refuses another product's slug with 409 SLUG_TAKEN and the reason", async () => {
    const taken = seeded[2]?.slug ?? '';
    const answer = await call('POST', 'admin/products', staff, fullInput({ slug: taken, group: null }));
    expect(answer.statusCode).toBe(409);
    expect(failureOf(answer).error).toMatchObject({
      code: 'SLUG_TAKEN',
      message: expect.stringContaining(taken),
      fields: { slug: 'is taken' },
    });
  });

  it('keeps an old slug as a redirect: the product page at it answers the product with its new slug', async () => {
    const product = await create(
      fullInput({ title: 'Quokka linen apron', slug: 'quokka-linen-apron', group: null }),
    );
    const renamed = await save(product.id, {
      ...asInput(product),
      title: 'Quokka apron',
      slug: 'quokka-apron',
    });
    expect(renamed.old_slugs).toEqual(['quokka-linen-apron']);
    const atOld = await storefront<ProductBySlug>('products/by-slug/quokka-linen-apron');
    expect([atOld.item.id, atOld.item.slug, atOld.item.title]).toEqual([
      product.id,
      'quokka-apron',
      'Quokka apron',
    ]);

    // The title changes, the slug stays what the editor sends.
    const retitled = await save(product.id, { ...asInput(renamed), title: 'Quokka kitchen apron' });
    expect(retitled.slug).toBe('quokka-apron');

    // Nobody else may take the old slug; the product itself may take it back.
    const other = await call(
      'POST',
      'admin/products',
      staff,
      fullInput({ slug: 'quokka-linen-apron', group: null }),
    );
    expect([other.statusCode, failureOf(other).error.message]).toEqual([
      409,
      expect.stringContaining('still leads'),
    ]);
    const back = await save(product.id, { ...asInput(retitled), slug: 'quokka-linen-apron' });
    expect(back.old_slugs).toEqual(['quokka-apron']);
    expect((await storefront<ProductBySlug>('products/by-slug/quokka-apron')).item.slug).toBe(
      'quokka-linen-apron',
    );
  });

  it('shows a new price and the last piece in the very next listing and product page', async () => {
    const product = await create(
      fullInput({ title: 'Wombat felt slippers', slug: 'wombat-felt-slippers', group: null }),
    );
    const card = async () =>
      (await storefront<ProductListing>('products?q=wombat&per-page=10')).items.find(
        (item) => item.id === product.id,
      );
    expect((await card())?.price).toBe(80);
    await save(product.id, { ...asInput(product), price: 64.5, old_price: null, stock_quantity: 1 });
    expect(await card()).toMatchObject({
      price: 64.5,
      old_price: null,
      stock_quantity: 1,
      last_piece_message: 'Only 1 left in stock',
    });
    const cheap = await storefront<ProductListing>('products?price-max-usd=65&q=wombat');
    expect(cheap.items.map((item) => item.id)).toEqual([product.id]);
    expect((await storefront<ProductBySlug>('products/by-slug/wombat-felt-slippers')).item.price).toBe(64.5);

    // A save without a stock figure keeps the stock (the stock panel changes it, with a reason).
    const { stock_quantity: _stock, ...withoutStock } = asInput(product);
    expect((await save(product.id, { ...withoutStock, price: 70, old_price: null })).stock_quantity).toBe(1);
  });

  it('archives: gone from the listing, facets, search, suggestions and product page at once; back on unarchive', async () => {
    const product = await create(
      fullInput({
        title: 'Narwhal glass paperweight',
        slug: 'narwhal-glass-paperweight',
        group: null,
        line: 'exclusive',
      }),
    );
    const exclusive = async () =>
      (await storefront<{ items: { id: number }[] }>('exclusive-products')).items.map((item) => item.id);
    expect(await exclusive()).toContain(product.id);
    const facetCount = async () =>
      (await storefront<ProductListing>('products?per-page=1')).filters.productSubCategories.reduce(
        (sum, facet) => sum + facet.products_count,
        0,
      );
    const total = async () => (await storefront<ProductListing>('products?per-page=1'))._meta.totalCount;
    const [countBefore, facetsBefore] = [await total(), await facetCount()];
    expect(await searchIds('narwhal')).toEqual([product.id]);

    const archived = await call('POST', `admin/products/${product.id}/archive`, staff, {
      reason: 'Discontinued',
    });
    expect(archived.statusCode).toBe(200);
    expect(dataOf<{ product: AdminProduct }>(archived).product.archived_at).toEqual(expect.any(String));
    expect(await searchIds('narwhal')).toEqual([]);
    expect(await suggested('narwhal')).toEqual([]);
    expect(await total()).toBe(countBefore - 1);
    expect(await facetCount()).toBe(facetsBefore - 1);
    expect((await call('GET', 'products/by-slug/narwhal-glass-paperweight', null)).statusCode).toBe(404);
    expect(await exclusive()).not.toContain(product.id);

    const live = dataOf<AdminProductList>(await call('GET', 'admin/products?q=narwhal', staff));
    const gone = dataOf<AdminProductList>(await call('GET', 'admin/products?q=narwhal&archived=true', staff));
    expect([live.items.length, gone.items.map((item) => item.id)]).toEqual([0, [product.id]]);

    expect((await call('POST', `admin/products/${product.id}/unarchive`, staff, {})).statusCode).toBe(200);
    expect(await searchIds('narwhal')).toEqual([product.id]);
    expect(await total()).toBe(countBefore);
    expect((await storefront<ProductBySlug>('products/by-slug/narwhal-glass-paperweight')).item.id).toBe(
      product.id,
    );
  });

  (target === 'postgres' ? it : it.skip)(
    'shows a save and an archive on another API instance at its very next read',
    async () => {
      const other = await buildApp({ database: ctx.database });
      await other.ready();
      try {
        const read = async <T>(url: string) =>
          dataOf<T>(await other.inject({ method: 'GET', url: `/backend/api/${url}` }));
        const ids = async (text: string) =>
          (await read<ProductListing>(`products?q=${text}&per-page=100`)).items.map((item) => item.id);
        expect(await ids('axolotl')).toEqual([]);
        const product = await create(
          fullInput({ title: 'Axolotl clay planter', slug: 'axolotl-clay-planter', group: null }),
        );
        expect(await ids('axolotl')).toEqual([product.id]);
        expect((await read<Suggestions>('suggestions?q=axolotl')).products.map((item) => item.id)).toEqual([
          product.id,
        ]);
        await save(product.id, { ...asInput(product), price: 33 });
        expect((await read<ProductListing>('products?q=axolotl')).items[0]?.price).toBe(33);
        await call('POST', `admin/products/${product.id}/archive`, staff, {});
        expect(await ids('axolotl')).toEqual([]);
        expect(
          (await other.inject({ method: 'GET', url: '/backend/api/products/by-slug/axolotl-clay-planter' }))
            .statusCode,
        ).toBe(404);
      } finally {
        await other.close();
      }
    },
  );

  it("saves a seeded product with its YouTube video unchanged (the seed's embed addresses pass)", async () => {
    const [withVideo] = await ctx.database.db
      .select({ id: productGallery.productId })
      .from(productGallery)
      .where(eq(productGallery.type, 'Video'))
      .orderBy(productGallery.productId)
      .limit(1);
    if (!withVideo) throw new Error('no seeded product with a video');
    const product = dataOf<{ product: AdminProduct }>(
      await call('GET', `admin/products/${withVideo.id}`, staff),
    ).product;
    const videos = product.media.filter((entry) => entry.kind === 'video');
    expect(videos).toEqual([
      { kind: 'video', url: expect.stringMatching(/^https:\/\/www\.youtube\.com\/embed\//) },
    ]);
    const saved = await save(withVideo.id, asInput(product));
    expect(saved.media.filter((entry) => entry.kind === 'video')).toEqual(videos);
  });

  it('lists products by any part of the title or slug, newest first', async () => {
    const list = dataOf<AdminProductList>(await call('GET', 'admin/products?q=QUOKKA', staff));
    expect(list.items.map((item) => item.title)).toEqual(['Quokka kitchen apron']);
    const all = dataOf<AdminProductList>(await call('GET', 'admin/products', staff));
    expect(all._meta.perPage).toBe(20);
    expect(all.items.map((item) => item.id)).toEqual(
      [...all.items.map((item) => item.id)].sort((a, b) => b - a),
    );
  });

  it('answers 404 for an unknown product, and keeps the audit of every change with before and after', async () => {
    expect((await call('GET', 'admin/products/999999', staff)).statusCode).toBe(404);
    expect((await call('PUT', 'admin/products/999999', staff, fullInput({ group: null }))).statusCode).toBe(
      404,
    );
    expect((await call('POST', 'admin/products/999999/archive', staff, {})).statusCode).toBe(404);

    const audit = dataOf<AuditPage>(await call('GET', 'admin/audit?action=admin/products', owner));
    const priceChange = audit.items.find(
      (entry) =>
        entry.action === 'PUT admin/products/:id' &&
        (entry.after as { price?: number } | null)?.price === 64.5,
    );
    expect(priceChange).toMatchObject({
      admin: { email: 'staff@gifts.example' },
      before: { price: 80, stock_quantity: 7, slug: 'wombat-felt-slippers' },
      after: { price: 64.5, stock_quantity: 1, old_price: null },
    });
    const creation = audit.items.find(
      (entry) =>
        entry.action === 'POST admin/products' &&
        (entry.after as { slug?: string }).slug === 'zanzibar-walnut-keepsake-chest',
    );
    expect(creation).toMatchObject({ before: null, object_id: expect.stringMatching(/^\d+$/) });
    expect((creation?.after as { media?: unknown[] } | undefined)?.media).toEqual([
      { kind: 'image', image_id: pictures[0]?.id },
      { kind: 'video', url: 'https://www.youtube.com/embed/abc123' },
      { kind: 'image', image_id: pictures[1]?.id },
    ]);
    const archive = audit.items.find(
      (entry) => entry.action === 'POST admin/products/:id/archive' && entry.reason !== null,
    );
    expect(archive).toMatchObject({
      reason: 'Discontinued',
      before: { archived_at: null },
      after: { archived_at: expect.any(String) },
    });
  });
});
