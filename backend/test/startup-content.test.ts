import type { StartupContent } from '@shop/contract';
import { createTestApp, dataOf, type TestContext, targets } from './db';

describe.each(targets)('GET startup-content on %s', (target) => {
  let ctx: TestContext;
  let content: StartupContent;
  beforeAll(async () => {
    ctx = await createTestApp(target);
    content = dataOf<StartupContent>(
      await ctx.app.inject({ method: 'GET', url: '/backend/api/startup-content' }),
    );
  });
  afterAll(() => ctx.close());

  it('carries the configured phone and hashtag', () => {
    expect(content.config).toEqual({ phone: '+971 50 123 4567', hashtag: expect.stringMatching(/^#\w+/) });
  });

  it('lists only the configured social channels', () => {
    expect(Object.keys(content.socialChannels).sort()).toEqual(['facebook', 'instagram', 'youtube']);
    expect(content.socialChannels.facebook).toMatch(/^https:\/\//);
  });

  it('offers every product type in the footer, in site-map order', () => {
    expect(content.footerProductTypes.length).toBeGreaterThanOrEqual(4);
    expect(content.footerProductTypes).toEqual(content.sitemap.map(({ name, slug }) => ({ name, slug })));
  });

  it('builds a three-level site map: type → category → sub-category', () => {
    expect(content.sitemap.length).toBeGreaterThanOrEqual(4);
    for (const type of content.sitemap) {
      expect(type.image).toBe(`/backend/api/images/types/${type.id}.svg`);
      expect(type.child.length).toBeGreaterThanOrEqual(3);
      for (const category of type.child) {
        expect(category.image).toBe(`/backend/api/images/categories/${category.id}.svg`);
        expect(category.child.length).toBeGreaterThanOrEqual(2);
        for (const subCategory of category.child) {
          expect(subCategory).toEqual({
            id: expect.any(Number),
            name: expect.any(String),
            slug: expect.stringMatching(/^[a-z0-9-]+$/),
            image: expect.stringMatching(/^\/backend\/api\/images\/sub-categories\/\d+\.svg$/),
            child: [],
          });
        }
      }
    }
  });

  it('lists the currencies with USD as the default', () => {
    expect(content.currencies.default).toBe('USD');
    expect(content.currencies.list.USD).toEqual({
      code: 'USD',
      symbol: '$',
      exchange_rate: 1,
      decimal_places: 2,
    });
    expect(content.currencies.list.LBP).toEqual({
      code: 'LBP',
      symbol: 'LBP',
      exchange_rate: 89500,
      decimal_places: 0,
    });
    expect(content.currencies.list.KWD).toMatchObject({ symbol: 'KD', decimal_places: 3 });
    expect(Object.keys(content.currencies.list).sort()).toEqual(['AED', 'KWD', 'LBP', 'USD']);
  });

  it('carries the front-end messages with their texts', () => {
    expect(content.frontendMessages).toContainEqual({
      section: 'home',
      component: 'DealOfTheDay',
      name: 'finished',
      type: 'Text',
      texts: ['Deal is finished now!'],
    });
    for (const message of content.frontendMessages) expect(['Text', 'texts']).toContain(message.type);
  });
});
