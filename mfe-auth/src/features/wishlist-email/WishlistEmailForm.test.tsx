import { bus, loadWishlistUser } from '@shop/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { FORM_FEEDBACK_MS } from '../../constants';
import { createFakeBackend, fail, ok, renderInAuth, resetSession } from '../../test/fakeBackend';
import { AuthModals } from '../overlays/AuthModals';

async function submitEmail(email: string): Promise<HTMLElement> {
  await act(() => bus.request('ui.openWishlistEmail'));
  const dialog = screen.getByRole('dialog', { name: 'Wishlist' });
  fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
  return dialog;
}

describe('wishlist-email popup', () => {
  beforeEach(resetSession);
  afterEach(() => jest.useRealTimers());

  it('uses its own wording for an invalid e-mail', async () => {
    const backend = createFakeBackend();
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await submitEmail('nope@');
    expect(await within(dialog).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(backend.callsTo('buyers/register-wishlist')).toHaveLength(0);
  });

  it('keeps the wishlist user and closes 5 s after success', async () => {
    jest.useFakeTimers();
    const backend = createFakeBackend({
      'POST buyers/register-wishlist': ok({
        user: { id: 12, email: 'wish@example.com', token: 'wishlist-token-12' },
      }),
    });
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await submitEmail('wish@example.com');
    expect(await within(dialog).findByRole('status')).toBeInTheDocument();
    expect(backend.callsTo('buyers/register-wishlist')[0]?.body).toEqual({
      email: 'wish@example.com',
      type: 'Wishlist',
    });
    const saved = { id: 12, email: 'wish@example.com', token: 'wishlist-token-12' };
    expect(loadWishlistUser()).toEqual(saved);
    expect(bus.get('session').wishlistUser).toEqual(saved);

    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("answers the server's 'Email registered' with 'Email is already exist' for 5 s", async () => {
    jest.useFakeTimers();
    const backend = createFakeBackend({
      'POST buyers/register-wishlist': fail(409, 'EMAIL_REGISTERED', 'Email registered'),
    });
    renderInAuth(<AuthModals />, { store: backend.store });
    const dialog = await submitEmail('wish@example.com');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Email is already exist');
    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(loadWishlistUser()).toBeNull();
  });
});
