import type { AdminCurrencyView } from '@shop/contract/schemas/shopSettings';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { fillIn, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const currency = (code: string, changes: Partial<AdminCurrencyView> = {}): AdminCurrencyView => ({
  code,
  symbol: code,
  exchange_rate: 1,
  decimal_places: 2,
  position: 0,
  is_default: false,
  ...changes,
});
const LIST = [
  currency('USD', { symbol: '$', is_default: true }),
  currency('AED', { exchange_rate: 3.6725, position: 1 }),
  currency('LBP', { exchange_rate: 89500, decimal_places: 0, position: 2 }),
];

/** The form of one currency (named by its code). */
const formOf = async (code: string) => within(await screen.findByRole('form', { name: code }));

describe('the currencies page', () => {
  it("saves a currency's new rate, sending numbers, and announces it", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/currencies': ok({ items: LIST }),
        'PUT admin/currencies/AED': (call) =>
          ok({ currency: { ...currency('AED'), ...(call.body as object) } }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/currencies');

    const aed = await formOf('AED');
    expect(aed.getByLabelText('Rate per 1 USD')).toHaveValue('3.6725');
    fillIn({ 'Rate per 1 USD': '4.1', Symbol: ' Dh ' }, aed);
    fireEvent.click(aed.getByRole('button', { name: 'Save' }));

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Saved: AED is shown at its new figures now.');
    expect(note).toHaveFocus();
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      symbol: 'Dh',
      exchange_rate: 4.1,
      decimal_places: 2,
      position: 1,
    });
  });

  it("keeps USD's rate read-only and offers neither Remove nor Make default for the default", async () => {
    installFakeBackend(routeTable({ 'GET admin/currencies': ok({ items: LIST }) }));
    signIn('owner');
    renderAdmin('/admin/currencies');

    const usd = await formOf('USD');
    expect(usd.getByLabelText('Rate per 1 USD')).toHaveAttribute('readonly');
    expect(usd.getByText('(default)')).toBeInTheDocument();
    expect(usd.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(usd.queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect((await formOf('AED')).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('asks before removing a currency, focusing "Keep it", then removes it', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/currencies': ok({ items: LIST }),
        'DELETE admin/currencies/LBP': ok({ items: LIST.slice(0, 2) }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/currencies');

    const lbp = await formOf('LBP');
    fireEvent.click(lbp.getByRole('button', { name: 'Remove' }));
    const question = lbp.getByRole('group', { name: 'Remove LBP? Carts in LBP move to USD.' });
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: 'Yes, remove' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Removed LBP: carts in it are now in the default currency.',
    );
    expect(
      backend.calls.some((call) => call.method === 'DELETE' && call.path === 'admin/currencies/LBP'),
    ).toBe(true);
  });

  it("makes a currency the default, and reads out the API's refusal", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/currencies': ok({ items: LIST }),
        'POST admin/currencies/AED/default': ok({ items: LIST }),
        'PUT admin/currencies/LBP': refused(
          400,
          'VALIDATION_FAILED',
          'An exchange rate has at most 6 decimals.',
          {
            exchange_rate: 'at most 6 decimals',
          },
        ),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/currencies');

    fireEvent.click((await formOf('AED')).getByRole('button', { name: 'Make default' }));
    expect(await screen.findByRole('status')).toHaveTextContent('AED is the default currency now.');
    expect(backend.calls.some((call) => call.path === 'admin/currencies/AED/default')).toBe(true);

    const lbp = await formOf('LBP');
    fillIn({ 'Rate per 1 USD': '1.1234567' }, lbp);
    fireEvent.click(lbp.getByRole('button', { name: 'Save' }));
    expect(await lbp.findByRole('alert')).toHaveTextContent('An exchange rate has at most 6 decimals.');
  });

  it('adds a currency with its code in capitals, and says so when a number is missing', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/currencies': ok({ items: LIST }),
        'POST admin/currencies': (call) => ok({ currency: { ...currency('EUR'), ...(call.body as object) } }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/currencies');

    const add = within(await screen.findByRole('form', { name: 'Add a currency' }));
    fillIn({ 'Code (3 capital letters)': 'eur', Symbol: '€' }, add);
    fireEvent.click(add.getByRole('button', { name: 'Add currency' }));
    expect(add.getByRole('alert')).toHaveTextContent('Enter the rate, decimals and position as numbers.');
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);

    fillIn({ 'Rate per 1 USD': '0.92' }, add);
    fireEvent.click(add.getByRole('button', { name: 'Add currency' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Added: shoppers can choose EUR now.');
    expect(backend.calls.find((call) => call.method === 'POST')?.body).toEqual({
      code: 'EUR',
      symbol: '€',
      exchange_rate: 0.92,
      decimal_places: 2,
    });
  });

  it('is not in the navigation of a staff admin, and says "Owners only" at its address', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/currencies');

    expect(await screen.findByText(/Owners only/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Currencies' })).not.toBeInTheDocument();
    expect(backend.calls.some((call) => call.path.startsWith('admin/currencies'))).toBe(false);
  });
});
