import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderMemberArea } from '../../test/fakeBackend';
import { installMessages, message, threadsOf } from './fakeMessages';

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const subjects = () =>
  within(screen.getByRole('list', { name: /Messages/ }))
    .getAllByRole('link')
    .map((link) => link.textContent);

afterEach(() => {
  jest.useRealTimers();
});

describe('/member/messages', () => {
  it("says 'No communication found between you and admin' when there is no thread", async () => {
    installMessages({ general: [] });
    renderMemberArea('/member/messages');
    expect(await screen.findByText('No communication found between you and admin')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('lists each thread with its subject, last message and an unread marker, linking to the thread', async () => {
    installMessages({
      general: [
        {
          root: message(1, { subject: 'Where is my gift?' }),
          replies: [message(2, { sender_type: 'Admin', message: 'On its way', reply_to: 1 })],
        },
      ],
    });
    renderMemberArea('/member/messages');
    const link = await screen.findByRole('link', { name: 'Where is my gift?' });
    expect(link).toHaveAttribute('href', '/member/messages/1');
    const row = link.closest('li') as HTMLElement;
    expect(row).toHaveTextContent('On its way');
    expect(row).toHaveTextContent('1 unread');
    expect(row.querySelector('time')).toHaveAttribute('dateTime', '2025-03-01T10:00:00.000Z');
  });

  it("'Load more' waits 1.5 s, loads the next page, and is offered until the last page", async () => {
    jest.useFakeTimers();
    const backend = installMessages({ general: threadsOf(5) });
    renderMemberArea('/member/messages');
    await screen.findByRole('link', { name: 'Subject 2' });
    expect(subjects()).toEqual(['Subject 1', 'Subject 2']);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    act(() => jest.advanceTimersByTime(1499));
    expect(backend.pagesAsked('GET buyer-messages')).toEqual([1]);
    act(() => jest.advanceTimersByTime(1));
    await screen.findByRole('link', { name: 'Subject 4' });
    expect(backend.pagesAsked('GET buyer-messages')).toEqual([1, 2]);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    act(() => jest.advanceTimersByTime(1500));
    await screen.findByRole('link', { name: 'Subject 5' });
    expect(subjects()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends a new message (subject and message required), resets the list to page 1 and closes the dialog after 5 s', async () => {
    jest.useFakeTimers();
    const backend = installMessages({ general: threadsOf(3) });
    renderMemberArea('/member/messages');
    await screen.findByRole('link', { name: 'Subject 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    act(() => jest.advanceTimersByTime(1500));
    await screen.findByRole('link', { name: 'Subject 3' });

    fireEvent.click(screen.getByRole('button', { name: 'New message' }));
    const dialog = screen.getByRole('dialog', { name: 'New message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Please enter the subject')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter your message')).toBeInTheDocument();

    type(dialog, 'Subject *', 'Gift wrap question');
    type(dialog, 'Message *', 'Can you wrap it in blue?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your message is sent.');
    expect(backend.bodiesTo('POST buyer-messages/send-message')).toEqual([
      { subject: 'Gift wrap question', message: 'Can you wrap it in blue?' },
    ]);
    await waitFor(() => expect(subjects()).toEqual(['Gift wrap question', 'Subject 1']));
    expect(backend.pagesAsked('GET buyer-messages')).toEqual([1, 2, 1]);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refusal the server words for a field once, at that field', async () => {
    installMessages({ general: [] }, {}, { 'POST buyer-messages/send-message': { message: 'Too long' } });
    renderMemberArea('/member/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = screen.getByRole('dialog', { name: 'New message' });
    type(dialog, 'Subject *', 'Hello');
    type(dialog, 'Message *', 'A long story');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Too long')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Please check the form/)).not.toBeInTheDocument();
  });

  it('shows a failed send for 5 s, then the form is back as it was', async () => {
    jest.useFakeTimers();
    installMessages({ general: [] }, { 'POST buyer-messages/send-message': 500 });
    renderMemberArea('/member/messages');
    fireEvent.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = screen.getByRole('dialog');
    type(dialog, 'Subject *', 'Hello');
    type(dialog, 'Message *', 'Anyone there?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Action failed, please try again later.',
    );
    act(() => jest.advanceTimersByTime(5000));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Subject *')).toHaveValue('Hello');
  });
});

describe('/member/messages/{id}', () => {
  const conversation = () => ({
    general: [
      {
        root: message(7, { subject: 'Card text' }),
        replies: [
          message(8, { sender_type: 'Admin', message: 'Which card?', reply_to: 7 }),
          message(9, { message: 'The blue one', reply_to: 7 }),
        ],
      },
    ],
  });

  it('shows the messages oldest first with the sender (Admin or You), and loads more after 1.5 s', async () => {
    jest.useFakeTimers();
    installMessages(conversation());
    renderMemberArea('/member/messages/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Card text' })).toBeInTheDocument();
    const items = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(items().map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You · .*Text 7$/),
      expect.stringMatching(/^Admin · .*Which card\?$/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    act(() => jest.advanceTimersByTime(1500));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items()[2]).toHaveTextContent('The blue one');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("replies with the thread's subject, fixed and read-only", async () => {
    const backend = installMessages(conversation());
    renderMemberArea('/member/messages/7');
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = screen.getByRole('dialog', { name: 'Reply' });
    const subject = within(dialog).getByLabelText('Subject *');
    expect(subject).toHaveValue('Card text');
    expect(subject).toHaveAttribute('readonly');
    type(dialog, 'Message *', 'Thanks!');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Your reply is sent.');
    expect(backend.bodiesTo('POST buyer-messages/send-reply/7')).toEqual([
      { subject: 'Card text', message: 'Thanks!' },
    ]);
    expect(backend.pagesAsked('GET buyer-messages/get-thread/7')).toEqual([1, 1]);
  });
});

describe('/member/orders/messages/{id}', () => {
  it("lists the order's threads through order-messages/* and links to /member/orders/messages/{orderid}/{id}", async () => {
    const backend = installMessages({ '12': threadsOf(1, 12) });
    renderMemberArea('/member/orders/messages/12');
    const link = await screen.findByRole('link', { name: 'Subject 1' });
    expect(link).toHaveAttribute('href', '/member/orders/messages/12/1');
    expect(backend.pagesAsked('GET order-messages/get-messages/12')).toEqual([1]);
    // Titled with the order's number, not its id in the address.
    const listTitle = 'Messages about order GS-2611-0000412';
    expect(await screen.findByRole('heading', { level: 1, name: listTitle })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(listTitle));

    fireEvent.click(link);
    const threadTitle = 'Subject 1 (order GS-2611-0000412)';
    expect(await screen.findByRole('heading', { level: 1, name: threadTitle })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(threadTitle));
    expect(backend.pagesAsked('GET order-messages/get-thread/12/1')).toEqual([1]);
    expect(screen.getByRole('link', { name: 'Back to messages' })).toHaveAttribute(
      'href',
      '/member/orders/messages/12',
    );
  });

  it("says 'No communication found between you and admin' for an order without messages", async () => {
    installMessages({ '12': [] });
    renderMemberArea('/member/orders/messages/12');
    expect(await screen.findByText('No communication found between you and admin')).toBeInTheDocument();
  });
});
