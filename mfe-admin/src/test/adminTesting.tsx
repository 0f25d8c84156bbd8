/**
 * The admin tests' set-up: the app at an /admin address in a memory router, a signed-in owner
 * or staff admin, and the fake backend of @shop/shared answering the admin API.
 */
import { MemoryRouter, Route, Routes } from '@shop/shared/router';
import { type BoundFunctions, fireEvent, type queries, render, screen } from '@testing-library/react';
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

/** A page of a list as the admin API answers it: `items` and its `_meta` (one page of 20 unless told). */
export function listPage<Item>(
  items: Item[],
  {
    currentPage = 1,
    pageCount = 1,
    perPage = 20,
    totalCount = items.length,
  }: { currentPage?: number; pageCount?: number; perPage?: number; totalCount?: number } = {},
) {
  return { items, _meta: { totalCount, currentPage, pageCount, perPage } };
}

/** Types into each labelled field (label → value) of `scope` (a form found by role, or the screen). */
export function fillIn(values: Record<string, string>, scope: BoundFunctions<typeof queries> = screen): void {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(scope.getByLabelText(label), { target: { value } });
  }
}
