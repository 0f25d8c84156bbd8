import { bus, type CommandName, useBusState, useDismiss } from '@shop/shared';
import { Link } from '@shop/shared/router';
import { type MouseEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import styles from './user-menu.module.css';

/** `membersOnly`: the member area, which a Guest (an express-checkout session) cannot use (spec 001, roles). */
const MEMBER_LINKS = [
  { to: '/member', label: 'My Dashboard', membersOnly: true },
  { to: '/cart', label: 'My Cart', membersOnly: false },
  { to: '/wishlist', label: 'My Wishlist', membersOnly: false },
  { to: '/member/orders', label: 'My Order(s)', membersOnly: true },
];

type PopupCommand = Extract<CommandName, 'ui.openSignIn' | 'ui.openSignUp'>;

/** The popups and the logout are answered by AuthModals (mounted by the shell) over the bus. */
function ask(command: PopupCommand): void {
  bus.request(command).catch((error: unknown) => console.error(`[auth] ${command} failed`, error));
}

function signOut(): void {
  bus
    .request('session.end', { reason: 'sign-out' })
    .catch((error: unknown) => console.error('[auth] session.end failed', error));
}

/**
 * Header user menu. Guests see 'Sign in' and 'New customer? Start here' (each opens its popup)
 * and, in the account menu, the member entries, which open the sign-in popup for them (on phones
 * 'New customer? Start here' is the menu's first entry instead). Members
 * see 'Hello, {first_name}' opening My Dashboard, My Cart, My Wishlist, My Order(s) and Logout; a
 * signed-in Guest (express checkout) sees the same without the member-area entries.
 */
export function UserMenu(): ReactNode {
  const { user } = useBusState('session');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrap = useRef<HTMLSpanElement>(null);

  // Escape and a click outside close the menu.
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, wrap);

  const followMemberLink = (event: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false);
    // Read at click time: the session may have ended since the menu opened.
    if (!bus.get('session').user) {
      event.preventDefault();
      ask('ui.openSignIn');
    }
  };

  const memberEntries = (
    <ul id={menuId} className={styles.menu}>
      {user ? null : (
        // Phones have no room for the header's own sign-up line: it moves into this menu.
        <li className={styles.onPhones}>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setOpen(false);
              ask('ui.openSignUp');
            }}
          >
            New customer? Start here
          </button>
        </li>
      )}
      {MEMBER_LINKS.filter((link) => !(link.membersOnly && user?.type === 'Guest')).map((link) => (
        <li key={link.to}>
          <Link to={link.to} onClick={followMemberLink}>
            {link.label}
          </Link>
        </li>
      ))}
      {user ? (
        <li>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              signOut();
            }}
          >
            Logout
          </button>
        </li>
      ) : null}
    </ul>
  );

  if (!user) {
    return (
      <span className={styles.guest} ref={wrap}>
        <button
          type="button"
          className={styles.signIn}
          aria-haspopup="dialog"
          onClick={() => ask('ui.openSignIn')}
        >
          Sign in
        </button>
        <button
          type="button"
          className={styles.start}
          aria-haspopup="dialog"
          onClick={() => ask('ui.openSignUp')}
        >
          New customer? Start here
        </button>
        <button
          type="button"
          className={styles.account}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          Account
        </button>
        {open ? memberEntries : null}
      </span>
    );
  }
  return (
    <span className={styles.member} ref={wrap}>
      <button type="button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
        Hello, {user.first_name}
      </button>
      {open ? memberEntries : null}
    </span>
  );
}
