import { bus, useBusState } from '@shop/shared';
import { NavLink, Route, Routes } from '@shop/shared/router';
import { type ReactNode, useId, useState } from 'react';
import { Dashboard } from '../dashboard/Dashboard';
import { MessagesPage } from '../messages/MessagesPage';
import { ThreadPage } from '../messages/ThreadPage';
import { OrderDetailPage } from '../orders/OrderDetailPage';
import { OrderListPage } from '../orders/OrderListPage';
import { OrdersDashboard } from '../orders/OrdersDashboard';
import { AlternateEmailPage } from '../profile/AlternateEmailPage';
import { ChangePasswordPage } from '../profile/ChangePasswordPage';
import { InterestsPage } from '../profile/InterestsPage';
import { ProfilePage } from '../profile/ProfilePage';
import { UpdateProfilePage } from '../profile/UpdateProfilePage';
import { EditAddressPage } from '../shipping-address/EditAddressPage';
import { ShippingAddressPage } from '../shipping-address/ShippingAddressPage';
import styles from './member-area.module.css';
import { SectionNotFound } from './SectionNotFound';

/** `end`: the dashboard is current on /member only; every other section also owns its sub-pages. */
const MENU = [
  { to: '/member', label: 'My Dashboard', end: true },
  { to: '/member/orders', label: 'My Orders' },
  { to: '/member/shipping-address', label: 'My Shipping Address(es)' },
  { to: '/member/messages', label: 'Messages' },
  { to: '/member/profile', label: 'My Profile' },
  { to: '/member/change-password', label: 'Change Password' },
];

/** auth owns the session: it signs out on the server, clears the session and goes home. */
function logout(): void {
  bus
    .request('session.end', { reason: 'sign-out' })
    .catch((error: unknown) => console.error('[member] logout failed', error));
}

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? styles.current : undefined);

/**
 * The member area's frame: greeting and side menu (spec 001, 2.7), and its pages, routed below
 * the shell's `/member/*` (the shell guards it). On phones the menu folds behind a 'Member menu'
 * button above the page, so a page starts with its own content; choosing a section folds it again.
 */
export function MemberArea(): ReactNode {
  const { user } = useBusState('session');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  return (
    <div className={styles.area}>
      <aside className={styles.side}>
        <p className={styles.greeting}>Hello, {user?.first_name}</p>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          Member menu
        </button>
        <nav id={menuId} aria-label="Member area" className={menuOpen ? styles.menuOpen : styles.menu}>
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end ?? false}
                  className={navLinkClass}
                  onClick={() => setMenuOpen(false)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
            <li>
              <button type="button" className={styles.logout} onClick={logout}>
                Logout
              </button>
            </li>
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>
        <Routes>
          <Route index element={<Dashboard />} />
          <Route path="shipping-address" element={<ShippingAddressPage />} />
          <Route path="shipping-address/:id" element={<EditAddressPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/:id" element={<ThreadPage />} />
          <Route path="orders/messages/:orderId" element={<MessagesPage />} />
          <Route path="orders/messages/:orderId/:id" element={<ThreadPage />} />
          <Route path="orders" element={<OrdersDashboard />} />
          <Route path="orders/listing" element={<OrderListPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="profile" element={<ProfilePage />} />
          <Route path="profile/update" element={<UpdateProfilePage />} />
          <Route path="profile/interests" element={<InterestsPage />} />
          <Route path="profile/alternate-email" element={<AlternateEmailPage />} />
          <Route path="change-password" element={<ChangePasswordPage />} />
          <Route path="*" element={<SectionNotFound />} />
        </Routes>
      </div>
    </div>
  );
}
