// The public face of the catalog remote: one entry per exposed module, nothing else.
export default {
  name: 'catalog',
  exposes: {
    './HomePage': './src/exposed/HomePage.tsx',
    './ProductListPage': './src/exposed/ProductListPage.tsx',
    './ProductPage': './src/exposed/ProductPage.tsx',
    './SearchBox': './src/exposed/SearchBox.tsx',
  },
};
