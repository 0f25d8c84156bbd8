import { MESSAGES } from '@shop/contract/validation/messages';
import { type CheckoutTerms, MEMBER_SLIP_STEP } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import { ConfirmOrderPage, NO_RECENT_ORDER } from './ConfirmOrderPage';
import {
  CHECKOUT_TERMS,
  checkoutCart,
  GUEST,
  installCheckoutApi,
  MEMBER,
  ok,
  order,
  renderCheckout,
  signedInAs,
} from './checkoutTestKit';
import { LAST_ORDER_STORAGE_KEY } from './constants';
import { lastOrderOf, saveLastOrder } from './lastOrder';

const TERMS: CheckoutTerms = { ...CHECKOUT_TERMS, payment_slip_email: 'slips@shop.example' };
const transferOrder = (number: string) => ({
  ...order(number, 88.46),
  payment_method: 'Money Exchange Transfer' as const,
});

const open = () => renderCheckout(<ConfirmOrderPage />, { cart: null, path: '/confirmorder' });

describe('order confirmation (/confirmorder)', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the order just placed in this tab, with the way to My Order(s) for a member', () => {
    signedInAs(MEMBER);
    saveLastOrder(lastOrderOf(order('GS-2611-000042', 88.46), checkoutCart(), 'Member'));
    open();
    expect(screen.getByRole('heading', { name: 'Thank you for your order' })).toHaveFocus();
    expect(screen.getByText(MESSAGES.orderReceived)).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent('GS-2611-000042');
    expect(screen.getByText('AED 88.46')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'My Order(s)' })).toHaveAttribute('href', '/member/orders');
  });

  it('offers a guest, signed out by the order, no member area', () => {
    signedInAs(null);
    saveLastOrder(lastOrderOf(order('GS-2611-000043', 20), checkoutCart(), GUEST.type));
    open();
    expect(screen.getByTestId('order-number')).toHaveTextContent('GS-2611-000043');
    expect(screen.queryByRole('link', { name: 'My Order(s)' })).not.toBeInTheDocument();
  });

  it('says there is no recent order when none was placed in this tab (or it cannot be read)', () => {
    signedInAs(MEMBER);
    sessionStorage.setItem(LAST_ORDER_STORAGE_KEY, '{"order_id": 42');
    open();
    expect(screen.getByText(NO_RECENT_ORDER)).toBeInTheDocument();
    expect(screen.queryByTestId('order-number')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'My Order(s)' })).toHaveAttribute('href', '/member/orders');
  });

  it('tells a guest who pays by Money Exchange Transfer whom to pay and to e-mail the slip', async () => {
    installCheckoutApi({ 'GET checkout-terms': ok(TERMS) });
    signedInAs(null);
    saveLastOrder(lastOrderOf(transferOrder('GS-2611-000044'), checkoutCart(), 'Guest'));
    open();
    const howToPay = within(await screen.findByTestId('how-to-pay'));
    expect(
      howToPay.getByText(
        'Please send AED 88.46 by Money Exchange Transfer to Rami Khoury, +971 55 765 4321, naming your order number GS-2611-000044.',
      ),
    ).toBeInTheDocument();
    expect(
      howToPay.getByText(
        'Then e-mail the transfer slip to slips@shop.example, naming your order number GS-2611-000044.',
      ),
    ).toBeInTheDocument();
  });

  it('tells a member to upload the slip under My Orders, and says nothing of a transfer for Cash On Delivery', async () => {
    installCheckoutApi({ 'GET checkout-terms': ok(TERMS) });
    signedInAs(MEMBER);
    saveLastOrder(lastOrderOf(transferOrder('GS-2611-000045'), checkoutCart(), 'Member'));
    const first = open();
    expect(await screen.findByText(MEMBER_SLIP_STEP)).toBeInTheDocument();
    first.unmount();

    saveLastOrder(lastOrderOf(order('GS-2611-000046', 20), checkoutCart(), 'Member'));
    open();
    expect(screen.getByTestId('order-number')).toHaveTextContent('GS-2611-000046');
    expect(screen.queryByTestId('how-to-pay')).not.toBeInTheDocument();
  });
});
