/**
 * The home page's content in the back office (issue 22) against a real database: hero slides (at
 * most five, ordered), banners, the deal of the day and the category blocks, each change audited
 * with its before and after, staff allowed; and the storefront (its home endpoints and the
 * server's first screen) showing a change on the very next request, uploaded pictures included.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminSession, Banner, CategoryBlock, Deal, HeroSlide } from '@shop/contract';
import {
  type AdminHomeContent,
  type HeroSlideInput,
  HOME_CONTENT_MESSAGES,
} from '@shop/contract/schemas/homeContent';
import type { UploadedImage } from '@shop/contract/schemas/images';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { adminAuditLog } from '../src/db/schema';
import { createAdmin } from '../src/services/admins';
import { PasswordHasher } from '../src/services/passwords';
import { createTestApp, dataOf, failureOf, type TestContext, targets } from './db';
import { multipart } from './orderFixtures';

const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Gift Shop</title></head><body><div id=root></div></body></html>';

const slideInput = (changes: Partial<HeroSlideInput> = {}): HeroSlideInput => ({
  title: 'Spring gifts',
  sub_title: 'Fresh picks for the season',
  button_text: 'Shop now',
  button_link: '/products?type=flowers',
  offer_tag: '20% off',
  image_id: null,
  ...changes,
});
const bannerInput = {
  title: 'Handmade lamps',
  sub_title: 'Warm light',
  template: 2,
  link_type: 'Button',
  link: 'https://lamps.example/collection',
  button_text: 'See them',
  image_id: null,
} as const;

describe.each(targets)('the home page content in the back office on %s', (target) => {
  let ctx: TestContext;
  let root: string;
  let owner: string;
  let staff: string;

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/backend/api/${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  /** The whole content a change answers (200, or 201 for an addition). */
  const contentOf = (response: { statusCode: number; body: string }) => {
    expect([response.statusCode, response.body.slice(0, 300)]).toEqual([
      expect.any(Number),
      expect.stringContaining('"status":true'),
    ]);
    return (JSON.parse(response.body) as { data: AdminHomeContent }).data;
  };
  const storefront = async <T>(address: string) =>
    dataOf<T>(await ctx.app.inject({ method: 'GET', url: `/backend/api/${address}` }));
  const lastAudit = async () =>
    (await ctx.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];
  const upload = async (width: number, height: number): Promise<UploadedImage> => {
    const bytes = await sharp({
      create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } },
    })
      .jpeg()
      .toBuffer();
    const { payload, contentType } = await multipart({}, { bytes, name: 'slide.jpg', type: 'image/jpeg' });
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/backend/api/admin/images',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${owner}` },
    });
    expect(answer.statusCode).toBe(201);
    return (JSON.parse(answer.body) as { data: { image: UploadedImage } }).data.image;
  };

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'shop-home-content-'));
    mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
    writeFileSync(path.join(root, 'shell/dist/index.html'), INDEX_HTML);
    ctx = await createTestApp(target, {
      auth: { scryptLogN: 10 },
      site: { root, publicUrl: 'https://shop.example' },
    });
    const hasher = new PasswordHasher(10);
    await createAdmin(ctx.database.db, hasher, 'owner@gifts.example', 'owner-password-1');
    await createAdmin(ctx.database.db, hasher, 'staff@gifts.example', 'staff-password-1', { role: 'staff' });
    const login = async (email: string, password: string) =>
      dataOf<AdminSession>(
        await ctx.app.inject({
          method: 'POST',
          url: '/backend/api/admin/login',
          payload: { email, password },
        }),
      ).token;
    owner = await login('owner@gifts.example', 'owner-password-1');
    staff = await login('staff@gifts.example', 'staff-password-1');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('lists what the storefront shows: the seeded slides, banners, running deal and blocks', async () => {
    const content = contentOf(await send('GET', 'admin/home', staff));
    const hero = await storefront<{ items: HeroSlide[] }>('hero-slides');
    // The seed has more slides than the storefront shows (the first five): the back office lists all.
    expect(content.slides.slice(0, 5).map((slide) => slide.title)).toEqual(
      hero.items.map((slide) => slide.title),
    );
    expect(content.slides.every((slide) => slide.image === null)).toBe(true);
    expect(content.deal?.products.length).toBeGreaterThan(0);
    expect(content.blocks.length).toBeGreaterThan(0);
    expect(content.types.length).toBeGreaterThan(0);
  });

  it('keeps at most five slides (409 with the reason), and a new one goes last', async () => {
    let content = contentOf(await send('GET', 'admin/home', owner));
    while (content.slides.length > 5) {
      content = contentOf(await send('DELETE', `admin/home/slides/${content.slides.at(-1)?.id}`, owner));
    }
    while (content.slides.length < 5)
      content = contentOf(await send('POST', 'admin/home/slides', owner, slideInput()));
    const sixth = await send('POST', 'admin/home/slides', owner, slideInput({ title: 'One too many' }));
    expect([sixth.statusCode, failureOf(sixth).error.code, failureOf(sixth).error.message]).toEqual([
      409,
      'SLIDES_FULL',
      HOME_CONTENT_MESSAGES.slidesFull,
    ]);
    // Two admins adding the sixth at once: both refused, still five.
    const both = await Promise.all([1, 2].map(() => send('POST', 'admin/home/slides', owner, slideInput())));
    expect(both.map((answer) => answer.statusCode)).toEqual([409, 409]);
    expect((await storefront<{ items: HeroSlide[] }>('hero-slides')).items).toHaveLength(5);
  });

  it('replaces a slide with an uploaded picture, moves it first, and the storefront and its first screen show it at once', async () => {
    const before = contentOf(await send('GET', 'admin/home', owner));
    const last = before.slides.at(-1);
    if (!last) throw new Error('no slide');
    let content = contentOf(await send('DELETE', `admin/home/slides/${last.id}`, staff));
    expect(content.slides.map((slide) => slide.position)).toEqual([1, 2, 3, 4]);
    const removal = await lastAudit();
    expect([removal?.action, removal?.adminEmail, removal?.after]).toEqual([
      'DELETE admin/home/slides/:id',
      'staff@gifts.example',
      null,
    ]);
    expect(removal?.before).toMatchObject({ id: last.id, title: last.title });

    const picture = await upload(1800, 600);
    const added = await send(
      'POST',
      'admin/home/slides',
      staff,
      slideInput({ title: 'Gifts <b>&</b> more', image_id: picture.id }),
    );
    expect(added.statusCode).toBe(201);
    content = contentOf(added);
    const slide = content.slides.at(-1);
    expect(slide).toMatchObject({ title: 'Gifts <b>&</b> more', position: 5, image: picture });
    const creation = await lastAudit();
    expect([creation?.before, creation?.objectId]).toEqual([null, String(slide?.id)]);
    expect(creation?.after).toMatchObject({ title: 'Gifts <b>&</b> more', imageId: picture.id });

    for (let moves = 0; moves < 4; moves += 1) {
      content = contentOf(
        await send('POST', `admin/home/slides/${slide?.id}/move`, owner, { direction: 'up' }),
      );
    }
    expect(content.slides[0]?.id).toBe(slide?.id);
    // Already first: nothing moves.
    content = contentOf(
      await send('POST', `admin/home/slides/${slide?.id}/move`, owner, { direction: 'up' }),
    );
    expect(content.slides[0]?.id).toBe(slide?.id);

    const hero = await storefront<{ items: HeroSlide[] }>('hero-slides');
    expect(hero.items[0]).toMatchObject({ title: 'Gifts <b>&</b> more', image: picture.url });
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('Gifts &lt;b&gt;&amp;&lt;/b&gt; more');
    expect(page.body).toContain(`/backend/api/images/uploaded/${picture.id}/1200.webp`);
    expect(page.body).toContain(`/backend/api/images/uploaded/${picture.id}/480.webp 480w`);
    // The preloaded rendition is served.
    const served = await ctx.app.inject({
      method: 'GET',
      url: `/backend/api/images/uploaded/${picture.id}/1200.webp`,
    });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('changes a slide with its before and after in the audit', async () => {
    const [first] = contentOf(await send('GET', 'admin/home', owner)).slides;
    if (!first) throw new Error('no slide');
    const content = contentOf(
      await send(
        'PUT',
        `admin/home/slides/${first.id}`,
        staff,
        slideInput({ title: 'Summer gifts', offer_tag: null }),
      ),
    );
    expect(content.slides[0]).toMatchObject({
      id: first.id,
      title: 'Summer gifts',
      offer_tag: null,
      image: null,
    });
    const row = await lastAudit();
    expect(row?.before).toMatchObject({ title: first.title });
    expect(row?.after).toMatchObject({ title: 'Summer gifts', offerTag: null, imageId: null });
    expect((await send('PUT', 'admin/home/slides/999999', owner, slideInput())).statusCode).toBe(404);
  });

  it.each([
    ['a script link', { button_link: 'javascript:alert(1)' }, 'button_link'],
    ['another site without its scheme', { button_link: '//evil.example/x' }, 'button_link'],
    ['a link with a space', { button_link: '/products?q=a b' }, 'button_link'],
    ['a title of spaces', { title: '   ' }, 'title'],
    ['a picture never uploaded', { image_id: 999999 }, 'image_id'],
    ['a title of 101 characters', { title: 'x'.repeat(101) }, 'title'],
    ['no button text', { button_text: '' }, 'button_text'],
  ])('refuses a slide with %s (400 naming the field)', async (_name, changes, field) => {
    const [first] = contentOf(await send('GET', 'admin/home', owner)).slides;
    const answer = await send('PUT', `admin/home/slides/${first?.id}`, owner, slideInput(changes));
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(failureOf(answer).error.fields ?? {})).toContain(field);
  });

  it('adds, changes, moves and removes a banner, with its picture on the storefront', async () => {
    const picture = await upload(900, 300);
    let content = contentOf(
      await send('POST', 'admin/home/banners', staff, { ...bannerInput, image_id: picture.id }),
    );
    const banner = content.banners.at(-1);
    expect(banner).toMatchObject({
      title: 'Handmade lamps',
      template: 2,
      link_type: 'Button',
      image: picture,
    });
    let shown = await storefront<{ items: Banner[] }>('banners');
    expect(shown.items.at(-1)).toMatchObject({
      id: banner?.id,
      background_image: picture.url,
      link: bannerInput.link,
    });

    const bad = await send('PUT', `admin/home/banners/${banner?.id}`, owner, {
      ...bannerInput,
      link: 'ftp://x.example',
    });
    expect([bad.statusCode, failureOf(bad).error.fields]).toEqual([
      400,
      { link: HOME_CONTENT_MESSAGES.link },
    ]);
    const wrongTemplate = await send('PUT', `admin/home/banners/${banner?.id}`, owner, {
      ...bannerInput,
      template: 4,
    });
    expect(wrongTemplate.statusCode).toBe(400);

    content = contentOf(
      await send('PUT', `admin/home/banners/${banner?.id}`, owner, {
        ...bannerInput,
        link_type: 'Box',
        link: '/about',
      }),
    );
    expect(content.banners.at(-1)).toMatchObject({ link_type: 'Box', link: '/about', image: null });
    content = contentOf(
      await send('POST', `admin/home/banners/${banner?.id}/move`, owner, { direction: 'up' }),
    );
    expect(content.banners.at(-2)?.id).toBe(banner?.id);
    content = contentOf(await send('DELETE', `admin/home/banners/${banner?.id}`, owner));
    expect(content.banners.some((each) => each.id === banner?.id)).toBe(false);
    shown = await storefront<{ items: Banner[] }>('banners');
    expect(shown.items.some((each) => each.id === banner?.id)).toBe(false);
  });

  it('sets the deal of the day (its products in order and its end), refuses a past end or an unknown product, and ends it', async () => {
    const productIds = [3, 1, 2];
    const endsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
    const past = await send('PUT', 'admin/home/deal', staff, {
      title: 'Deal',
      ends_at: new Date(Date.now() - 1000).toISOString(),
      product_ids: productIds,
    });
    expect([past.statusCode, failureOf(past).error.fields]).toEqual([
      400,
      { ends_at: HOME_CONTENT_MESSAGES.dealEnded },
    ]);
    const unknown = await send('PUT', 'admin/home/deal', staff, {
      title: 'Deal',
      ends_at: endsAt,
      product_ids: [999999],
    });
    expect([unknown.statusCode, Object.keys(failureOf(unknown).error.fields ?? {})]).toEqual([
      400,
      ['product_ids'],
    ]);

    const content = contentOf(
      await send('PUT', 'admin/home/deal', staff, {
        title: 'Weekend deal',
        ends_at: endsAt,
        product_ids: productIds,
      }),
    );
    expect(content.deal).toMatchObject({ title: 'Weekend deal', ends_at: endsAt });
    expect(content.deal?.products.map((product) => product.id)).toEqual(productIds);
    const row = await lastAudit();
    expect(row?.after).toEqual({ title: 'Weekend deal', ends_at: endsAt, product_ids: productIds });
    expect(row?.before).toMatchObject({ title: expect.any(String) });

    const shown = await storefront<{ deal: Deal | null }>('deals-of-the-day');
    expect(shown.deal?.title).toBe('Weekend deal');
    expect(shown.deal?.items.map((item) => item.product.id)).toEqual(productIds);
    expect(shown.deal?.end_date_time).toBeGreaterThan(2 * 3600 - 60);

    expect(contentOf(await send('DELETE', 'admin/home/deal', owner)).deal).toBeNull();
    expect((await storefront<{ deal: Deal | null }>('deals-of-the-day')).deal).toBeNull();
    expect((await send('DELETE', 'admin/home/deal', owner)).statusCode).toBe(404);
    // With none running, setting one starts it now.
    const again = contentOf(
      await send('PUT', 'admin/home/deal', owner, { title: 'New deal', ends_at: endsAt, product_ids: [5] }),
    );
    expect(again.deal?.products.map((product) => product.id)).toEqual([5]);
    expect((await lastAudit())?.before).toBeNull();
  });

  it('sets and removes the category block at a position, refusing a category of another type', async () => {
    const { types } = contentOf(await send('GET', 'admin/home', owner));
    const [type, other] = types;
    if (!type || !other || type.categories.length < 2 || !other.categories[0])
      throw new Error('the seed has too few categories');
    const chosen = [type.categories[1]?.id ?? 0, type.categories[0]?.id ?? 0];
    const stranger = await send('PUT', 'admin/home/category-blocks/7', staff, {
      product_type_id: type.id,
      category_ids: [other.categories[0].id],
    });
    expect([stranger.statusCode, Object.keys(failureOf(stranger).error.fields ?? {})]).toEqual([
      400,
      ['category_ids'],
    ]);
    expect(
      (
        await send('PUT', 'admin/home/category-blocks/11', staff, {
          product_type_id: type.id,
          category_ids: [],
        })
      ).statusCode,
    ).toBe(400);

    const content = contentOf(
      await send('PUT', 'admin/home/category-blocks/7', staff, {
        product_type_id: type.id,
        category_ids: chosen,
      }),
    );
    expect(content.blocks.find((block) => block.position === 7)).toEqual({
      position: 7,
      product_type: { id: type.id, name: type.name },
      categories: chosen.map((id) => ({ id, name: type.categories.find((each) => each.id === id)?.name })),
    });
    expect((await lastAudit())?.after).toEqual({
      position: 7,
      product_type_id: type.id,
      category_ids: chosen,
    });
    let shown = await storefront<{ items: CategoryBlock[] }>('category-blocks');
    expect(shown.items.find((block) => block.position === 7)?.categories).toHaveLength(2);

    contentOf(await send('DELETE', 'admin/home/category-blocks/7', staff));
    shown = await storefront<{ items: CategoryBlock[] }>('category-blocks');
    expect(shown.items.some((block) => block.position === 7)).toBe(false);
    expect((await send('DELETE', 'admin/home/category-blocks/7', staff)).statusCode).toBe(404);
    const [blockRow] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'DELETE admin/home/category-blocks/:position'));
    expect(blockRow?.before).toMatchObject({ position: 7 });
  });
});
