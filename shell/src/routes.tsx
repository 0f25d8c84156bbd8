import { type RemoteModuleId, RemoteSlot } from '@shop/shared';
import { Route, Routes } from '@shop/shared/router';
import type { ReactNode } from 'react';
import { NotFoundPage } from './frame/NotFoundPage';
import { RequireSession } from './RequireSession';

/**
 * Which remote owns which route (architecture: "Who owns what"). Routes of areas that have not
 * shipped yet are absent and fall through to the not-found page.
 */
export const REMOTE_ROUTES: readonly { path: string; module: RemoteModuleId }[] = [
  { path: '/', module: 'catalog/HomePage' },
  { path: '/products', module: 'catalog/ProductListPage' },
  { path: '/product/:slug', module: 'catalog/ProductPage' },
  { path: '/about', module: 'catalog/ContentPage' },
  { path: '/payments', module: 'catalog/ContentPage' },
  { path: '/shipping', module: 'catalog/ContentPage' },
  { path: '/cancellation-returns', module: 'catalog/ContentPage' },
  { path: '/contact', module: 'catalog/ContactPage' },
  { path: '/cart', module: 'cart_checkout/CartPage' },
  { path: '/login', module: 'auth/LoginPage' },
  { path: '/forgotpassword', module: 'auth/ForgotPasswordPage' },
  { path: '/reset-password/:hash', module: 'auth/ResetPasswordPage' },
];

export function ShopRoutes(): ReactNode {
  return (
    <Routes>
      {REMOTE_ROUTES.map(({ path, module }) => (
        <Route key={path} path={path} element={<RemoteSlot module={module} variant="page" />} />
      ))}
      <Route
        path="/member/*"
        element={
          <RequireSession>
            <RemoteSlot module="member/MemberArea" variant="page" />
          </RequireSession>
        }
      />
      <Route path="/pagenotfound" element={<NotFoundPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
