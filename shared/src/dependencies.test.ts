import { readFileSync } from 'node:fs';
import path from 'node:path';

// The one version list of shared singletons lives in build/shared-dependencies.mjs; every app must
// ask for exactly those versions or two copies of React could meet in one page.
const root = path.resolve(__dirname, '../..');
const listFile = readFileSync(path.join(root, 'shared/build/shared-dependencies.mjs'), 'utf8');
const singletons = Object.fromEntries(
  [...listFile.matchAll(/^\s+'?([@\w/.-]+)'?: '([\d.]+)',$/gm)].map((m) => [m[1], m[2]]),
);

describe('shared singleton versions', () => {
  it('lists react, react-dom, @shop/shared and its router and redux facades', () => {
    expect(Object.keys(singletons)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        '@shop/shared',
        '@shop/shared/router',
        '@shop/shared/redux',
      ]),
    );
  });

  it.each(['shell', 'mfe-catalog', 'mfe-cart-checkout', 'mfe-member', 'mfe-auth'])(
    '%s depends on exactly the listed versions',
    (app) => {
      const { dependencies } = JSON.parse(readFileSync(path.join(root, app, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>;
      };
      for (const [name, version] of Object.entries(dependencies)) {
        if (name in singletons) expect(`${name}@${version}`).toBe(`${name}@${singletons[name]}`);
        // Routing, Redux and rxjs reach the apps only through @shop/shared (one tree-shaken copy).
        expect(['react-router', 'react-router-dom', 'rxjs', '@reduxjs/toolkit', 'react-redux']).not.toContain(
          name,
        );
      }
    },
  );
});
