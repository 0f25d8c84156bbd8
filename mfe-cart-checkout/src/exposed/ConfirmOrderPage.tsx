import { exposeInCartCheckoutRoot } from '../app/CartCheckoutRoot';
import { ConfirmOrderPage } from '../features/checkout/ConfirmOrderPage';

export default exposeInCartCheckoutRoot(ConfirmOrderPage);
