// Standalone mount: develop the catalog alone (`npm run dev -w mfe-catalog`), without the shell.
import { mountStandalone } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import { CatalogRoot } from './app/CatalogRoot';
import { ContactPage } from './features/content/ContactPage';
import { CONTENT_PAGES, ContentPage } from './features/content/ContentPage';
import { HomePage } from './features/home/HomePage';
import { ListingPage } from './features/listing/ListingPage';
import { ProductPage } from './features/product/ProductPage';
import { SearchBox } from './features/search/SearchBox';
import { SiteMapMenu } from './features/sitemap/SiteMapMenu';

void mountStandalone(
  <CatalogRoot>
    <SiteMapMenu />
    <SearchBox />
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/products" element={<ListingPage />} />
      <Route path="/product/:slug" element={<ProductPage />} />
      {CONTENT_PAGES.map((page) => (
        <Route key={page} path={`/${page}`} element={<ContentPage />} />
      ))}
      <Route path="/contact" element={<ContactPage />} />
    </Routes>
  </CatalogRoot>,
);
