// Standalone mount: develop cart_checkout alone (`npm run dev -w mfe-cart-checkout`).
import { mountStandalone } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import { CartCheckoutRoot } from './app/CartCheckoutRoot';
import { CartButton } from './features/cart/CartButton';
import { CartPage } from './features/cart/CartPage';

void mountStandalone(
  <CartCheckoutRoot>
    <CartButton />
    <Routes>
      <Route path="*" element={<CartPage />} />
    </Routes>
  </CartCheckoutRoot>,
);
