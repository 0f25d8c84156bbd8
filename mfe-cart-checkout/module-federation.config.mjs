// The public face of the cart_checkout remote: one entry per exposed module, nothing else.
export default {
  name: 'cart_checkout',
  exposes: {
    './CartPage': './src/exposed/CartPage.tsx',
    './CartButton': './src/exposed/CartButton.tsx',
    './WishlistButton': './src/exposed/WishlistButton.tsx',
    './WishlistPage': './src/exposed/WishlistPage.tsx',
    './PackagingPage': './src/exposed/PackagingPage.tsx',
    './CheckoutPage': './src/exposed/CheckoutPage.tsx',
    './ConfirmOrderPage': './src/exposed/ConfirmOrderPage.tsx',
  },
  // Mounted by the shell's frame on every page (FRAME_FRAGMENTS in @shop/contract/routes).
  frameFragments: ['./CartButton', './WishlistButton'],
};
