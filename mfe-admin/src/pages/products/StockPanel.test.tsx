import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { fillIn, listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import type { AdminPage } from '../registry';
import { StockPanel } from './StockPanel';

beforeEach(() => signOutEverywhere());

/** The panel on a page of its own, as the product editor includes it. */
const PAGES: readonly AdminPage[] = [
  {
    path: 'stock',
    label: 'Stock',
    ownerOnly: false,
    component: lazy(async () => ({ default: () => <StockPanel product={{ id: 5 }} /> })),
  },
];

const logOf = (stock: number, waiting: number, items: object[] = []) => ({
  product: { id: 5, slug: 'oak-box', title: 'Oak box', stock_quantity: stock, waiting },
  ...listPage(items),
});

const entry = {
  id: 1,
  source: 'checkout',
  before: 3,
  after: 0,
  reason: 'Order GS-2611-000041 placed',
  admin_email: null,
  created_at: '2026-11-27T08:00:00.000Z',
};

describe('the stock panel', () => {
  it('shows the stock, the waiting shoppers and the log, an order named as such', async () => {
    installFakeBackend(routeTable({ 'GET admin/products/5/stock-log': ok(logOf(0, 2, [entry])) }));
    signIn('staff');
    renderAdmin('/admin/stock', PAGES);

    expect(await screen.findByText('0 pieces in stock')).toBeInTheDocument();
    expect(screen.getByText('2 shoppers are waiting for a back-in-stock e-mail.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('3 → 0Order GS-2611-000041 placedAn order');
  });

  it('needs a number and a reason before it sends anything', async () => {
    const backend = installFakeBackend(routeTable({ 'GET admin/products/5/stock-log': ok(logOf(4, 0)) }));
    signIn('staff');
    renderAdmin('/admin/stock', PAGES);

    fireEvent.click(await screen.findByRole('button', { name: 'Save the stock' }));
    expect(screen.getByLabelText(/^Pieces to add/)).toHaveAccessibleDescription('Write a whole number.');
    expect(screen.getByLabelText('Reason (kept in the stock log)')).toHaveAccessibleDescription(
      'Write the reason first.',
    );
    fireEvent.click(screen.getByLabelText('Set the stock to'));
    fillIn({ 'New stock': '-2', 'Reason (kept in the stock log)': 'Counted' });
    fireEvent.click(screen.getByRole('button', { name: 'Save the stock' }));
    expect(screen.getByLabelText('New stock')).toHaveAccessibleDescription('The stock cannot go below 0.');
    expect(backend.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('brings a product back in stock with a reason and says how many shoppers are told', async () => {
    let stock = 0;
    const backend = installFakeBackend(
      routeTable({
        'GET admin/products/5/stock-log': () => ok(logOf(stock, stock === 0 ? 2 : 0)),
        'POST admin/products/5/stock': () => {
          stock = 6;
          return ok({ stock: { product_id: 5, before: 0, after: 6, notified: 2 } });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/stock', PAGES);

    const save = await screen.findByRole('button', { name: 'Save the stock' });
    fillIn({
      'Pieces to add (a minus takes them away, e.g. -3)': '6',
      'Reason (kept in the stock log)': ' Delivery ',
    });
    fireEvent.click(save);
    expect(await screen.findByText(/^The stock is 6/)).toHaveTextContent(
      'The stock is 6 (it was 0). 2 back-in-stock e-mails are on its way.',
    );
    expect(screen.getByText(/^The stock is 6/)).toHaveFocus();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { delta: 6, reason: 'Delivery' },
    ]);
    expect(await screen.findByText('6 pieces in stock')).toBeInTheDocument();
    expect(screen.getByLabelText('Reason (kept in the stock log)')).toHaveValue('');
  });

  it("shows the API's refusal in its own words", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/products/5/stock-log': ok(logOf(1, 0)),
        'POST admin/products/5/stock': refused(409, 'STOCK_BELOW_ZERO', 'The stock cannot go below 0.'),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/stock', PAGES);
    const save = await screen.findByRole('button', { name: 'Save the stock' });
    fillIn({
      'Pieces to add (a minus takes them away, e.g. -3)': '-4',
      'Reason (kept in the stock log)': 'Broken',
    });
    fireEvent.click(save);
    expect(await screen.findByRole('alert')).toHaveTextContent('The stock cannot go below 0.');
  });
});
