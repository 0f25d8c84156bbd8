import { MESSAGES } from '@shop/contract/validation/messages';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FORM_FEEDBACK_MS } from '../../constants';
import { fail, installFakeApi, ok } from '../../test/fakeApi';
import { NOTIFY_ME_SUCCESS, NotifyMe } from './NotifyMe';

function openAndSubmit(email: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
  const dialog = screen.getByRole('dialog', { name: 'Notify me when available' });
  fireEvent.change(within(dialog).getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
  return dialog;
}

describe('Notify Me', () => {
  afterEach(() => jest.useRealTimers());

  it('opens a dialog with the focus inside and closes on Escape', () => {
    render(<NotifyMe productId={9} />);
    const opener = screen.getByRole('button', { name: 'Notify Me' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Notify me when available' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("uses the notify form's own wording for an invalid e-mail", async () => {
    const backend = installFakeApi({});
    render(<NotifyMe productId={9} />);
    const dialog = openAndSubmit('nope@');
    expect(await within(dialog).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(backend.calls).toHaveLength(0);
  });

  it('subscribes, shows success, then closes after 5 s', async () => {
    jest.useFakeTimers();
    const backend = installFakeApi({ 'POST notify-me': ok({ subscribed: true }) });
    render(<NotifyMe productId={9} />);
    const dialog = openAndSubmit('ann@example.com');
    expect(await within(dialog).findByRole('status')).toHaveTextContent(NOTIFY_ME_SUCCESS);
    expect(backend.callsTo('POST notify-me')[0]?.body).toEqual({ email: 'ann@example.com', product_id: 9 });
    act(() => jest.advanceTimersByTime(FORM_FEEDBACK_MS));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the shopper when subscribing fails', async () => {
    installFakeApi({ 'POST notify-me': fail(500) });
    render(<NotifyMe productId={9} />);
    const dialog = openAndSubmit('ann@example.com');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.actionFailed);
  });
});
