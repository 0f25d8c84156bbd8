import { shippingOrder } from '../../test/orderFixtures';
import { shippingBlockOf } from './orderParts';

const SHIPPING_ADDRESS = {
  first_name: 'Mona',
  last_name: 'Haddad',
  mobile: '+971 55 000 1111',
  address: '4 Creek Road',
  city: 'Sharjah',
  country: 'United Arab Emirates',
};

describe('the block the parcel is shipped to', () => {
  it("is the order's recipient, as a whole, when it has an address", () => {
    const order = shippingOrder({
      address: SHIPPING_ADDRESS,
      recipient: {
        first_name: 'Sara',
        last_name: null,
        email: 'sara@example.com',
        mobile: null,
        country: 'Oman',
        city: null,
        address: '9 Harbour Lane',
      },
    });
    // The recipient's missing fields stay missing: no city of Sharjah on a street in Oman.
    expect(shippingBlockOf(order)).toEqual(order.recipient);
  });

  it('is the shipping address, as a whole, when the recipient has none', () => {
    const order = shippingOrder({
      address: SHIPPING_ADDRESS,
      recipient: {
        first_name: 'Sara',
        last_name: 'Khan',
        email: 'sara@example.com',
        mobile: '+971 50 123 4567',
        country: null,
        city: null,
        address: null,
      },
    });
    expect(shippingBlockOf(order)).toEqual(SHIPPING_ADDRESS);
  });
});
