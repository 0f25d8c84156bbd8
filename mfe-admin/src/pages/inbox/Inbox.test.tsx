import type { AdminThreadPage, AdminThreadView } from '@shop/contract/schemas/backOffice';
import { installFakeBackend, ok, refused, routeTable } from '@shop/shared/test/fake-backend';
import { fireEvent, screen, within } from '@testing-library/react';
import { listPage, renderAdmin, signIn, signOutEverywhere } from '../../test/adminTesting';
import { buyerWithTwoOrders, XSS } from '../../test/orderFixtures';

beforeEach(() => signOutEverywhere());

type Message = AdminThreadView['thread'];

const message = (overrides: Partial<Message> = {}): Message => ({
  id: 11,
  buyer_id: 7,
  order_id: null,
  subject: 'Where is my parcel?',
  message: 'It has been a week.',
  sender_type: 'Buyer',
  is_read: false,
  reply_to: null,
  created_time: '2026-11-27T09:30:00.000Z',
  ...overrides,
});
const buyer = { id: 7, email: 'mona@example.com', name: 'Mona Haddad' };
const meta = (totalCount: number) => ({ totalCount, currentPage: 1, pageCount: 1, perPage: 10 });

const threads: AdminThreadPage = {
  items: [
    { ...message(), last_message: message(), unread_count: 2, buyer, order_number: null },
    {
      ...message({ id: 12, order_id: 41, subject: `Gift text ${XSS}` }),
      last_message: message({ id: 13, sender_type: 'Admin', message: 'It left today.' }),
      unread_count: 0,
      buyer: { id: 8, email: 'sami@example.com', name: 'Sami Aziz' },
      order_number: 'GS-2611-000041',
    },
  ],
  _meta: meta(2),
};

const threadView = (items: Message[]): AdminThreadView => ({
  thread: message(),
  items,
  _meta: meta(items.length),
  buyer,
  order_number: null,
});

describe('the inbox', () => {
  it('lists general and order threads with their buyers and unread marks, the buyer text as text', async () => {
    const backend = installFakeBackend(routeTable({ 'GET admin/messages': ok(threads) }));
    signIn('staff');
    const { container } = renderAdmin('/admin/inbox');

    const cards = await screen.findAllByTestId('inbox-thread');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Where is my parcel?');
    expect(cards[0]).toHaveTextContent('2 unread');
    expect(cards[0]).toHaveTextContent('Mona Haddad');
    expect(cards[0]).toHaveTextContent('General');
    expect(cards[1]).toHaveTextContent(`Gift text ${XSS}`);
    expect(cards[1]).toHaveTextContent('Order GS-2611-000041');
    expect(cards[1]).toHaveTextContent('Shop: It left today.');
    expect(cards[1]).not.toHaveTextContent('unread');
    expect(container.querySelector('img[onerror]')).toBeNull();
    expect(
      within(cards[0] as HTMLElement).getByRole('link', { name: 'Where is my parcel?' }),
    ).toHaveAttribute('href', '/admin/inbox/11');

    fireEvent.click(screen.getByLabelText('Only unread threads'));
    await screen.findByRole('checkbox', { name: 'Only unread threads', checked: true });
    expect(backend.calls.at(-1)?.query).toEqual({ page: '1', unread: 'true' });
  });

  it('opens a thread and sends the reply; an empty reply is not sent', async () => {
    let items = [message()];
    const backend = installFakeBackend(
      routeTable({
        'GET admin/messages/11': () => ok(threadView(items)),
        'POST admin/messages/11/reply': (call) => {
          const text = (call.body as { message: string }).message;
          items = [...items, message({ id: 14, sender_type: 'Admin', message: text, reply_to: 11 })];
          return ok({ message: items.at(-1) }, 201);
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inbox/11');

    expect(await screen.findByRole('heading', { level: 1, name: 'Where is my parcel?' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Messages' })).toHaveTextContent('It has been a week.');

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Write the message first.')).toBeInTheDocument();
    expect(backend.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'It left today.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your reply is sent. The buyer is notified.');
    expect(await screen.findByText('It left today.')).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { message: 'It left today.' },
    ]);
    expect(screen.getByLabelText('Your reply')).toHaveValue('');
  });

  it('opens a long thread at its newest messages', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/messages/11': (call) => {
          const page = Number(call.query.page);
          const items = [
            message({ id: page === 2 ? 30 : 11, message: page === 2 ? 'The newest one.' : 'The first one.' }),
          ];
          return ok({
            ...threadView(items),
            _meta: { totalCount: 11, currentPage: page, pageCount: 2, perPage: 10 },
          });
        },
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inbox/11');

    expect(await screen.findByText('The newest one.')).toBeInTheDocument();
    expect(backend.calls.map((call) => call.query.page)).toEqual(['1', '2']);
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('The first one.')).toBeInTheDocument();
  });

  it("shows the API's refusal of a reply", async () => {
    installFakeBackend(
      routeTable({
        'GET admin/messages/11': ok(threadView([message()])),
        'POST admin/messages/11/reply': refused(422, 'VALIDATION', 'The message is too long'),
      }),
    );
    signIn('owner');
    renderAdmin('/admin/inbox/11');
    fireEvent.change(await screen.findByLabelText('Your reply'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The message is too long');
  });

  it('starts a thread about an order with a member found through the buyer search, then opens it', async () => {
    const backend = installFakeBackend(
      routeTable({
        'GET admin/buyers': ok(listPage([buyerWithTwoOrders()])),
        'POST admin/messages': ok({ message: message({ id: 99, sender_type: 'Admin', order_id: 42 }) }, 201),
        'GET admin/messages/99': ok(threadView([message({ id: 99, sender_type: 'Admin' })])),
      }),
    );
    signIn('staff');
    renderAdmin('/admin/inbox/new');

    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the buyer first.');

    fireEvent.change(screen.getByLabelText('Find the buyer'), { target: { value: 'mona' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const choice = await screen.findByRole('radio', { name: 'Mona Haddad mona@example.com' });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(backend.calls.find((call) => call.path === 'admin/buyers')?.query).toEqual({ q: 'mona' });
    fireEvent.click(choice);
    fireEvent.change(screen.getByLabelText('About'), { target: { value: '42' } });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Your ribbon' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Red or gold?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Where is my parcel?' })).toBeInTheDocument();
    expect(backend.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { buyer_id: 7, order_id: 42, subject: 'Your ribbon', message: 'Red or gold?' },
    ]);
  });

  it("offers a new thread with the open thread's buyer already chosen", async () => {
    installFakeBackend(routeTable({ 'GET admin/messages/11': ok(threadView([message()])) }));
    signIn('staff');
    renderAdmin('/admin/inbox/11');
    fireEvent.click(await screen.findByRole('link', { name: 'New thread with this buyer' }));
    expect(await screen.findByRole('radio', { name: 'Mona Haddad mona@example.com' })).toBeChecked();
  });
});
