/**
 * Which remote module renders which page, and which fragments the frame mounts on every page.
 * Plain data (no React): the shell routes with it and the server reads it to preload a page's
 * own files. A module id is `<remote>/<exposed name>`.
 */
export const REMOTE_ROUTES = [
  { path: '/', module: 'catalog/HomePage' },
  { path: '/products', module: 'catalog/ProductListPage' },
  { path: '/product/:slug', module: 'catalog/ProductPage' },
  { path: '/about', module: 'catalog/ContentPage' },
  { path: '/payments', module: 'catalog/ContentPage' },
  { path: '/shipping', module: 'catalog/ContentPage' },
  { path: '/cancellation-returns', module: 'catalog/ContentPage' },
  { path: '/contact', module: 'catalog/ContactPage' },
  { path: '/cart', module: 'cart_checkout/CartPage' },
  { path: '/checkout', module: 'cart_checkout/CheckoutPage' },
  { path: '/confirmorder', module: 'cart_checkout/ConfirmOrderPage' },
  { path: '/wishlist', module: 'cart_checkout/WishlistPage' },
  { path: '/packaging/:id', module: 'cart_checkout/PackagingPage' },
  { path: '/login', module: 'auth/LoginPage' },
  { path: '/forgotpassword', module: 'auth/ForgotPasswordPage' },
  { path: '/reset-password/:hash', module: 'auth/ResetPasswordPage' },
  { path: '/member/*', module: 'member/MemberArea' },
  // The back office: its own frame, loaded only on /admin (the shell renders it outside the shop's).
  { path: '/admin/*', module: 'admin/AdminApp' },
] as const satisfies readonly { path: string; module: `${string}/${string}` }[];

/** Mounted by the shell's header and layout on every page. */
export const FRAME_FRAGMENTS = [
  'catalog/SiteMapMenu',
  'catalog/SearchBox',
  'auth/UserMenu',
  'cart_checkout/WishlistButton',
  'cart_checkout/CartButton',
  'auth/AuthModals',
] as const;

/**
 * Modules mounted by name outside the route table and the frame fragments: by another remote
 * (the cart mounts auth's guest checkout panel), by the shell's top bar for a signed-in shopper
 * (member's notifications), by the shell's member route. A release of the remote that exposes one
 * must keep exposing it, like the routes' and fragments' modules.
 */
export const CROSS_REMOTE_SLOTS = [
  'auth/GuestCheckoutPanel',
  'member/NotificationsButton',
  'member/MemberArea',
] as const;

/** The module rendering a pathname (':name' is one segment, a final '*' the rest), or null. */
export function moduleForPath(pathname: string): string | null {
  const segments = pathname.split('/').filter(Boolean);
  for (const route of REMOTE_ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    const rest = pattern[pattern.length - 1] === '*';
    const fixed = rest ? pattern.slice(0, -1) : pattern;
    if (rest ? segments.length < fixed.length : segments.length !== fixed.length) continue;
    if (fixed.every((part, index) => part.startsWith(':') || part === segments[index])) return route.module;
  }
  return null;
}
