import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { CheckoutPage } from '../features/checkout/CheckoutPage';

export default exposeInCartCheckoutRoot(CheckoutPage);
