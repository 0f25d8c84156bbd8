import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { HomePage } from '../features/home/HomePage';

export default exposeInCatalogRoot(HomePage);
