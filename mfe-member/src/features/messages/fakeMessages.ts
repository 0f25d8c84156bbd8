/**
 * A fake `fetch` for the messages tests: the `buyer-messages/*` and `order-messages/*` routes over
 * in-memory threads, paged like the server (here 2 a page, so paging shows with few rows).
 */
import type { Message, MessageThread } from '@shop/shared';
import { type FakeRequest, installFakeFetch, ok, refused } from '../../test/fakeFetch';
import { orderDetail } from '../orders/fakeOrders';

export const PAGE_SIZE = 2;

type Call = FakeRequest & { body: { subject?: string; message?: string } | undefined };

export function message(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    buyer_id: 3,
    order_id: null,
    subject: `Subject ${id}`,
    message: `Text ${id}`,
    sender_type: 'Buyer',
    is_read: false,
    reply_to: null,
    created_time: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A thread whose root is `id` with its replies, newest last. */
export interface FakeThread {
  root: Message;
  replies: Message[];
}

const page = <T>(items: T[], number: number) => ({
  items: items.slice((number - 1) * PAGE_SIZE, number * PAGE_SIZE),
  _meta: {
    totalCount: items.length,
    currentPage: number,
    pageCount: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
    perPage: PAGE_SIZE,
  },
});

const refusal = (status: number, message: string) => refused(status, 'REFUSED', message);

/**
 * `threads` by channel key: 'general' or the order id as text. `failing`: 'METHOD path' → status.
 * `refusingFields`: 'METHOD path' → the fields a 422 names (as the server's validation does).
 */
export function installMessages(
  threads: Record<string, FakeThread[]>,
  failing: Record<string, number> = {},
  refusingFields: Record<string, Record<string, string>> = {},
) {
  let nextId = 500;

  const listOf = (key: string) => {
    threads[key] ??= [];
    return threads[key];
  };
  const asListItem = ({ root, replies }: FakeThread): MessageThread => ({
    ...root,
    last_message: replies.at(-1) ?? root,
    unread_count: [root, ...replies].filter((each) => each.sender_type === 'Admin' && !each.is_read).length,
  });
  const findThread = (key: string, id: number) =>
    listOf(key).find(({ root, replies }) => root.id === id || replies.some((reply) => reply.id === id));

  const answer = ({ method, path, query, body }: Call) => {
    const failure = failing[`${method} ${path}`];
    if (failure) return refusal(failure, 'Server trouble');
    const fields = refusingFields[`${method} ${path}`];
    if (fields) return refused(422, 'VALIDATION_FAILED', 'Please check the form.', fields);
    const number = Number(query.page ?? 1);
    // The order an order's messages belong to (their title names its number): any id is an order.
    const orderPage = path.match(/^buyer-orders\/(\d+)$/);
    if (orderPage) return ok({ order: orderDetail(Number(orderPage[1])) });
    const general = path.match(/^buyer-messages(?:\/(get-thread|send-reply)\/(\d+)|\/(send-message))?$/);
    const order = path.match(
      /^order-messages\/(get-messages|send-message|get-thread|send-reply)\/(\d+)(?:\/(\d+))?$/,
    );
    let key: string;
    let action: string;
    let id = 0;
    if (general) {
      key = 'general';
      action = general[1] ?? general[3] ?? 'get-messages';
      id = Number(general[2] ?? 0);
    } else if (order) {
      key = order[2] ?? '';
      action = order[1] ?? '';
      id = Number(order[3] ?? 0);
    } else return refusal(404, 'Not found');

    if (action === 'get-messages') return ok(page(listOf(key).map(asListItem), number));
    if (action === 'send-message') {
      const root = message(nextId++, { subject: body?.subject, message: body?.message });
      listOf(key).unshift({ root, replies: [] });
      return ok({ message: root }, 201);
    }
    const thread = findThread(key, id);
    if (!thread) return refusal(404, 'Message not found');
    if (action === 'get-thread')
      return ok({ thread: thread.root, ...page([thread.root, ...thread.replies], number) });
    const reply = message(nextId++, {
      subject: thread.root.subject,
      message: body?.message,
      reply_to: thread.root.id,
    });
    thread.replies.push(reply);
    return ok({ message: reply }, 201);
  };

  const calls = installFakeFetch((request) => answer(request as Call)) as Call[];
  return {
    calls,
    /** The requests to one 'METHOD path', with their page numbers. */
    pagesAsked: (methodAndPath: string) =>
      calls
        .filter((call) => `${call.method} ${call.path}` === methodAndPath)
        .map((call) => Number(call.query.page)),
    bodiesTo: (methodAndPath: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === methodAndPath).map((call) => call.body),
  };
}

/** `count` general threads, ids 1..count, newest activity first. */
export function threadsOf(count: number, orderId: number | null = null): FakeThread[] {
  return Array.from({ length: count }, (_, index) => ({
    root: message(index + 1, { order_id: orderId }),
    replies: [],
  }));
}
