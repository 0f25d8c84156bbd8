import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { address, installAddressBook, refusal, renderMemberArea } from '../../test/fakeBackend';

const LIST = '/member/shipping-address';
const rowOf = (city: string) => screen.getByText(new RegExp(`^${city},`)).closest('li') as HTMLElement;
const heading = () => screen.getByRole('heading', { level: 1, name: 'My Shipping Address(es)' });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(() => {
  jest.useRealTimers();
});

describe('/member/shipping-address', () => {
  it("lists the buyer's addresses with name, address, city, country, mobile and the 'Primary' badge", async () => {
    installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')]);
    renderMemberArea(LIST);
    const dubai = await screen.findByText('Dubai, United Arab Emirates');
    const row = dubai.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Omar Khan 1');
    expect(row).toHaveTextContent('1 Palm Street');
    expect(row).toHaveTextContent('0501234561');
    expect(within(row).getByText('Primary')).toBeInTheDocument();
    expect(within(rowOf('Sharjah')).queryByText('Primary')).not.toBeInTheDocument();
    expect(document.title).toBe('My Shipping Address(es) | Gift Shop');
    expect(screen.getByRole('link', { name: 'My Shipping Address(es)' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'My Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it("says 'You have no saved addresses yet.' when there are none", async () => {
    installAddressBook([]);
    renderMemberArea(LIST);
    expect(await screen.findByText('You have no saved addresses yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a new address' })).toBeInTheDocument();
  });

  it("shows the spec's error panel when the list cannot be loaded", async () => {
    installAddressBook([], { 'GET buyers-shipping-address': () => refusal(500, 'boom') });
    renderMemberArea(LIST);
    const panel = await screen.findByRole('alert');
    expect(panel).toHaveTextContent('OOPS! something went wrong!');
    expect(panel).toHaveTextContent('Please check your internet connection or refresh the page.');
  });

  it('makes an address primary: the others lose the flag, and focus goes to the list heading', async () => {
    const backend = installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')]);
    renderMemberArea(LIST);
    await screen.findByText('Sharjah, United Arab Emirates');
    expect(within(rowOf('Dubai')).queryByRole('button', { name: /Make primary/ })).not.toBeInTheDocument();
    fireEvent.click(
      within(rowOf('Sharjah')).getByRole('button', { name: 'Make primary Omar Khan 2, Sharjah' }),
    );
    await waitFor(() => expect(within(rowOf('Sharjah')).getByText('Primary')).toBeInTheDocument());
    expect(within(rowOf('Dubai')).queryByText('Primary')).not.toBeInTheDocument();
    expect(backend.callsTo('POST buyers-shipping-address/primary')).toEqual([
      expect.objectContaining({ body: { id: 2 } }),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Your primary address is changed.');
    expect(heading()).toHaveFocus();
  });

  it('shows a refused set-primary as an alert that resets after 4 s', async () => {
    jest.useFakeTimers();
    installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')], {
      'POST buyers-shipping-address/primary': () => refusal(500, 'boom'),
    });
    renderMemberArea(LIST);
    await screen.findByText('Sharjah, United Arab Emirates');
    fireEvent.click(within(rowOf('Sharjah')).getByRole('button', { name: /Make primary/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Action failed, please try again later.');
    expect(within(rowOf('Dubai')).getByText('Primary')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('deletes an address only after the confirmation, then focuses the list heading', async () => {
    const backend = installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')]);
    renderMemberArea(LIST);
    await screen.findByText('Sharjah, United Arab Emirates');

    fireEvent.click(within(rowOf('Sharjah')).getByRole('button', { name: 'Delete Omar Khan 2, Sharjah' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('Sharjah, United Arab Emirates');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.callsTo('DELETE buyers-shipping-address/2')).toHaveLength(0);

    fireEvent.click(within(rowOf('Sharjah')).getByRole('button', { name: /Delete/ }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, delete it' }));
    await waitFor(() => expect(screen.queryByText('Sharjah, United Arab Emirates')).not.toBeInTheDocument());
    expect(backend.callsTo('DELETE buyers-shipping-address/2')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('The address is deleted.');
    expect(heading()).toHaveFocus();
  });

  it("adds an address with the spec's messages for missing fields, then lists it", async () => {
    const backend = installAddressBook([address(1, 'Dubai', true)]);
    renderMemberArea(LIST);
    await screen.findByText('Dubai, United Arab Emirates');
    const add = screen.getByRole('button', { name: 'Add a new address' });
    expect(add).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(add);
    expect(add).toHaveAttribute('aria-expanded', 'true');
    await screen.findByLabelText('City');

    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText("Please enter receiver's city")).toBeInTheDocument();
    expect(screen.getByText("Please enter receiver's full address")).toBeInTheDocument();
    expect(backend.callsTo('POST buyers-shipping-address/create')).toHaveLength(0);

    type('First name', 'Lina');
    type('Last name', 'Haddad');
    type('Email address', 'lina@example.com');
    type('Mobile number', '0501112233');
    type('Country', '2');
    type('City', 'Beirut');
    type('Address', 'Hamra Street 5');
    expect(screen.getByTestId('address-counter')).toHaveTextContent('14 / 500 Characters only');
    fireEvent.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText('Beirut, Lebanon')).toBeInTheDocument();
    expect(backend.callsTo('POST buyers-shipping-address/create').at(0)?.body).toEqual({
      first_name: 'Lina',
      last_name: 'Haddad',
      email: 'lina@example.com',
      mobile: '0501112233',
      country_id: 2,
      city: 'Beirut',
      address: 'Hamra Street 5',
      is_primary: false,
    });
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your new address is saved.');
    expect(heading()).toHaveFocus();
  });

  it('clears the success text after 4 s', async () => {
    jest.useFakeTimers();
    installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')]);
    renderMemberArea(LIST);
    await screen.findByText('Sharjah, United Arab Emirates');
    fireEvent.click(within(rowOf('Sharjah')).getByRole('button', { name: /Make primary/ }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Your primary address is changed.'),
    );
    act(() => jest.advanceTimersByTime(4000));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
