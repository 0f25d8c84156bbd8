import { bus, type User } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, render, screen, waitFor } from '@testing-library/react';
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

describe('MemberArea logout', () => {
  it("asks auth to end the session with the bus command 'session.logout'", async () => {
    const handled = jest.fn();
    const off = bus.handle('session.logout', handled);
    render(<MemberArea />, { wrapper: MemoryRouter });
    screen.getByRole('button', { name: 'Logout' }).click();
    await waitFor(() => expect(handled).toHaveBeenCalledTimes(1));
    off();
  });
});
