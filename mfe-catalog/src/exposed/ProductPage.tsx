import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ProductPage } from '../features/product/ProductPage';

export default exposeInCatalogRoot(ProductPage);
