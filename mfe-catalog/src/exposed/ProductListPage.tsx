import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ProductListPage } from '../features/products/ProductListPage';

export default exposeInCatalogRoot(ProductListPage);
