import { createDataCache, dataKey } from './dataCache';
import { INLINED_ANSWERS_MAX_AGE_MS, keyOfAddress, seedInlinedAnswers } from './inlinedAnswers';

describe('answers inlined by the server', () => {
  afterEach(() => {
    delete window.__SHOP_ANSWERS__;
    delete window.__SHOP_ANSWERED__;
  });
  const here = () => window.location.pathname + window.location.search;

  it('keys an address as a read of the same path and query does, whatever order the query was written in', () => {
    expect(keyOfAddress('products?sort=low-to-high&per-page=20&type=mugs')).toBe(
      dataKey('products', { type: 'mugs', 'per-page': 20, sort: 'low-to-high' }),
    );
    expect(keyOfAddress('products/by-slug/a%20b')).toBe('products/by-slug/a%20b');
    expect(keyOfAddress('products?f=%7B%22Colour%22%3A%5B%22Red%22%5D%7D')).toBe(
      dataKey('products', { f: '{"Colour":["Red"]}' }),
    );
  });

  it('puts each answer in the cache as ready, once', () => {
    const cache = createDataCache();
    window.__SHOP_ANSWERS__ = {
      'hero-slides': { items: [{ id: 1 }] },
      'products?per-page=20': { items: [] },
    };
    window.__SHOP_ANSWERED__ = { address: here(), at: Date.now() };
    expect(seedInlinedAnswers(cache)).toBe(2);
    expect(cache.stateOf('hero-slides')).toMatchObject({ status: 'ready', data: { items: [{ id: 1 }] } });
    expect(cache.stateOf(dataKey('products', { 'per-page': 20 }))).toMatchObject({ status: 'ready' });
    expect(window.__SHOP_ANSWERS__).toBeUndefined();
    expect(seedInlinedAnswers(cache)).toBe(0);
    cache.clear();
  });

  it('puts nothing for a page sent without a first screen', () => {
    const cache = createDataCache();
    expect(seedInlinedAnswers(cache)).toBe(0);
    expect(cache.stateOf('hero-slides')).toBeUndefined();
  });

  it('puts nothing when the answers were read for another address or long ago (a page the service worker kept)', () => {
    const cache = createDataCache();
    const seed = (answered: { address: string; at: number }) => {
      window.__SHOP_ANSWERS__ = { 'hero-slides': { items: [] } };
      window.__SHOP_ANSWERED__ = answered;
      return seedInlinedAnswers(cache);
    };
    expect(seed({ address: `${here()}?other=1`, at: Date.now() })).toBe(0);
    expect(seed({ address: here(), at: Date.now() - INLINED_ANSWERS_MAX_AGE_MS - 1000 })).toBe(0);
    expect(cache.stateOf('hero-slides')).toBeUndefined();
    expect(seed({ address: here(), at: Date.now() - 1000 })).toBe(1);
    cache.clear();
  });
});
