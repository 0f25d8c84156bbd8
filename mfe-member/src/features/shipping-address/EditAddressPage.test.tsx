import { fireEvent, screen, waitFor } from '@testing-library/react';
import { address, installAddressBook, refusal, renderMemberArea } from '../../test/fakeBackend';

describe('/member/shipping-address/{id}', () => {
  it('fills the edit form from the saved address, saves it and goes back to the list with a success text', async () => {
    const backend = installAddressBook([address(1, 'Dubai', true), address(2, 'Sharjah')]);
    renderMemberArea('/member/shipping-address/2');
    const city = await screen.findByLabelText('City');
    expect(city).toHaveValue('Sharjah');
    expect(screen.getByLabelText('First name')).toHaveValue('Omar');
    expect(screen.getByLabelText('Country')).toHaveValue('1');
    expect(screen.getByLabelText('Address')).toHaveValue('2 Palm Street');
    expect(document.title).toBe('Edit Shipping Address | Gift Shop');
    // The section stays current in the side menu on its sub-page.
    expect(screen.getByRole('link', { name: 'My Shipping Address(es)' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    fireEvent.change(city, { target: { value: 'Ajman' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent(/^\/member\/shipping-address$/));
    expect(backend.callsTo('POST buyers-shipping-address/update/2').at(0)?.body).toMatchObject({
      city: 'Ajman',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Your address is updated.');
    expect(await screen.findByText('Ajman, United Arab Emirates')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Shipping Address(es)' })).toHaveFocus();
  });

  it('shows a refusal of the server at its field', async () => {
    installAddressBook([address(1, 'Dubai', true)], {
      'POST buyers-shipping-address/update/1': () =>
        refusal(422, 'Validation failed', { country_id: "Please select receiver's country" }),
    });
    renderMemberArea('/member/shipping-address/1');
    await screen.findByLabelText('City');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText("Please select receiver's country")).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent('/member/shipping-address/1');
  });

  it('says the address is not found for an id that is not the buyer’s', async () => {
    installAddressBook([address(1, 'Dubai', true)]);
    renderMemberArea('/member/shipping-address/99');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this address.');
    expect(screen.getByRole('link', { name: 'Back to My Shipping Address(es)' })).toBeInTheDocument();
  });

  it("shows the spec's error panel when the address cannot be loaded", async () => {
    installAddressBook([address(1, 'Dubai', true)], {
      'GET buyers-shipping-address/1': () => refusal(500, 'boom'),
    });
    renderMemberArea('/member/shipping-address/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('OOPS! something went wrong!');
  });

  it('goes back to the list on Cancel without saving', async () => {
    const backend = installAddressBook([address(1, 'Dubai', true)]);
    renderMemberArea('/member/shipping-address/1');
    await screen.findByLabelText('City');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Dubai, United Arab Emirates')).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
