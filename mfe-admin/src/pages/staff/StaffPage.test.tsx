import type { AdminAccountView } from '@shop/contract/schemas/backOffice';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';

beforeEach(() => signOutEverywhere());

const OWNER: AdminAccountView = {
  id: 1,
  email: 'owner@example.com',
  role: 'owner',
  disabled: false,
  created_at: '2026-11-01T08:00:00.000Z',
};
const STAFF: AdminAccountView = {
  id: 2,
  email: 'staff@example.com',
  role: 'staff',
  disabled: false,
  created_at: '2026-11-20T08:00:00.000Z',
};

describe('the staff page', () => {
  it('lists the accounts; owners cannot be disabled here', async () => {
    installFakeBackend(routeTable({ 'GET admin/admins': ok({ items: [OWNER, STAFF] }) }));
    signIn('owner');
    renderAdmin('/admin/staff');

    const staffRow = await screen.findByRole('row', { name: /staff@example\.com/ });
    expect(staffRow).toHaveTextContent('staffActive');
    expect(within(staffRow).getByRole('button', { name: 'Disable staff@example.com' })).toBeInTheDocument();
    const ownerRow = screen.getByRole('row', { name: /owner@example\.com/ });
    expect(within(ownerRow).queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a staff admin and shows the password the API made, once', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/admins': ok({ items: [OWNER] }),
        'POST admin/admins': ok(
          { admin: { ...STAFF, email: 'new@example.com' }, password: 'made-by-the-api-1234' },
          201,
        ),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/staff');

    const form = (await screen.findByRole('region', { name: 'Add a staff admin' })) as HTMLElement;
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff admin' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Enter the e-mail.');
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'new@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password (optional)'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff admin' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('The password needs at least 12 characters.');
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Password (optional)'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff admin' }));

    expect(await screen.findByTestId('created-password')).toHaveTextContent('made-by-the-api-1234');
    const note = screen.getByRole('status');
    expect(note).toHaveTextContent('Staff admin created: new@example.com');
    expect(note).toHaveFocus();
    // The password is shown, but not inside the live region that is read out.
    expect(note).not.toHaveTextContent('made-by-the-api-1234');
    expect(backend.calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'new@example.com' });
  });

  it("shows the API's refusal of a taken e-mail", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/admins': ok({ items: [OWNER, STAFF] }),
        'POST admin/admins': refused(
          409,
          'ADMIN_EXISTS',
          'An admin with the e-mail staff@example.com already exists.',
        ),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/staff');
    const form = await screen.findByRole('region', { name: 'Add a staff admin' });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'staff@example.com' } });
    fireEvent.change(within(form).getByLabelText('Password (optional)'), {
      target: { value: 'a-long-enough-password' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Create staff admin' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'An admin with the e-mail staff@example.com already exists.',
    );
  });

  it('disables a staff admin after a confirmation that keeps focus inside, with an optional reason', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/admins': ok({ items: [OWNER, STAFF] }),
        'POST admin/admins/2/disable': ok({ admin: { ...STAFF, disabled: true } }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/staff');

    const opener = await screen.findByRole('button', { name: 'Disable staff@example.com' });
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Disable staff@example.com?' });
    expect(within(dialog).getByLabelText('Reason (optional, kept in the audit log)')).toHaveFocus();
    fireEvent.change(within(dialog).getByLabelText('Reason (optional, kept in the audit log)'), {
      target: { value: 'left the shop' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));

    await screen.findByRole('button', { name: 'Disable staff@example.com' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: 'admin/admins/2/disable',
      body: { reason: 'left the shop' },
    });
  });

  it('enables a disabled staff admin', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/admins': ok({ items: [OWNER, { ...STAFF, disabled: true }] }),
        'POST admin/admins/2/enable': ok({ admin: STAFF }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/staff');
    expect(await screen.findByRole('row', { name: /staff@example\.com/ })).toHaveTextContent('Disabled');
    fireEvent.click(screen.getByRole('button', { name: 'Enable staff@example.com' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Enable' }));
    await screen.findByRole('button', { name: 'Enable staff@example.com' });
    expect(backend.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: 'admin/admins/2/enable',
      body: {},
    });
  });
});
