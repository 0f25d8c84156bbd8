import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { CartPage } from '../features/cart/CartPage';

export default exposeInCartCheckoutRoot(CartPage);
