// Standalone mount: develop the catalog alone (`npm run dev -w mfe-catalog`), without the shell.
import { mountStandalone } from '@shop/shared';
import { Route, Routes } from 'react-router-dom';
import { CatalogRoot } from './app/CatalogRoot';
import { HomePage } from './features/home/HomePage';
import { ProductListPage } from './features/products/ProductListPage';
import { ProductPage } from './features/products/ProductPage';
import { SearchBox } from './features/search/SearchBox';

void mountStandalone(
  <CatalogRoot>
    <SearchBox />
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/products" element={<ProductListPage />} />
      <Route path="/product/:slug" element={<ProductPage />} />
    </Routes>
  </CatalogRoot>,
);
