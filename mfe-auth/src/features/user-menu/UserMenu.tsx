import { useBusState } from '@shop/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from './user-menu.module.css';

const MEMBER_LINKS = [
  { to: '/member', label: 'My Dashboard' },
  { to: '/cart', label: 'My Cart' },
  { to: '/wishlist', label: 'My Wishlist' },
  { to: '/member/orders', label: 'My Order(s)' },
];

/**
 * Header user menu. Guests see Sign in and 'New customer? Start here'; members see their
 * greeting and member links. Sign-in and sign-up screens arrive with the auth issue; until then
 * both entries lead to /login.
 */
export function UserMenu(): ReactNode {
  const session = useBusState('session');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const user = session.user;
  if (!user) {
    return (
      <span className={styles.guest}>
        <Link to="/login" className={styles.signIn}>
          Sign in
        </Link>
        <Link to="/login" className={styles.start}>
          New customer? Start here
        </Link>
      </span>
    );
  }
  return (
    <span className={styles.member}>
      <button type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        Hello, {user.first_name}
      </button>
      {open ? (
        <ul id={menuId} className={styles.menu}>
          {MEMBER_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={() => setOpen(false)}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
