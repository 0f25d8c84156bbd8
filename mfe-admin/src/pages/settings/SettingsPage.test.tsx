import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen } from '@testing-library/react';
import { fillIn, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

/** The shop's contact and channels as GET admin/site-settings answers them. */
const SITE = {
  phone: '+971 50 123 4567',
  hashtag: '#GiftsThatSpeak',
  social_channels: {
    facebook: 'https://www.facebook.com/giftsthatspeak',
    twitter: null,
    instagram: null,
    linkedin: null,
    youtube: null,
  },
};

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const saveSite = () => fireEvent.click(screen.getByRole('button', { name: 'Save contact and channels' }));

describe('the settings page', () => {
  it('shows the order e-mail in effect and saves a new one, announcing it', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'shop@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/settings': (call) => ok(call.body),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    const field = await screen.findByLabelText('E-mail for new orders');
    expect(field).toHaveValue('shop@example.com');
    fireEvent.change(field, { target: { value: ' orders@example.com ' } });
    save();

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Saved: mail about new orders now goes to orders@example.com.');
    expect(note).toHaveFocus();
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      order_email: 'orders@example.com',
    });
  });

  it("sends null for an empty field and shows the shop's address the API answers", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'orders@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/settings': ok({ order_email: 'shop@example.com' }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    fireEvent.change(await screen.findByLabelText('E-mail for new orders'), { target: { value: '' } });
    save();

    expect(await screen.findByRole('status')).toHaveTextContent('now goes to shop@example.com.');
    expect(screen.getByLabelText('E-mail for new orders')).toHaveValue('shop@example.com');
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({ order_email: null });
  });

  it("shows the API's refusal of an address at the field", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'shop@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/settings': refused(422, 'VALIDATION_ERROR', 'Some fields are invalid', {
          order_email: 'Please enter a valid email address',
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    const field = await screen.findByLabelText('E-mail for new orders');
    fireEvent.change(field, { target: { value: 'not an address' } });
    save();

    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Please enter a valid email address/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows a 400's message when it names no field", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'shop@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/settings': refused(
          400,
          'BAD_REQUEST',
          'body/order_email must NOT have more than 254 characters',
        ),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    await screen.findByLabelText('E-mail for new orders');
    save();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'body/order_email must NOT have more than 254 characters',
    );
  });

  it("shows the shop's contact and channels and saves them, an empty channel as null", async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'shop@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/site-settings': (call) => ok(call.body),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    expect(await screen.findByLabelText('Phone')).toHaveValue('+971 50 123 4567');
    expect(screen.getByLabelText('Facebook address')).toHaveValue('https://www.facebook.com/giftsthatspeak');
    fillIn({
      Phone: '+971 4 555 0000',
      Hashtag: ' #Gifts2026 ',
      'Facebook address': '',
      'YouTube address': 'https://www.youtube.com/@gifts',
    });
    saveSite();

    const note = await screen.findByText('Saved: the shop shows the new contact details now.');
    expect(note).toHaveFocus();
    expect(backend.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      phone: '+971 4 555 0000',
      hashtag: '#Gifts2026',
      social_channels: {
        facebook: null,
        twitter: null,
        instagram: null,
        linkedin: null,
        youtube: 'https://www.youtube.com/@gifts',
      },
    });
  });

  it("marks the field the API's 400 names, and reads its reason out", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/settings': ok({ order_email: 'shop@example.com' }),
        'GET admin/site-settings': ok(SITE),
        'PUT admin/site-settings': refused(400, 'BAD_REQUEST', 'body/phone must match pattern', {
          phone: 'must match pattern',
        }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/settings');

    await screen.findByLabelText('Phone');
    fillIn({ Phone: 'call me' });
    saveSite();

    expect(await screen.findByRole('alert')).toHaveTextContent('body/phone must match pattern');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not in the navigation of a staff admin, and says "Owners only" at its address', async () => {
    const backend = installFakeBackend(routeTable({}));
    signIn('staff');
    renderAdmin('/admin/settings');

    expect(await screen.findByText(/Owners only/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(backend.calls.some((call) => call.path === 'admin/settings')).toBe(false);
  });
});
