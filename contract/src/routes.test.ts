import { moduleForPath } from './routes';

describe('moduleForPath', () => {
  it.each([
    ['/', 'catalog/HomePage'],
    ['/products', 'catalog/ProductListPage'],
    ['/products/', 'catalog/ProductListPage'],
    ['/product/oak-box-12', 'catalog/ProductPage'],
    ['/member', 'member/MemberArea'],
    ['/member/orders/7', 'member/MemberArea'],
    ['/reset-password/abc', 'auth/ResetPasswordPage'],
    ['/admin', 'admin/AdminApp'],
    ['/admin/orders/12', 'admin/AdminApp'],
  ])('%s is rendered by %s', (pathname, module) => {
    expect(moduleForPath(pathname)).toBe(module);
  });

  it.each(['/product', '/product/a/b', '/nowhere', '/reset-password'])(
    '%s has no remote page',
    (pathname) => {
      expect(moduleForPath(pathname)).toBeNull();
    },
  );
});
