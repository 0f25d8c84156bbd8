import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ProductPage } from '../features/products/ProductPage';

export default exposeInCatalogRoot(ProductPage);
