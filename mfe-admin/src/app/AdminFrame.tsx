import { Link, NavLink, useLocation } from '@shop/shared/router';
import { type ReactNode, useEffect, useRef } from 'react';
import { adminApi } from '../api/adminApi';
import { type AdminPage, adminPath, pagesFor } from '../pages/registry';
import type { AdminSession } from '../session/adminSession';
import { adminSession } from '../session/adminSession';
import styles from './AdminFrame.module.css';
import { ADMIN_TEXTS } from './texts';

/**
 * The back office's own frame (no shopper header or footer): the navigation from the page
 * registry, who is signed in, sign-out and the way back to the shop. Moving to another page moves
 * the focus to its content, as a page load would.
 */
export function AdminFrame({
  session,
  pages,
  children,
}: {
  session: AdminSession;
  pages: readonly AdminPage[];
  children: ReactNode;
}): ReactNode {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus();
  }, [pathname]);

  const signOut = async () => {
    // The token ends here whatever the API answers: a failed call must not keep anyone signed in.
    await adminApi.post('admin/logout', {});
    adminSession.end('signed-out');
  };

  return (
    <div className={styles.frame}>
      <a className={styles.skip} href="#admin-main">
        Skip to content
      </a>
      <header className={styles.bar}>
        <Link to="/admin" className={styles.brand}>
          {ADMIN_TEXTS.appName}
        </Link>
        <nav aria-label="Back office" className={styles.nav}>
          <ul>
            {pagesFor(session.admin.role, pages).map((page) => (
              <li key={page.path}>
                <NavLink
                  to={adminPath(page)}
                  className={({ isActive }) => (isActive ? styles.active : undefined)}
                >
                  {page.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.who}>
          <span>
            {session.admin.email} <span className={styles.role}>({session.admin.role})</span>
          </span>
          <button type="button" onClick={signOut}>
            {ADMIN_TEXTS.signOut}
          </button>
          <a href="/">{ADMIN_TEXTS.backToShop}</a>
        </div>
      </header>
      <main id="admin-main" ref={main} tabIndex={-1} className={styles.main}>
        {children}
      </main>
    </div>
  );
}
