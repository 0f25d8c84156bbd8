import { MESSAGES } from '@shop/shared/validation/messages';
import { screen } from '@testing-library/react';
import { ConfirmOrderPage, NO_RECENT_ORDER } from './ConfirmOrderPage';
import { checkoutCart, GUEST, MEMBER, order, renderCheckout, signedInAs } from './checkoutTestKit';
import { LAST_ORDER_STORAGE_KEY } from './constants';
import { lastOrderOf, saveLastOrder } from './lastOrder';

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
});
