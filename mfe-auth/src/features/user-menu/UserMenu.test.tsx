import { bus, type CommandName } from '@shop/shared';
import { MemoryRouter } from '@shop/shared/router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MEMBER, resetSession } from '../../test/fakeBackend';
import { UserMenu } from './UserMenu';

/** Records the auth commands the menu sends (AuthModals answers them in the shop). */
function listen(...commands: CommandName[]) {
  const heard: CommandName[] = [];
  const offs = commands.map((command) => bus.handle(command, () => void heard.push(command)));
  const stop = () => {
    for (const off of offs) off();
  };
  return { heard, stop };
}

describe('UserMenu', () => {
  beforeEach(resetSession);

  it("offers guests 'Sign in' and 'New customer? Start here', opening their popups", async () => {
    const commands = listen('ui.openSignIn', 'ui.openSignUp');
    render(<UserMenu />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(screen.getByRole('button', { name: 'New customer? Start here' }));
    await waitFor(() => expect(commands.heard).toEqual(['ui.openSignIn', 'ui.openSignUp']));
    commands.stop();
  });

  it("keeps 'New customer? Start here' in a guest's account menu too (phones show it only there)", async () => {
    const commands = listen('ui.openSignUp');
    render(<UserMenu />, { wrapper: MemoryRouter });
    const account = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(account);
    const menu = document.getElementById(account.getAttribute('aria-controls') ?? '');
    if (!menu) throw new Error('the account menu is not open');
    fireEvent.click(within(menu).getByRole('button', { name: 'New customer? Start here' }));
    await waitFor(() => expect(commands.heard).toEqual(['ui.openSignUp']));
    expect(account).toHaveAttribute('aria-expanded', 'false');
    commands.stop();
  });

  it('gives a guest who clicks a member entry the sign-in popup', async () => {
    const commands = listen('ui.openSignIn');
    render(<UserMenu />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Account' }));
    fireEvent.click(screen.getByRole('link', { name: 'My Order(s)' }));
    await waitFor(() => expect(commands.heard).toEqual(['ui.openSignIn']));
    commands.stop();
  });

  it("greets a member with 'Hello, {first_name}' and offers the member entries and Logout", async () => {
    act(() => bus.publish('session', { user: MEMBER, guestSessionToken: null, wishlistUser: null }));
    const commands = listen('session.end');
    render(<UserMenu />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Hello, Lina' }));
    for (const label of ['My Dashboard', 'My Cart', 'My Wishlist', 'My Order(s)']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(commands.heard).toEqual(['session.end']));
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    commands.stop();
  });

  it('offers a signed-in guest (express checkout) the cart, the wishlist and Logout, not the member area', () => {
    act(() =>
      bus.publish('session', {
        user: { ...MEMBER, type: 'Guest', first_name: 'Gia' },
        guestSessionToken: null,
        wishlistUser: null,
      }),
    );
    render(<UserMenu />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Hello, Gia' }));
    expect(screen.getByRole('link', { name: 'My Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Wishlist' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Order(s)' })).not.toBeInTheDocument();
  });
});
