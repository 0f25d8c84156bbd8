/** Orders (and buyers) as the admin API answers them, for the pages' tests. */
import type { AdminBuyer, AdminQueueOrder, AdminShippingDetail } from '@shop/contract/schemas/backOffice';

export const XSS = '<img src=x onerror="window.__xss=1">';

const base = {
  id: 41,
  order_id: 'GS-2611-000041',
  created_at: '2026-11-27T09:30:00.000Z',
  order_status: 'Payment Pending',
  payment_status: 'Pending',
  payment_method: 'Money Exchange Transfer',
  products_total_cost: 120,
  shipping_cost: 10,
  total_amount: 130,
  vat_rate: 5,
  vat_amount: 6.19,
  currency: { code: 'USD', symbol: '$' },
} as const;

export function queueOrder(overrides: Partial<AdminQueueOrder> = {}): AdminQueueOrder {
  return {
    ...base,
    buyer: { id: 7, email: 'mona@example.com', name: 'Mona Haddad' },
    is_new: true,
    proof_pending: false,
    ...overrides,
  };
}

export function shippingOrder(overrides: Partial<AdminShippingDetail> = {}): AdminShippingDetail {
  return {
    ...base,
    ordered_products: [
      {
        id: 90,
        price: 60,
        quantity: 2,
        total: 120,
        product: {
          id: 5,
          title: 'Oak box',
          slug: 'oak-box',
          image: '/img/oak.jpg',
          category: { name: 'Boxes' },
          subCategory: { name: 'Wood' },
          type: { name: 'Gift' },
        },
        customization: {
          id: 3,
          image: null,
          logoMessage: null,
          toWhom: `Sara ${XSS}`,
          from: 'Mona',
          note: 'Happy birthday!',
          brief: null,
          price: 0,
        },
        packaging: { id: 2, title: 'Red ribbon', image: '/img/ribbon.jpg', price: 0 },
        review_submitted: false,
        feedback_submitted: false,
        can_review: false,
        can_give_feedback: false,
      },
    ],
    proofOfPayment: null,
    can_upload_proof: true,
    address: {
      first_name: 'Sara',
      last_name: 'Khan',
      mobile: '+971 50 123 4567',
      address: '12 Palm Street',
      city: 'Dubai',
      country: 'United Arab Emirates',
    },
    log: [{ created_at: '2026-11-27T09:30:00.000Z', action: 'Order placed' }],
    buyer: { id: 7, email: 'mona@example.com', name: 'Mona Haddad' },
    proofs: [],
    recipient: {
      first_name: 'Sara',
      last_name: 'Khan',
      email: 'sara@example.com',
      mobile: '+971 50 123 4567',
      country: 'United Arab Emirates',
      city: 'Dubai',
      address: `12 Palm Street ${XSS}`,
    },
    proof_pending: false,
    ...overrides,
  };
}

/** A member as GET admin/buyers answers them (the buyer search of the inbox and notifications). */
export function adminBuyer(overrides: Partial<AdminBuyer> = {}): AdminBuyer {
  return {
    id: 7,
    email: 'mona@example.com',
    name: 'Mona Haddad',
    orders: [{ id: 41, order_id: 'GS-2611-000041' }],
    ...overrides,
  };
}

/** The member with two orders, newest first (an order thread picks one of them). */
export const buyerWithTwoOrders = (): AdminBuyer =>
  adminBuyer({
    orders: [
      { id: 42, order_id: 'GS-2611-000042' },
      { id: 41, order_id: 'GS-2611-000041' },
    ],
  });
