import { bus, type User } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { MemberArea } from './MemberArea';

describe('MemberArea', () => {
  it('greets the member and offers the side menu of the member area', () => {
    const user = { id: 3, token: 't', type: 'Member', first_name: 'Omar' } as User;
    act(() => bus.publish('session', { user, guestSessionToken: null, wishlistUser: null }));
    render(<MemberArea />, { wrapper: MemoryRouter });
    expect(screen.getByText('Hello, Omar')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Member area' });
    for (const label of [
      'My Dashboard',
      'My Orders',
      'My Shipping Address(es)',
      'Messages',
      'My Profile',
      'Change Password',
    ]) {
      expect(menu).toHaveTextContent(label);
    }
  });
});

describe('MemberArea menu on phones', () => {
  it("folds behind a 'Member menu' button that controls it, and folds again when a section is chosen", () => {
    renderMemberArea('/member');
    const toggle = screen.getByRole('button', { name: 'Member menu' });
    const menu = screen.getByRole('navigation', { name: 'Member area' });
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(screen.getByRole('link', { name: 'My Profile' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('MemberArea logout', () => {
  it("asks auth to sign out with the bus command 'session.end'", async () => {
    const handled = jest.fn();
    const off = bus.handle('session.end', handled);
    render(<MemberArea />, { wrapper: MemoryRouter });
    screen.getByRole('button', { name: 'Logout' }).click();
    await waitFor(() => expect(handled).toHaveBeenCalledTimes(1));
    expect(handled.mock.calls[0]?.[0]).toEqual({ reason: 'sign-out' });
    off();
  });
});

describe('MemberArea routes', () => {
  it('shows the dashboard at /member with its menu link current', () => {
    renderMemberArea('/member');
    expect(screen.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'My Shipping Address(es)' })).not.toHaveAttribute('aria-current');
    expect(document.title).toBe('My Dashboard | Gift Shop');
  });

  it('says a member-area path without a page is not found, inside the frame', () => {
    renderMemberArea('/member/nothing-here');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Dashboard' })).toHaveAttribute('href', '/member');
  });
});
