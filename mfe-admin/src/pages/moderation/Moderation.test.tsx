import type { AdminQuestion, AdminReview } from '@shop/contract/schemas/backOffice';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { XSS } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

const product = { id: 3, title: 'Oak box', slug: 'oak-box' };

const question = (overrides: Partial<AdminQuestion> = {}): AdminQuestion => ({
  id: 21,
  product,
  question: `Is it real oak? ${XSS}`,
  questioner_name: 'Hadi',
  questioner_email: 'hadi@example.com',
  question_time: '2026-11-27T08:00:00.000Z',
  answer: null,
  answer_time: null,
  held: true,
  ...overrides,
});

const review = (overrides: Partial<AdminReview> = {}): AdminReview => ({
  id: 31,
  product,
  rating: 1,
  comments: `Spam ${XSS}`,
  buyer: { name: 'Rami' },
  created_at: '2026-11-26T08:00:00.000Z',
  hidden: false,
  ...overrides,
});

describe('moderation', () => {
  it('answers a held question, which then leaves the held list', async () => {
    let held = [question(), question({ id: 22, question: 'What size?' })];
    const backend = installFakeBackend(
      routeTable({
        'GET admin/questions': () => ok(listPage(held)),
        'POST admin/questions/21/answer': (call) => {
          held = held.filter((item) => item.id !== 21);
          return ok({
            question: question({ held: false, answer: (call.body as { answer: string }).answer }),
          });
        },
      }),
    );
    signIn('staff');
    const { container } = renderAdmin('/admin/moderation');

    const cards = await screen.findAllByTestId('held-question');
    expect(cards[0]).toHaveTextContent(`Is it real oak? ${XSS}`);
    expect(cards[0]).toHaveTextContent('Asked by Hadi (hadi@example.com)');
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Oak box' })).toHaveAttribute(
      'href',
      '/product/oak-box',
    );
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(backend.calls[0]?.query).toEqual({ held: 'true', page: '1' });

    fireEvent.change(within(cards[0] as HTMLElement).getByLabelText('Answer'), {
      target: { value: 'Solid oak.' },
    });
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Answer and show' }));

    expect(
      await screen.findByText('The question is answered and shown on the product page.'),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('held-question')).toHaveLength(1);
    expect(
      backend.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]),
    ).toEqual([['admin/questions/21/answer', { answer: 'Solid oak.' }]]);
  });

  it("shows the API's 409 when another admin answered the question first", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/questions': ok(listPage([question()])),
        'POST admin/questions/21/answer': refused(
          409,
          'QUESTION_ANSWERED',
          'This question is already answered (the answer is shown on its page).',
        ),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/moderation');

    const card = (await screen.findByTestId('held-question')) as HTMLElement;
    fireEvent.change(within(card).getByLabelText('Answer'), { target: { value: 'Solid oak.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Answer and show' }));

    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'This question is already answered (the answer is shown on its page).',
    );
  });

  it('shows a held question without an answer', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/questions': ok(listPage([question()])),
        'POST admin/questions/21/approve': ok({ question: question({ held: false }) }),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/moderation');
    fireEvent.click(await screen.findByRole('button', { name: 'Show without an answer' }));
    expect(await screen.findByText('The question is shown on the product page.')).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      'admin/questions/21/approve',
    ]);
  });

  it('hides a review and shows it again, and filters the hidden ones', async () => {
    let current = review();
    const backend = installFakeBackend(
      routeTable({
        'GET admin/reviews': () => ok(listPage([current])),
        'POST admin/reviews/31/hide': () => {
          current = { ...current, hidden: true };
          return ok({ review: current });
        },
        'POST admin/reviews/31/show': () => {
          current = { ...current, hidden: false };
          return ok({ review: current });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/moderation/reviews');

    const card = await screen.findByTestId('review');
    expect(card).toHaveTextContent('1 of 5 · Rami');
    expect(card).toHaveTextContent(`Spam ${XSS}`);
    fireEvent.click(within(card).getByRole('button', { name: 'Hide review' }));
    expect(
      await screen.findByText('The review is hidden from the product page and its rating.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Show review again' })).toBeInTheDocument();
    expect(screen.getByTestId('review')).toHaveTextContent('Hidden');

    fireEvent.click(screen.getByRole('button', { name: 'Show review again' }));
    expect(await screen.findByRole('button', { name: 'Hide review' })).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      'admin/reviews/31/hide',
      'admin/reviews/31/show',
    ]);

    fireEvent.change(screen.getByLabelText('Which reviews'), { target: { value: 'hidden' } });
    await screen.findByRole('option', { name: 'Hidden', selected: true });
    expect(backend.calls.at(-1)?.query).toEqual({ page: '1', hidden: 'true' });
  });
});
