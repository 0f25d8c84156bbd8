import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { SearchBox } from '../features/search/SearchBox';

export default exposeInCatalogRoot(SearchBox);
