/**
 * The messages section's routes, timers and texts (spec 001 §2.7, §4, §9). The empty text is the
 * spec's (`MESSAGES.noCommunication`); the others the spec does not word.
 */
export const MESSAGES_PATH = '/member/messages';
export const ORDER_MESSAGES_PATH = '/member/orders/messages';

/** "A 'load more' button waits 1.5 s before loading the next page." */
export const LOAD_MORE_DELAY_MS = 1500;
/** "The dialog closes after 5 s"; a failed send returns to the form after 5 s (form cycle, §4). */
export const MESSAGE_DIALOG_CLOSE_MS = 5000;
export const MESSAGE_FEEDBACK_MS = 5000;

export const MESSAGES_TITLE = 'Messages';
export const ORDER_MESSAGES_TITLE = 'Messages about order';
/** An order's messages and threads are titled with its number, once known. */
export const orderMessagesTitle = (orderNumber: string | null): string =>
  orderNumber ? `${ORDER_MESSAGES_TITLE} ${orderNumber}` : ORDER_MESSAGES_TITLE;
export const orderThreadTitle = (subject: string, orderNumber: string | null): string =>
  orderNumber ? `${subject} (order ${orderNumber})` : subject;
export const NEW_MESSAGE = 'New message';
export const REPLY = 'Reply';
export const LOAD_MORE = 'Load more';
export const MESSAGE_SENT = 'Your message is sent. We will reply as soon as we can.';
export const REPLY_SENT = 'Your reply is sent.';
export const THREAD_NOT_FOUND = 'We could not find this conversation.';
export const SENDER_NAMES = { Admin: 'Admin', Buyer: 'You' } as const;
export const ORDER_NOT_FOUND = 'We could not find this order.';
