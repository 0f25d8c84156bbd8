import {
  type ApiResult,
  api,
  type Message,
  type MessageThreadPage,
  type MessageThreadView,
} from '@shop/shared';
import { MESSAGES_PATH, ORDER_MESSAGES_PATH } from './constants';

/** What the message form gives; a new message sends both, a reply sends `message` alone. */
export interface MessageInput {
  subject: string;
  message: string;
}

/**
 * Where a conversation lives: the general family (`buyer-messages/*`, orderId null) or one
 * order's (`order-messages/*`). Plain data, so thunks and keys can carry it.
 */
export interface MessageChannel {
  orderId: number | null;
}

export const GENERAL_CHANNEL: MessageChannel = { orderId: null };

/** The four calls of one family of spec 001 §7, and the member-area paths that show it. */
export interface MessageCalls {
  threads(page: number): Promise<ApiResult<MessageThreadPage>>;
  send(input: MessageInput): Promise<ApiResult<{ message: Message }>>;
  thread(id: number, page: number): Promise<ApiResult<MessageThreadView>>;
  reply(id: number, input: MessageInput): Promise<ApiResult<{ message: Message }>>;
  listPath: string;
  threadPath(id: number): string;
}

const generalCalls: MessageCalls = {
  threads: (page) => api.get('buyer-messages', { query: { page } }),
  send: (input) => api.post('buyer-messages/send-message', input),
  thread: (id, page) => api.get('buyer-messages/get-thread/:id', { params: { id }, query: { page } }),
  reply: (id, input) => api.post('buyer-messages/send-reply/:id', input, { params: { id } }),
  listPath: MESSAGES_PATH,
  threadPath: (id) => `${MESSAGES_PATH}/${id}`,
};

function orderCalls(orderId: number): MessageCalls {
  return {
    threads: (page) =>
      api.get('order-messages/get-messages/:orderId', { params: { orderId }, query: { page } }),
    send: (input) => api.post('order-messages/send-message/:orderId', input, { params: { orderId } }),
    thread: (id, page) =>
      api.get('order-messages/get-thread/:orderId/:messageId', {
        params: { orderId, messageId: id },
        query: { page },
      }),
    reply: (id, input) =>
      api.post('order-messages/send-reply/:orderId/:messageId', input, {
        params: { orderId, messageId: id },
      }),
    listPath: `${ORDER_MESSAGES_PATH}/${orderId}`,
    threadPath: (id) => `${ORDER_MESSAGES_PATH}/${orderId}/${id}`,
  };
}

export const callsOf = (channel: MessageChannel): MessageCalls =>
  channel.orderId === null ? generalCalls : orderCalls(channel.orderId);

/** The store's key of a channel's list ('general', 'order-12'). */
export const channelKey = (channel: MessageChannel): string =>
  channel.orderId === null ? 'general' : `order-${channel.orderId}`;

/** The store's key of one thread of a channel ('general/5', 'order-12/7'). */
export const threadKey = (channel: MessageChannel, id: number): string => `${channelKey(channel)}/${id}`;
