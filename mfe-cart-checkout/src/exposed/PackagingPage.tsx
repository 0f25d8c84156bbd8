import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { PackagingPage } from '../features/gift-options/PackagingPage';

export default exposeInCartCheckoutRoot(PackagingPage);
