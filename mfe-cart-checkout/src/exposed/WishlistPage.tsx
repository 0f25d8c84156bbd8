import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { WishlistPage } from '../features/wishlist/WishlistPage';

export default exposeInCartCheckoutRoot(WishlistPage);
