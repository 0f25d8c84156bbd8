import { bus, type User } from '@shop/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { UserMenu } from './UserMenu';

const member: User = {
  id: 1,
  token: 't',
  type: 'Member',
  first_name: 'Lina',
  last_name: 'Haddad',
  email: 'lina@example.com',
  mobile: null,
  gender: null,
  country_id: 1,
  alternate_email: null,
};

describe('UserMenu', () => {
  it("offers guests 'Sign in' and 'New customer? Start here'", () => {
    act(() => bus.publish('session', { user: null, guestSessionToken: null }));
    render(<UserMenu />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New customer? Start here' })).toBeInTheDocument();
  });

  it("greets a member with 'Hello, {first_name}' and opens the member entries", () => {
    act(() => bus.publish('session', { user: member, guestSessionToken: null }));
    render(<UserMenu />, { wrapper: MemoryRouter });
    fireEvent.click(screen.getByRole('button', { name: 'Hello, Lina' }));
    for (const label of ['My Dashboard', 'My Cart', 'My Wishlist', 'My Order(s)']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
  });
});
