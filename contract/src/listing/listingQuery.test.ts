import { SEARCH_TEXT_MAX } from '../validation/keyword';
import {
  apiQueryFromFilters,
  changeFilters,
  filtersFromParams,
  listingTrail,
  paramsFromFilters,
  parseAttributes,
  toggleAttribute,
} from './listingQuery';

const parse = (search: string) => filtersFromParams(new URLSearchParams(search));

describe('URL <-> listing filters', () => {
  it('reads every filter the listing accepts from the URL', () => {
    const filters = parse(
      'type=gifts&category=mugs&subCategory=photo-mugs&q=cup&supplier_id=122&sort=low-to-high&page=3' +
        '&hot=1&stock=1&customizable=1&f=%7B%22Colour%22%3A%5B%22Red%22%5D%7D&price-min=10&price-max=50&currency=AED',
    );
    expect(filters).toMatchObject({
      type: 'gifts',
      category: 'mugs',
      subCategory: 'photo-mugs',
      q: 'cup',
      supplierId: '122',
      sort: 'low-to-high',
      page: 3,
      quick: ['hot', 'stock', 'customizable'],
      attributes: { Colour: ['Red'] },
      priceMin: 10,
      priceMax: 50,
      currency: 'AED',
    });
  });

  it('writes the same URL back (a shared link restores the same state)', () => {
    const search =
      'type=gifts&category=mugs&q=cup&hot=1&newItem=1&f=%7B%22Colour%22%3A%5B%22Red%22%2C%22Blue%22%5D%7D' +
      '&price-min=10&price-max=50&currency=AED&sort=high-to-low&page=2';
    expect(paramsFromFilters(parse(search)).toString()).toBe(search);
  });

  it('ignores unknown sorts, bad pages, zero or negative prices and malformed attribute JSON', () => {
    const filters = parse('sort=cheapest&page=-4&price-min=0&price-max=-20&f=%7Bnot-json');
    expect(filters.sort).toBeNull();
    expect(filters.page).toBe(1);
    expect(filters.priceMin).toBeNull();
    // Negatives are made positive.
    expect(filters.priceMax).toBe(20);
    expect(filters.attributes).toEqual({});
    expect(parseAttributes('{"Colour":"Red","Size":["L",3]}')).toEqual({ Size: ['L'] });
  });

  it('drops every value the API would refuse, so a hand-edited link never ends in an error', () => {
    const filters = parse(
      `page=-1&sort=bogus&price-min=abc&price-max=1e400&price-min-usd=2000000000&supplier_id=x` +
        `&type=${'t'.repeat(201)}&currency=EURO&per-page=abc`,
    );
    expect(filters).toMatchObject({
      page: 1,
      sort: null,
      priceMin: null,
      priceMax: null,
      priceMinUsd: null,
      supplierId: null,
      type: null,
      currency: null,
      perPage: null,
    });
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=1000001').page).toBe(1);
    expect(parse('supplier_id=2147483648').supplierId).toBeNull();
    // A known code passes; an unknown one is dropped once the shop's currencies are known.
    expect(filtersFromParams(new URLSearchParams('currency=aed'), ['AED', 'USD']).currency).toBe('aed');
    expect(filtersFromParams(new URLSearchParams('currency=XYZ'), ['AED', 'USD']).currency).toBeNull();
    // A search past the limit is cut where the search box stops typing.
    expect(parse(`q=${'a'.repeat(SEARCH_TEXT_MAX + 50)}`).q).toHaveLength(SEARCH_TEXT_MAX);
    // An f beyond the API's bounds is ignored; values past a bound are left out.
    const tooMany = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`Name${i}`, ['x']]));
    expect(parseAttributes(JSON.stringify(tooMany))).toEqual({});
    expect(parseAttributes(JSON.stringify({ Colour: ['Red', 'x'.repeat(101)] }))).toEqual({
      Colour: ['Red'],
    });
    expect(apiQueryFromFilters(parse('page=-1&sort=bogus&price-min=abc'))).toEqual({ 'per-page': 20 });
  });

  it('resets the page when any filter changes', () => {
    const next = changeFilters(parse('type=gifts&page=4'), { quick: ['hot'] });
    expect(paramsFromFilters(next).toString()).toBe('type=gifts&hot=1');
  });

  it('keeps the page when only the page changes', () => {
    expect(changeFilters(parse('page=4'), { page: 5 }).page).toBe(5);
  });

  it('drops the currency when no price bound is set', () => {
    expect(paramsFromFilters(parse('currency=AED&type=x')).toString()).toBe('type=x');
  });

  it('toggles attribute values: OR within an attribute, removed when empty', () => {
    const once = toggleAttribute({}, 'Colour', 'Red');
    const twice = toggleAttribute(once, 'Colour', 'Blue');
    expect(twice).toEqual({ Colour: ['Red', 'Blue'] });
    expect(toggleAttribute(toggleAttribute(twice, 'Colour', 'Red'), 'Colour', 'Blue')).toEqual({});
  });

  it('asks the API with the URL names plus the page size', () => {
    expect(apiQueryFromFilters(parse('q=mug&price-min=5&currency=EUR&page=2'))).toEqual({
      'per-page': 20,
      q: 'mug',
      'price-min': '5',
      currency: 'EUR',
      page: '2',
    });
  });

  it("honours the URL's per-page, clamped to 1..100 as the server clamps it, and keeps it in links", () => {
    expect(apiQueryFromFilters(parse('per-page=8'))['per-page']).toBe(8);
    expect(apiQueryFromFilters(parse('per-page=500'))['per-page']).toBe(100);
    expect(apiQueryFromFilters(parse('per-page=0'))['per-page']).toBe(1);
    expect(apiQueryFromFilters(parse('per-page=abc'))['per-page']).toBe(20);
    const eight = parse('type=gifts&per-page=8&page=3');
    expect(paramsFromFilters(eight).toString()).toBe('type=gifts&per-page=8&page=3');
    // A filter change goes back to page 1 but keeps the page size.
    expect(paramsFromFilters(changeFilters(eight, { sort: 'low-to-high' })).toString()).toBe(
      'type=gifts&sort=low-to-high&per-page=8',
    );
  });
});

describe('listingTrail', () => {
  const sitemap = [
    {
      slug: 'gifts',
      name: 'Gifts',
      child: [{ slug: 'boxes', name: 'Gift Boxes', child: [{ slug: 'oak', name: 'Oak & Co' }] }],
    },
  ];

  it('names each step from the site map and links all but the last', () => {
    expect(listingTrail({ type: 'gifts', category: 'boxes', subCategory: 'oak' }, sitemap)).toEqual({
      heading: 'Oak & Co',
      crumbs: [
        { name: 'Gifts', search: 'type=gifts' },
        { name: 'Gift Boxes', search: 'type=gifts&category=boxes' },
        { name: 'Oak & Co', search: '' },
      ],
    });
  });

  it('falls back to the slug when the map does not know it, and has no heading then', () => {
    expect(listingTrail({ type: 'toys', category: null, subCategory: null }, sitemap)).toEqual({
      heading: undefined,
      crumbs: [{ name: 'toys', search: 'type=toys' }],
    });
    expect(listingTrail({ type: null, category: null, subCategory: null }, undefined)).toEqual({
      heading: undefined,
      crumbs: [],
    });
  });
});
