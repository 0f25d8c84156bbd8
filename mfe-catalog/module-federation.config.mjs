// The public face of the catalog remote: one entry per exposed module, nothing else.
export default {
  name: 'catalog',
  exposes: {
    './HomePage': './src/exposed/HomePage.tsx',
    './ProductListPage': './src/exposed/ProductListPage.tsx',
    './ProductPage': './src/exposed/ProductPage.tsx',
    './ContentPage': './src/exposed/ContentPage.tsx',
    './ContactPage': './src/exposed/ContactPage.tsx',
    './SearchBox': './src/exposed/SearchBox.tsx',
    './SiteMapMenu': './src/exposed/SiteMapMenu.tsx',
  },
  // Mounted by the shell's frame on every page (FRAME_FRAGMENTS in @shop/contract/routes).
  frameFragments: ['./SiteMapMenu', './SearchBox'],
};
