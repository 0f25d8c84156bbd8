// Standalone mount: develop cart_checkout alone (`npm run dev -w mfe-cart-checkout`).
import { mountStandalone } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import { CartCheckoutRoot } from './app/CartCheckoutRoot';
import { CartButton } from './features/cart/CartButton';
import { CartPage } from './features/cart/CartPage';
import { PackagingPage } from './features/gift-options/PackagingPage';
import { WishlistButton } from './features/wishlist/WishlistButton';
import { WishlistPage } from './features/wishlist/WishlistPage';

void mountStandalone(
  <CartCheckoutRoot>
    <WishlistButton />
    <CartButton />
    <Routes>
      <Route path="/wishlist" element={<WishlistPage />} />
      <Route path="/packaging/:id" element={<PackagingPage />} />
      <Route path="*" element={<CartPage />} />
    </Routes>
  </CartCheckoutRoot>,
);
