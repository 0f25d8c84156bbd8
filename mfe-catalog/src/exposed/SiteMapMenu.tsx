import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { SiteMapMenu } from '../features/sitemap/SiteMapMenu';

export default exposeInCatalogRoot(SiteMapMenu);
