/**
 * `/buyer-messages/*` and `/order-messages/*` (backend/src/modules/messages): the member's
 * messages with the shop, general and per order. The shapes are in member.ts; the admin's side is
 * in admin.ts.
 */
import { Type } from '@sinclair/typebox';
import { endpoints } from '../endpoint';
import { Id } from './common';
import { Message, MessageBody, MessageThreadPage, MessageThreadView, PageQuery, ReplyBody } from './member';

export const MessageSent = Type.Object({ message: Message });
export const ThreadIdParams = Type.Object({ id: Id() });
export const OrderThreadsParams = Type.Object({ orderId: Id() });
export const OrderThreadParams = Type.Object({ orderId: Id(), messageId: Id() });

export const messagesEndpoints = endpoints({
  'GET buyer-messages': {
    summary: 'General threads, newest activity first (an empty page: No communication found)',
    querystring: PageQuery,
    response: MessageThreadPage,
  },
  'POST buyer-messages/send-message': {
    summary: 'Start a general thread',
    body: MessageBody,
    response: MessageSent,
    created: true,
  },
  'GET buyer-messages/get-thread/:id': {
    summary: "A general thread by its root's or any of its messages' id; marks the shop's messages read",
    params: ThreadIdParams,
    querystring: PageQuery,
    response: MessageThreadView,
  },
  'POST buyer-messages/send-reply/:id': {
    summary: "Reply in a general thread (the thread's subject is kept)",
    params: ThreadIdParams,
    body: ReplyBody,
    response: MessageSent,
    created: true,
  },
  'GET order-messages/get-messages/:orderId': {
    summary: "One of the member's orders' threads (404 for anybody else's order)",
    params: OrderThreadsParams,
    querystring: PageQuery,
    response: MessageThreadPage,
  },
  'POST order-messages/send-message/:orderId': {
    summary: 'Start a thread about an order',
    params: OrderThreadsParams,
    body: MessageBody,
    response: MessageSent,
    created: true,
  },
  'GET order-messages/get-thread/:orderId/:messageId': {
    summary: "An order's thread; marks the shop's messages read",
    params: OrderThreadParams,
    querystring: PageQuery,
    response: MessageThreadView,
  },
  'POST order-messages/send-reply/:orderId/:messageId': {
    summary: "Reply in an order's thread (the thread's subject is kept)",
    params: OrderThreadParams,
    body: ReplyBody,
    response: MessageSent,
    created: true,
  },
});
