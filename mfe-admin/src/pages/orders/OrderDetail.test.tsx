import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { shippingOrder, XSS } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const CANCEL_QUESTION = 'Cancel this order? Its stock goes back on sale.';

const DISPATCH_REFUSED = refused(
  409,
  'PAYMENT_NOT_RECEIVED',
  'A transfer order can be dispatched only once its payment is Received',
);

describe('the order detail', () => {
  it('shows everything to ship it, the buyer texts as text', async () => {
    installFakeBackend(routeTable({ 'GET admin/orders/41': ok({ order: shippingOrder() }) }));
    signIn('staff');
    const { container } = renderAdmin('/admin/orders/41');

    expect(await screen.findByRole('heading', { name: 'Order GS-2611-000041' })).toBeInTheDocument();
    const recipient = screen.getByRole('region', { name: 'Recipient' });
    expect(recipient).toHaveTextContent('Sara Khan');
    expect(within(recipient).getByRole('link', { name: '+971 50 123 4567' })).toHaveAttribute(
      'href',
      'tel:+971501234567',
    );
    expect(recipient).toHaveTextContent(`12 Palm Street ${XSS}`);
    expect(recipient).toHaveTextContent('Dubai United Arab Emirates');
    const items = screen.getByRole('region', { name: 'Items' });
    expect(items).toHaveTextContent('2 × Oak box');
    expect(items).toHaveTextContent(`Sara ${XSS}`);
    expect(items).toHaveTextContent('Happy birthday!');
    expect(items).toHaveTextContent('Red ribbon');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('$130.00');
    expect(screen.getByRole('region', { name: 'Log' })).toHaveTextContent('Order placed');
    // The payload stayed text: no element was made from it.
    expect(container.querySelector('img[onerror]')).toBeNull();
  });

  it("shows the API's refusal to dispatch an unpaid transfer order, and staff cannot override", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/orders/41': ok({ order: shippingOrder() }),
        'POST admin/orders/41/status': DISPATCH_REFUSED,
      }),
    );
    signIn('staff');
    renderAdmin('/admin/orders/41');

    fireEvent.click(await screen.findByRole('button', { name: 'Dispatch' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A transfer order can be dispatched only once its payment is Received',
    );
    expect(
      screen.getByText('Only an owner can dispatch it before the payment is received.'),
    ).toBeInTheDocument();
    expect(
      screen.queryByLabelText('Reason to dispatch before the payment is received'),
    ).not.toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { order_status: 'Dispatch' },
    ]);
  });

  it('lets an owner override the guard with a written reason', async () => {
    let dispatched = false;
    const backend = installFakeBackend(
      routeTable({
        'GET admin/orders/41': () =>
          ok({ order: shippingOrder(dispatched ? { order_status: 'Dispatch' } : {}) }),
        'POST admin/orders/41/status': (call) => {
          if (!(call.body as { reason?: string }).reason) return DISPATCH_REFUSED;
          dispatched = true;
          return ok({ order: {} });
        },
      }),
    );
    signIn('owner');
    renderAdmin('/admin/orders/41');

    fireEvent.click(await screen.findByRole('button', { name: 'Dispatch' }));
    const reason = await screen.findByLabelText('Reason to dispatch before the payment is received');
    fireEvent.click(screen.getByRole('button', { name: 'Dispatch anyway' }));
    expect(await screen.findByText('Write the reason first.')).toBeInTheDocument();
    fireEvent.change(reason, { target: { value: 'Paid in the shop, receipt 118' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dispatch anyway' }));

    expect(await screen.findByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { order_status: 'Dispatch' },
      { order_status: 'Dispatch', reason: 'Paid in the shop, receipt 118' },
    ]);
  });

  it('cancels only once confirmed', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/orders/41': ok({ order: shippingOrder() }),
        'POST admin/orders/41/status': ok({ order: {} }),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/orders/41');

    const cancel = await screen.findByRole('button', { name: 'Cancel order' });
    fireEvent.click(cancel);
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);
    // Focus moves into the question, on its safe answer; keeping the order gives it back to Cancel.
    expect(screen.getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('group', { name: CANCEL_QUESTION })).not.toBeInTheDocument();
    expect(cancel).toHaveFocus();

    fireEvent.click(cancel);
    expect(screen.getByRole('group', { name: CANCEL_QUESTION })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));

    await screen.findByRole('button', { name: 'Cancel order' });
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { order_status: 'Cancel' },
    ]);
  });

  it('confirms a pending proof of payment, and rejects one only with comments', async () => {
    const proof = {
      id: 8,
      status: 'Pending' as const,
      comments: 'Paid at the exchange',
      admin_comments: null,
      created_at: '2026-11-27T10:00:00.000Z',
    };
    const backend = installFakeBackend(
      routeTable({
        'GET admin/orders/41': ok({ order: shippingOrder({ proofs: [proof], proof_pending: true }) }),
        'GET admin/proofs/8/file': { status: 200, blob: new Blob(['png'], { type: 'image/png' }) },
        'POST admin/proofs/8/confirm': ok({ proofOfPayment: { ...proof, status: 'Confirmed' } }),
      }),
    );
    Object.assign(URL, { createObjectURL: () => 'blob:proof', revokeObjectURL: () => {} });
    signIn('staff');
    renderAdmin('/admin/orders/41');

    const proofs = await screen.findByRole('region', { name: 'Proofs of payment' });
    expect(await within(proofs).findByRole('img', { name: 'Proof of payment' })).toHaveAttribute(
      'src',
      'blob:proof',
    );
    fireEvent.click(within(proofs).getByRole('button', { name: 'Reject proof' }));
    expect(await within(proofs).findByText('Write the reason first.')).toBeInTheDocument();
    fireEvent.click(within(proofs).getByRole('button', { name: 'Confirm proof' }));

    await screen.findByRole('heading', { name: 'Order GS-2611-000041' });
    await within(proofs).findByRole('button', { name: 'Confirm proof' });
    const posts = backend.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.body])).toEqual([['admin/proofs/8/confirm', {}]]);
  });

  it('prints a packing slip with the recipient and the gift options, without prices', async () => {
    installFakeBackend(routeTable({ 'GET admin/orders/41': ok({ order: shippingOrder() }) }));
    signIn('staff');
    renderAdmin('/admin/orders/41/packing-slip');

    expect(await screen.findByRole('heading', { name: 'Packing slip · GS-2611-000041' })).toBeInTheDocument();
    const slip = screen.getByRole('article');
    expect(slip).toHaveTextContent('Sara Khan');
    expect(slip).toHaveTextContent('Happy birthday!');
    expect(slip).not.toHaveTextContent('$');
  });
});
