import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ListingPage } from '../features/listing/ListingPage';

export default exposeInCatalogRoot(ListingPage);
