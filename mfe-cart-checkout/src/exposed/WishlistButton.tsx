import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { WishlistButton } from '../features/wishlist/WishlistButton';

export default exposeInCartCheckoutRoot(WishlistButton);
