import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ContentPage } from '../features/content/ContentPage';

export default exposeInCatalogRoot(ContentPage);
