import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { CartButton } from '../features/cart/CartButton';

export default exposeInCartCheckoutRoot(CartButton);
