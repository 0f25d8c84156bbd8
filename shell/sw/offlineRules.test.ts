import { offlineRuleFor } from './offlineRules';

const rule = (path: string, { method = 'GET', navigation = false, sameOrigin = true } = {}) =>
  offlineRuleFor(method, new URL(path, 'http://shop.test'), sameOrigin, navigation);

describe('what the service worker keeps offline', () => {
  it('keeps catalogue pages, startup content and catalogue answers', () => {
    expect(rule('/product/oak-box', { navigation: true })).toBe('page');
    expect(rule('/products?q=mug', { navigation: true })).toBe('page');
    expect(rule('/backend/api/startup-content')).toBe('catalogue-api');
    expect(rule('/backend/api/products?type=gifts')).toBe('catalogue-api');
    expect(rule('/backend/api/products/by-slug/oak-box')).toBe('catalogue-api');
    expect(rule('/backend/api/images/products/4.svg')).toBe('image');
    expect(rule('/main.86a0d7b9.js')).toBe('hashed-file');
    expect(rule('/mfe/catalog/0.1.0/343.a6d8f718.js')).toBe('hashed-file');
  });

  it('asks the network first for the files that name the running remote versions', () => {
    expect(rule('/remotes.json')).toBe('release-pointer');
    expect(rule('/mfe/catalog/0.1.0/remoteEntry.js')).toBe('release-pointer');
    expect(rule('/mfe/catalog/0.1.0/mf-manifest.json')).toBe('release-pointer');
  });

  it('never caches cart, checkout, member, wishlist, account or back-office answers, nor other origins', () => {
    for (const path of [
      '/backend/api/cart/get-items',
      '/backend/api/wishlist/get-items',
      '/backend/api/buyers/is-logged-in',
      '/backend/api/buyers-shipping-address',
      '/backend/api/notifications',
      '/backend/api/page-views',
      '/backend/api/suggestions?q=cand',
    ]) {
      expect(rule(path)).toBe('network-only');
    }
    for (const page of [
      '/cart',
      '/checkout',
      '/member/orders',
      '/wishlist',
      '/login',
      '/reset-password/abc',
      '/admin/orders/12',
    ]) {
      expect(rule(page, { navigation: true })).toBe('network-only');
    }
    expect(rule('/backend/api/products', { method: 'POST' })).toBe('network-only');
    expect(rule('/backend/api/products', { sameOrigin: false })).toBe('network-only');
    expect(rule('/main.86a0d7b9.js', { sameOrigin: false })).toBe('network-only');
    expect(rule('/mfe/catalog/0.1.0/343.a6d8f718.js', { sameOrigin: false, navigation: true })).toBe(
      'network-only',
    );
  });

  it("keeps a remote's files from the remote's own origin under the same rules", () => {
    const remote = { sameOrigin: false };
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/343.a6d8f718.js', remote)).toBe('hashed-file');
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/343.a6d8f718.css', remote)).toBe('hashed-file');
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/remoteEntry.js', remote)).toBe('release-pointer');
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/mf-manifest.json', remote)).toBe('release-pointer');
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/fonts/shop.woff2', remote)).toBe('network-only');
    expect(rule('/mfe/catalog/0.1.0-3fa9c2d1e0/remoteEntry.js', { ...remote, method: 'POST' })).toBe(
      'network-only',
    );
  });
});
