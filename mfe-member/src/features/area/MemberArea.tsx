import { bus, useBusState } from '@shop/shared';
import { NavLink } from '@shop/shared/router';
import type { ReactNode } from 'react';
import styles from './member-area.module.css';

const MENU = [
  { to: '/member', label: 'My Dashboard' },
  { to: '/member/orders', label: 'My Orders' },
  { to: '/member/shipping-address', label: 'My Shipping Address(es)' },
  { to: '/member/messages', label: 'Messages' },
  { to: '/member/profile', label: 'My Profile' },
  { to: '/member/change-password', label: 'Change Password' },
];

/** auth owns the session: it signs out on the server, clears the session and goes home. */
function logout(): void {
  bus.request('session.logout').catch((error: unknown) => console.error('[member] logout failed', error));
}

/** The member area's frame: greeting and side menu (spec 001, 2.7). The shell guards the route. */
export function MemberArea(): ReactNode {
  const { user } = useBusState('session');
  return (
    <div className={styles.area}>
      <aside className={styles.side}>
        <p>Hello, {user?.first_name}</p>
        <nav aria-label="Member area">
          <ul>
            {MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end>
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
      <section className={styles.content} aria-labelledby="member-title">
        <h1 id="member-title">My Dashboard</h1>
      </section>
    </div>
  );
}
