import { bus, type CheckoutTerms } from '@shop/shared';
import { act, render, screen, within } from '@testing-library/react';
import { installFakeApi } from '../../test/fakeApi';
import { CheckoutTermsFacts, FREE_PRODUCTS_RULE, feesByAmount } from './CheckoutTermsFacts';

const TERMS: CheckoutTerms = {
  payment_methods: ['Cash On Delivery', 'Money Exchange Transfer'],
  payment_details: {
    bank: {
      accountTitle: 'Shop LLC',
      bankName: 'Bank',
      accountNumber: '1',
      ibanNumber: 'AE00',
      swiftCode: 'SW',
    },
    personal: { personName: 'Rami Khoury', personPhoneNumber: '+961 3 123 456' },
  },
  payment_slip_email: 'slips@shop.example',
  shipping: {
    fees: [
      { country_id: 1, country: 'United Arab Emirates', fee: 5 },
      { country_id: 2, country: 'Lebanon', fee: 10 },
      { country_id: 3, country: 'Saudi Arabia', fee: 15 },
      { country_id: 4, country: 'Kuwait', fee: 15 },
    ],
    free_shipping_over: null,
  },
};

const serve = (terms: CheckoutTerms) =>
  installFakeApi({ 'GET checkout-terms': { status: 200, body: { status: true, data: terms } } });

describe('the rules checkout applies, on the payments and shipping pages', () => {
  beforeEach(() => {
    act(() => bus.publish('currency', { code: 'USD', symbol: '$', exchange_rate: 1, decimal_places: 2 }));
  });

  it('groups countries by fee, cheapest first, keeping their order', () => {
    expect(feesByAmount(TERMS.shipping.fees)).toEqual([
      { fee: 5, countries: ['United Arab Emirates'] },
      { fee: 10, countries: ['Lebanon'] },
      { fee: 15, countries: ['Saudi Arabia', 'Kuwait'] },
    ]);
  });

  it('lists the methods checkout offers, the payee and where guests e-mail the slip', async () => {
    serve(TERMS);
    render(<CheckoutTermsFacts page="payments" />);
    const methods = await screen.findByTestId('payment-methods');
    expect(
      within(methods)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cash On Delivery', 'Money Exchange Transfer']);
    expect(screen.getByTestId('payee-name')).toHaveTextContent('Rami Khoury');
    expect(screen.getByText('+961 3 123 456')).toBeInTheDocument();
    expect(screen.getByTestId('slip-email')).toHaveAttribute('href', 'mailto:slips@shop.example');
    expect(screen.queryByText('AE00')).toBeNull();
  });

  it('shows each fee in the selected currency and no free-shipping threshold when the shop sets none', async () => {
    serve(TERMS);
    render(<CheckoutTermsFacts page="shipping" />);
    const fees = await screen.findAllByTestId('shipping-fee');
    expect(fees.map((fee) => fee.textContent)).toEqual(['$5.00', '$10.00', '$15.00']);
    expect(screen.getByRole('row', { name: /Saudi Arabia, Kuwait/ })).toHaveTextContent('$15.00');
    expect(screen.getByText(FREE_PRODUCTS_RULE)).toBeInTheDocument();
    expect(screen.queryByTestId('free-shipping-over')).toBeNull();
  });

  it('states the free-shipping threshold when the shop sets one', async () => {
    serve({ ...TERMS, shipping: { ...TERMS.shipping, free_shipping_over: 150 } });
    render(<CheckoutTermsFacts page="shipping" />);
    expect(await screen.findByTestId('free-shipping-over')).toHaveTextContent('Orders of $150.00 or more');
  });
});
