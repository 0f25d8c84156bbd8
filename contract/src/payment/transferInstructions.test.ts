import { MEMBER_SLIP_STEP, transferInstructions } from './transferInstructions';

const order = {
  amount: 'AED 91.82',
  orderNumber: 'GS-2611-000042',
  payee: { personName: 'Rami Khoury', personPhoneNumber: '+961 3 123 456' },
  slipEmail: 'hello@example.com',
};

describe('how a Money Exchange Transfer order is paid (spec 001 §2.7)', () => {
  it('names the amount, the payee and the order number', () => {
    expect(transferInstructions({ ...order, placedBy: 'Member' }).payTo).toBe(
      'Please send AED 91.82 by Money Exchange Transfer to Rami Khoury, +961 3 123 456, naming your order number GS-2611-000042.',
    );
  });

  it('has a member upload the slip, and tells a guest (or anyone unknown) to e-mail it', () => {
    expect(transferInstructions({ ...order, placedBy: 'Member' }).slip).toBe(MEMBER_SLIP_STEP);
    const guestStep =
      'Then e-mail the transfer slip to hello@example.com, naming your order number GS-2611-000042.';
    expect(transferInstructions({ ...order, placedBy: 'Guest' }).slip).toBe(guestStep);
    expect(transferInstructions({ ...order, placedBy: null }).slip).toBe(guestStep);
  });
});
