import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen } from '@testing-library/react';
import { fillIn, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const SHIPPING = {
  fees: [
    { country_id: 1, country: 'United Arab Emirates', fee: 5 },
    { country_id: 2, country: 'Lebanon', fee: 10 },
  ],
  free_shipping_over: 500,
};
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the shipping page', () => {
  it('sends only the fees that changed and the threshold, and announces the save', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/shipping': ok(SHIPPING),
        'PUT admin/shipping': ok({
          fees: [SHIPPING.fees[0], { country_id: 2, country: 'Lebanon', fee: 12.5 }],
          free_shipping_over: 100,
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/shipping');

    expect(await screen.findByLabelText('Lebanon, fee in USD')).toHaveValue('10');
    expect(screen.getByLabelText('Free shipping from (USD)')).toHaveValue('500');
    fillIn({ 'Lebanon, fee in USD': '12.50', 'Free shipping from (USD)': '100' });
    save();

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Saved: checkout charges the new fees now.');
    expect(note).toHaveFocus();
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      fees: [{ country_id: 2, fee: 12.5 }],
      free_shipping_over: 100,
    });
    expect(screen.getByLabelText('Lebanon, fee in USD')).toHaveValue('12.5');
  });

  it('sends null for an empty threshold (no free shipping)', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/shipping': ok(SHIPPING),
        'PUT admin/shipping': ok({ ...SHIPPING, free_shipping_over: null }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/shipping');

    await screen.findByLabelText('Free shipping from (USD)');
    fillIn({ 'Free shipping from (USD)': ' ' });
    save();

    await screen.findByRole('status');
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      fees: [],
      free_shipping_over: null,
    });
  });

  it("refuses a fee that is no amount itself, and shows the API's refusal", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/shipping': ok(SHIPPING),
        'PUT admin/shipping': refused(400, 'VALIDATION_FAILED', 'at most two decimals', {
          'fees.0.fee': 'at most two decimals',
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/shipping');

    await screen.findByLabelText('Lebanon, fee in USD');
    fillIn({ 'Lebanon, fee in USD': 'ten' });
    save();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Enter every fee and the threshold as an amount in USD',
    );
    expect(backend.calls.some((call) => call.method === 'PUT')).toBe(false);

    // Only Lebanon's fee changed: the API's fees.0 is Lebanon, the second country on the page.
    fillIn({ 'Lebanon, fee in USD': '10.005' });
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('at most two decimals');
    expect(screen.getByLabelText('Lebanon, fee in USD')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('United Arab Emirates, fee in USD')).not.toHaveAttribute('aria-invalid');
  });

  it('is not in the navigation of a staff admin, and says "Owners only" at its address', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/shipping');

    expect(await screen.findByText(/Owners only/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Shipping' })).not.toBeInTheDocument();
    expect(backend.calls.some((call) => call.path === 'admin/shipping')).toBe(false);
  });
});
