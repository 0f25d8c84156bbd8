/**
 * The admin tests' set-up: the app at an /admin address in a memory router, a signed-in owner
 * or staff admin, and the fake backend of @shop/shared answering the admin API.
 */
import { MemoryRouter, Route, Routes } from '@shop/shared/router';
import { render } from '@testing-library/react';
import { AdminApp } from '../app/AdminApp';
import { AdminRoot } from '../app/AdminRoot';
import type { AdminPage } from '../pages/registry';
import { ADMIN_SESSION_KEY, type AdminRole, type AdminSession, adminSession } from '../session/adminSession';

export const FAR_FUTURE = '2099-01-01T00:00:00.000Z';

export const sessionOf = (role: AdminRole, token = `adm.${role}-token`): AdminSession => ({
  token,
  expires_at: FAR_FUTURE,
  admin: { id: role === 'owner' ? 1 : 2, email: `${role}@example.com`, role },
});

/** Signs an admin in as a sign-in would have (storage and the session store). */
export function signIn(role: AdminRole): AdminSession {
  const session = sessionOf(role);
  adminSession.start(session);
  return session;
}

/** No admin signed in, nothing stored. */
export function signOutEverywhere(): void {
  localStorage.removeItem(ADMIN_SESSION_KEY);
  adminSession.reload();
}

/** The app as the shell mounts it, at `address`. */
export function renderAdmin(address: string, pages?: readonly AdminPage[]) {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <AdminRoot>
        <Routes>
          <Route path="/admin/*" element={<AdminApp pages={pages} />} />
        </Routes>
      </AdminRoot>
    </MemoryRouter>,
  );
}
