import { exposeInAuthRoot } from '../app/AuthRoot';
import { GuestCheckoutPanel } from '../features/guest-checkout/GuestCheckoutPanel';

export default exposeInAuthRoot(GuestCheckoutPanel);
