import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installOrdersBackend, ok, order, orderDetail, orderedProduct, refused } from './fakeOrders';
import { orderLineAmounts } from './orderMoney';

const PNG = new File(['png'], 'slip.png', { type: 'image/png' });

beforeAll(() => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:logo'), revokeObjectURL: jest.fn() });
});
afterEach(() => jest.useRealTimers());

describe('/member/orders/{id}', () => {
  it('shows the products with their names, gift options, address, payment, totals and log', async () => {
    const backend = installOrdersBackend({
      'GET buyer-orders/7': () =>
        ok({
          order: orderDetail(7, {
            ordered_products: [
              orderedProduct(1, {
                customization: {
                  id: 1,
                  image: '/backend/api/buyer-orders/7/items/1/logo',
                  logoMessage: 'Logo uploaded',
                  toWhom: 'Sara',
                  from: 'Omar',
                  note: 'Happy birthday',
                  brief: null,
                  price: 10,
                },
                packaging: { id: 2, title: 'Gold box', image: '/images/packaging/2.jpg', price: 5 },
                total: 135,
              }),
            ],
          }),
        }),
    });
    renderMemberArea('/member/orders/7');
    const product = await screen.findByRole('article', { name: 'Rose Box 1' });
    expect(product).toHaveTextContent('Flowers · Roses · Gifts');
    expect(product).toHaveTextContent('To: Sara');
    expect(product).toHaveTextContent('Gold box');
    // unit price × quantity = the products alone; the gift options on their own lines; the line total.
    const lines = within(product)
      .getAllByRole('term')
      .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    expect(lines).toEqual([
      'AED 60.00 × 2 AED 120.00',
      'Customization AED 10.00',
      'Packaging AED 5.00',
      'Line total AED 135.00',
    ]);
    expect(await within(product).findByAltText('Your logo for Rose Box 1')).toHaveAttribute(
      'src',
      'blob:logo',
    );
    expect(backend.callsTo('GET buyer-orders/7/items/1/logo')[0]?.authorization).toBe('Bearer member-token');
    const page = screen.getByRole('heading', { level: 1 }).closest('section') as HTMLElement;
    expect(page).toHaveTextContent('Dubai, United Arab Emirates');
    expect(page).toHaveTextContent('Money Exchange Transfer');
    expect(page).toHaveTextContent('AED 120.00');
    expect(page).toHaveTextContent('AED 15.00');
    expect(page).toHaveTextContent('AED 135.50');
    expect(page).toHaveTextContent('Nov 20, 2026, 10:15 AM Order placed');
  });

  it('says an unknown order is not found', async () => {
    installOrdersBackend({});
    renderMemberArea('/member/orders/999');
    expect(await screen.findByText('We could not find this order.')).toBeInTheDocument();
  });

  it.each([
    ['Pending', 'Your proof of payment is submitted and waits for our check.'],
    ['Confirmed', 'Your proof of payment is confirmed.'],
  ] as const)('shows a %s proof as "%s", with no upload', async (status, text) => {
    installOrdersBackend({
      'GET buyer-orders/7': () =>
        ok({
          order: orderDetail(7, {
            can_upload_proof: false,
            proofOfPayment: { id: 1, status, comments: '', admin_comments: null, created_at: '' },
          }),
        }),
    });
    renderMemberArea('/member/orders/7');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Upload proof of payment' })).not.toBeInTheDocument();
  });

  it("shows a rejected proof with the shop's comments and offers the upload again", async () => {
    installOrdersBackend({
      'GET buyer-orders/7': () =>
        ok({
          order: orderDetail(7, {
            can_upload_proof: true,
            proofOfPayment: {
              id: 1,
              status: 'Rejected',
              comments: '',
              admin_comments: 'Slip unreadable',
              created_at: '',
            },
          }),
        }),
    });
    renderMemberArea('/member/orders/7');
    expect(await screen.findByText('Slip unreadable')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Upload proof of payment' })).toBeInTheDocument();
  });

  it("asks 'Upload an image.' without a file, then uploads the slip and loads the order again", async () => {
    let uploaded = false;
    const backend = installOrdersBackend({
      'GET buyer-orders/7': () =>
        ok({
          order: uploaded
            ? orderDetail(7, {
                can_upload_proof: false,
                proofOfPayment: {
                  id: 1,
                  status: 'Pending',
                  comments: 'Sent',
                  admin_comments: null,
                  created_at: '',
                },
              })
            : orderDetail(7),
        }),
      'POST buyer-orders/proof-of-payment': () => {
        uploaded = true;
        return ok({ message: 'Your proof of payment is submitted.' });
      },
    });
    renderMemberArea('/member/orders/7');
    const form = await screen.findByRole('form', { name: 'Upload proof of payment' });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText('Upload an image.')).toBeInTheDocument();
    expect(backend.callsTo('POST buyer-orders/proof-of-payment')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Comments'), { target: { value: 'Sent' } });
    fireEvent.change(within(form).getByLabelText(/Transfer slip/), { target: { files: [PNG] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your proof of payment is submitted.');
    expect(backend.callsTo('POST buyer-orders/proof-of-payment')[0]?.body).toEqual({
      order_id: '7',
      comments: 'Sent',
      file: expect.any(File),
    });
    expect(
      await screen.findByText('Your proof of payment is submitted and waits for our check.'),
    ).toBeInTheDocument();
    expect(backend.callsTo('GET buyer-orders/7')).toHaveLength(2);
  });

  it("shows the server's refusal of a slip once, at the file field, not also in a banner", async () => {
    const reason = 'The file is not a readable image.';
    installOrdersBackend({
      'GET buyer-orders/7': () => ok({ order: orderDetail(7) }),
      'POST buyer-orders/proof-of-payment': () =>
        refused(422, `Please check the form: ${reason}`, { file: reason }),
    });
    renderMemberArea('/member/orders/7');
    const form = await screen.findByRole('form', { name: 'Upload proof of payment' });
    fireEvent.change(within(form).getByLabelText(/Transfer slip/), { target: { files: [PNG] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(await within(form).findByText(reason)).toBeInTheDocument();
    expect(within(form).queryByText(/Please check the form/)).not.toBeInTheDocument();
    expect(within(form).getAllByText(new RegExp(reason.replace('.', '\\.')))).toHaveLength(1);
  });

  it('refuses a slip that is not a JPEG or PNG before sending it', async () => {
    const backend = installOrdersBackend({ 'GET buyer-orders/7': () => ok({ order: orderDetail(7) }) });
    renderMemberArea('/member/orders/7');
    const form = await screen.findByRole('form', { name: 'Upload proof of payment' });
    const gif = new File(['gif'], 'slip.gif', { type: 'image/gif' });
    fireEvent.change(within(form).getByLabelText(/Transfer slip/), { target: { files: [gif] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Upload' }));
    expect(
      await within(form).findByText('Allowed extensions are : *.image/jpeg, *.image/jpg, *.image/png'),
    ).toBeInTheDocument();
    expect(backend.callsTo('POST buyer-orders/proof-of-payment')).toHaveLength(0);
  });

  it('offers Review and Feedback only when the server allows them', async () => {
    installOrdersBackend({
      'GET buyer-orders/7': () =>
        ok({
          order: orderDetail(7, {
            ordered_products: [
              orderedProduct(1, { can_review: false, review_submitted: true, can_give_feedback: true }),
            ],
          }),
        }),
    });
    renderMemberArea('/member/orders/7');
    const product = await screen.findByRole('article', { name: 'Rose Box 1' });
    expect(within(product).queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument();
    expect(within(product).getByText('Review submitted')).toBeInTheDocument();
    expect(within(product).getByRole('button', { name: 'Feedback Rose Box 1' })).toBeInTheDocument();
  });

  it('asks for a rating and comments, then thanks for the review, marks it submitted and closes after 5 s', async () => {
    const backend = installOrdersBackend({
      'GET buyer-orders/7': () => ok({ order: orderDetail(7) }),
      'POST product-reviews/create': () => ok({ review: {}, message: 'Thank you for your feedback' }, 201),
    });
    renderMemberArea('/member/orders/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Review Rose Box 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Review Rose Box 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await within(dialog).findByText('Please rate this product')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your comments')).toBeInTheDocument();

    jest.useFakeTimers();
    fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Lovely roses' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Thank you for your feedback');
    expect(backend.callsTo('POST product-reviews/create')[0]?.body).toEqual({
      product_id: 51,
      item_id: 1,
      order_id: 7,
      rating: 4,
      comments: 'Lovely roses',
    });
    expect(screen.getByText('Review submitted')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends feedback multipart and shows a refusal the server explains', async () => {
    const backend = installOrdersBackend({
      'GET buyer-orders/7': () => ok({ order: orderDetail(7) }),
      'POST product-feedbacks/create': () => refused(409, 'You already gave feedback on this product'),
    });
    renderMemberArea('/member/orders/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Feedback Rose Box 1' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Comments'), { target: { value: 'Late' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send feedback' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You already gave feedback on this product',
    );
    expect(backend.callsTo('POST product-feedbacks/create')[0]?.body).toEqual({
      product_id: '51',
      item_id: '1',
      order_id: '7',
      comments: 'Late',
    });
  });

  it("shows a Money Exchange Transfer order's payee and how to send the slip, and no bank details", async () => {
    installOrdersBackend({ 'GET buyer-orders/7': () => ok({ order: orderDetail(7) }) });
    renderMemberArea('/member/orders/7');
    const howToPay = await screen.findByTestId('how-to-pay');
    expect(howToPay).toHaveTextContent(
      'Please send AED 135.50 by Money Exchange Transfer to Rami Khoury, +971 55 765 4321, naming your order number GS-2611-000047.',
    );
    expect(howToPay).toHaveTextContent('Then upload the transfer slip under My Orders');
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
  });

  it('shows bank details only for a Bank Transfer order, and nothing to pay for Cash On Delivery', async () => {
    installOrdersBackend({
      'GET buyer-orders/7': () => ok({ order: orderDetail(7, { payment_method: 'Bank Transfer' }) }),
      'GET buyer-orders/8': () =>
        ok({ order: orderDetail(8, { ...order(8, { payment_method: 'Cash On Delivery' }) }) }),
    });
    const bank = renderMemberArea('/member/orders/7');
    expect(await screen.findByTestId('bank-details')).toHaveTextContent('AE07 0331 2345 6789 0123 456');
    expect(screen.queryByText(/Rami Khoury/)).not.toBeInTheDocument();
    bank.unmount();
    renderMemberArea('/member/orders/8');
    await screen.findByRole('heading', { name: /GS-2611-000048/ });
    expect(screen.queryByTestId('bank-details')).not.toBeInTheDocument();
    expect(screen.queryByTestId('how-to-pay')).not.toBeInTheDocument();
  });

  it('splits a line into unit × quantity, customization, packaging and total', () => {
    const item = orderedProduct(1, {
      price: 0.1,
      quantity: 3,
      total: 0.3,
    });
    expect(orderLineAmounts(item)).toEqual({
      unit: 0.1,
      quantity: 3,
      products: 0.3,
      customization: null,
      packaging: null,
      total: 0.3,
    });
  });
});
