import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { listPage, signIn, signOutEverywhere } from '../test/adminTesting';
import { adminBuyer, buyerWithTwoOrders } from '../test/orderFixtures';
import { AdminRoot } from './AdminRoot';
import { BuyerPicker, type ChosenBuyer, PICKER_TEXTS } from './BuyerPicker';

beforeEach(() => signOutEverywhere());

const chosenLog: (ChosenBuyer | null)[] = [];

/** The picker in a form, as the new-thread and notification pages hold it. */
function InAForm({ first = null }: { first?: ChosenBuyer | null }) {
  const [chosen, setChosen] = useState<ChosenBuyer | null>(first);
  const [sent, setSent] = useState(false);
  return (
    <AdminRoot>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSent(true);
        }}
      >
        <BuyerPicker
          chosen={chosen}
          onChoose={(buyer) => {
            chosenLog.push(buyer);
            setChosen(buyer);
          }}
        />
        {sent ? <p>Form sent</p> : null}
      </form>
    </AdminRoot>
  );
}

describe('BuyerPicker', () => {
  beforeEach(() => {
    chosenLog.length = 0;
  });

  it('finds a member with no order through the buyer search (Enter searches, the form is not sent)', async () => {
    const nadia = adminBuyer({ id: 12, name: 'Nadia Karam', email: 'nadia@example.com', orders: [] });
    const backend = installFakeBackend(routeTable({ 'GET admin/buyers': ok(listPage([nadia])) }));
    signIn('staff');
    render(<InAForm />);

    const search = screen.getByLabelText('Find the buyer');
    fireEvent.change(search, { target: { value: '  nadia@example.com ' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    const choice = await screen.findByRole('radio', { name: 'Nadia Karam nadia@example.com' });
    expect(screen.getByRole('group', { name: 'Buyer' })).toContainElement(choice);
    expect(screen.queryByText('Form sent')).not.toBeInTheDocument();
    expect(backend.calls.map((call) => [call.method, call.path, call.query])).toEqual([
      ['GET', 'admin/buyers', { q: 'nadia@example.com' }],
    ]);

    fireEvent.click(choice);
    expect(choice).toBeChecked();
    expect(chosenLog).toEqual([{ id: 12, name: 'Nadia Karam', email: 'nadia@example.com', orders: [] }]);
  });

  it("hands on the member's newest orders for an order thread", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/buyers': ok(listPage([buyerWithTwoOrders()])),
      }),
    );
    signIn('owner');
    render(<InAForm />);
    fireEvent.change(screen.getByLabelText('Find the buyer'), { target: { value: 'mona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Mona Haddad mona@example.com' }));
    expect(chosenLog[0]?.orders).toEqual([
      { id: 42, number: 'GS-2611-000042' },
      { id: 41, number: 'GS-2611-000041' },
    ]);
  });

  it('says when no member matches, and when more matched than are shown', async () => {
    installFakeBackend(
      routeTable({
        'GET admin/buyers': ({ query }) =>
          query.q === 'rami'
            ? ok(listPage([]))
            : ok(
                listPage([adminBuyer(), adminBuyer({ id: 8, email: 'mona.h@example.com' })], {
                  totalCount: 45,
                  pageCount: 3,
                }),
              ),
      }),
    );
    signIn('staff');
    render(<InAForm />);
    const search = screen.getByLabelText('Find the buyer');
    fireEvent.change(search, { target: { value: 'rami' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(await screen.findByText(PICKER_TEXTS.none)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    fireEvent.change(search, { target: { value: 'mona' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(
      await screen.findByText('The first 2 of 45 members found: narrow the search.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('keeps a buyer chosen beforehand first and checked, and shows a failed search', async () => {
    installFakeBackend(
      routeTable({ 'GET admin/buyers': refused(500, 'INTERNAL', 'The search failed. Please try again.') }),
    );
    signIn('staff');
    render(<InAForm first={{ id: 3, name: 'Rami Nasser', email: 'rami@example.com', orders: [] }} />);
    expect(screen.getByRole('radio', { name: 'Rami Nasser rami@example.com' })).toBeChecked();
    fireEvent.change(screen.getByLabelText('Find the buyer'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The search failed. Please try again.');
    expect(screen.getByRole('radio', { name: 'Rami Nasser rami@example.com' })).toBeChecked();
  });
});
