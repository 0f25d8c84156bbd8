import { exposeInCatalogRoot } from '../app/CatalogRoot';
import { ContactPage } from '../features/content/ContactPage';

export default exposeInCatalogRoot(ContactPage);
