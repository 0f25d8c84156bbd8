import type { Inquiry } from '@shop/contract/schemas/backOffice';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen } from '@testing-library/react';
import { listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { XSS } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  id: 5,
  full_name: 'Lina Omar',
  email: 'lina@example.com',
  message: `Do you ship to Oman?\n${XSS}`,
  created_at: '2026-11-27T08:00:00.000Z',
  read: false,
  answer: null,
  answered_at: null,
  ...overrides,
});

describe('the contact inquiries', () => {
  it('lists them with unread and answered marks, the sender text as text', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/inquiries': ok(
          listPage([inquiry(), inquiry({ id: 4, full_name: 'Omar Ali', read: true, answer: 'Yes.' })]),
        ),
      }),
    );
    signIn('staff');
    const { container } = renderAdmin('/admin/inquiries');
    const cards = await screen.findAllByTestId('inquiry');
    expect(cards[0]).toHaveTextContent('Lina Omar');
    expect(cards[0]).toHaveTextContent('Unread');
    expect(cards[0]).toHaveTextContent(XSS);
    expect(cards[1]).toHaveTextContent('Answered');
    expect(cards[1]).not.toHaveTextContent('Unread');
    expect(container.querySelector('img[onerror]')).toBeNull();

    fireEvent.click(screen.getByLabelText('Only unanswered inquiries'));
    await screen.findByRole('checkbox', { name: 'Only unanswered inquiries', checked: true });
    expect(backend.calls.at(-1)?.query).toEqual({ page: '1', unanswered: 'true' });
  });

  it('reads one and answers it by e-mail; the answer is kept on it', async () => {
    let current = inquiry({ read: true });
    const backend = installFakeBackend(
      routeTable({
        'GET admin/inquiries/5': () => ok({ inquiry: current }),
        'POST admin/inquiries/5/answer': (call) => {
          const answer = (call.body as { message: string }).message;
          current = { ...current, answer, answered_at: '2026-11-27T10:00:00.000Z' };
          return ok({ inquiry: current });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inquiries/5');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inquiry from Lina Omar' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Do you ship to Oman\?/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Answer by e-mail'), { target: { value: 'We do, in 3 days.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your answer is on its way to the sender by e-mail.',
    );
    expect(await screen.findByRole('region', { name: 'The answer sent' })).toHaveTextContent(
      'We do, in 3 days.',
    );
    expect(screen.queryByLabelText('Answer by e-mail')).not.toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { message: 'We do, in 3 days.' },
    ]);
  });

  it("shows the API's 409 when another admin answered first, and then their answer", async () => {
    let current = inquiry({ read: true });
    installFakeBackend(
      routeTable({
        'GET admin/inquiries/5': () => ok({ inquiry: current }),
        'POST admin/inquiries/5/answer': () => {
          current = { ...current, answer: 'Yes, to Muscat.', answered_at: '2026-11-27T09:00:00.000Z' };
          return refused(
            409,
            'INQUIRY_ANSWERED',
            'This inquiry is already answered: its sender has the first answer.',
          );
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inquiries/5');

    fireEvent.change(await screen.findByLabelText('Answer by e-mail'), { target: { value: 'We do.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This inquiry is already answered: its sender has the first answer.',
    );
    expect(await screen.findByRole('region', { name: 'The answer sent' })).toHaveTextContent(
      'Yes, to Muscat.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("writes the sender's address into the mail link encoded, so it cannot add recipients or a body", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/inquiries/5': ok({
          inquiry: inquiry({ email: 'lina@example.com?cc=all@example.com&body=x' }),
        }),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inquiries/5');

    const link = await screen.findByRole('link', { name: 'lina@example.com?cc=all@example.com&body=x' });
    expect(link).toHaveAttribute('href', 'mailto:lina%40example.com%3Fcc%3Dall%40example.com%26body%3Dx');
  });
});
