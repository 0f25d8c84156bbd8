import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FRAME_FRAGMENTS, moduleForPath } from './routes';

const ROOT = path.resolve(__dirname, '../..');

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

describe('FRAME_FRAGMENTS', () => {
  it("are the modules each remote's build names as its frame fragments (what they share loads once)", () => {
    const named: string[] = [];
    for (const folder of readdirSync(ROOT).filter((entry) => entry.startsWith('mfe-'))) {
      const config = readFileSync(path.join(ROOT, folder, 'module-federation.config.mjs'), 'utf8');
      const remote = config.match(/name:\s*'([^']+)'/)?.[1] ?? folder;
      const listed = config.match(/frameFragments:\s*\[([^\]]*)\]/)?.[1] ?? '';
      for (const [, exposed] of listed.matchAll(/'\.\/(\w+)'/g)) named.push(`${remote}/${exposed}`);
    }
    expect(named.sort()).toEqual([...FRAME_FRAGMENTS].sort());
  });
});
