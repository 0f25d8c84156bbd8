import { MESSAGES } from '@shop/contract/validation/messages';
import { ErrorPanel, Skeleton, useDocumentTitle } from '@shop/shared';
import { DialogButton } from '@shop/shared/dialog';
import { formStyles } from '@shop/shared/form';
import { Link } from '@shop/shared/router';
import { type ReactNode, useEffect } from 'react';
import { DateTime } from '../../app/DateTime';
import { useMemberDispatch, useMemberSelector } from '../../app/hooks';
import { SectionNotFound } from '../area/SectionNotFound';
import { MESSAGE_SENT, MESSAGES_TITLE, NEW_MESSAGE, ORDER_NOT_FOUND, orderMessagesTitle } from './constants';
import { LoadMoreButton } from './LoadMoreButton';
import { MessageForm } from './MessageForm';
import styles from './messages.module.css';
import { callsOf, channelKey, type MessageChannel } from './messagesApi';
import { hasMorePages, loadThreads, sendMessage } from './messagesSlice';
import { useMessageChannel } from './useMessageChannel';
import { useOrderNumber } from './useOrderNumber';

/** /member/messages and /member/orders/messages/{orderId}: one page for both families. */
export function MessagesPage(): ReactNode {
  const channel = useMessageChannel();
  return channel ? <ThreadList channel={channel} /> : <SectionNotFound />;
}

/**
 * A channel's threads, newest activity first (spec 001 §2.7, §4): subject, latest message, its
 * time and an unread marker; 'Load more' until the last page; 'New message' in a dialog, after
 * which the list starts again from page 1.
 */
function ThreadList({ channel }: { channel: MessageChannel }): ReactNode {
  const orderNumber = useOrderNumber(channel.orderId);
  const title = channel.orderId === null ? MESSAGES_TITLE : orderMessagesTitle(orderNumber);
  useDocumentTitle(title);
  const dispatch = useMemberDispatch();
  const list = useMemberSelector((state) => state.messages.lists[channelKey(channel)]);
  const calls = callsOf(channel);

  useEffect(() => {
    void dispatch(loadThreads({ channel, page: 1 }));
  }, [dispatch, channel]);

  const send = async (input: { subject: string; message: string }) => {
    const result = await dispatch(sendMessage({ channel, input }));
    return sendMessage.fulfilled.match(result)
      ? ({ ok: true } as const)
      : ({ ok: false, refusal: result.payload } as const);
  };

  const loaded = list && list.page > 0;
  let body: ReactNode;
  if (!loaded && list?.status === 'failed')
    body =
      list.httpStatus === 404 ? (
        <p>{ORDER_NOT_FOUND}</p>
      ) : (
        <ErrorPanel onRetry={() => void dispatch(loadThreads({ channel, page: 1, retry: true }))} />
      );
  else if (!loaded) body = <Skeleton shape="rows" label="Loading your messages" />;
  else if (list.items.length === 0) body = <p>{MESSAGES.noCommunication}</p>;
  else
    body = (
      <ul className={styles.threads} aria-label={title}>
        {list.items.map((thread) => (
          <li key={thread.id} className={styles.thread}>
            <p className={styles.subject}>
              <Link to={calls.threadPath(thread.id)}>{thread.subject}</Link>
              {thread.unread_count > 0 ? (
                <span className={styles.unread}>{thread.unread_count} unread</span>
              ) : null}
            </p>
            <p className={styles.preview}>{thread.last_message.message}</p>
            <p className={styles.meta}>
              <DateTime at={thread.last_message.created_time} />
            </p>
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="messages-title">
      <div className={styles.head}>
        <h1 id="messages-title">{title}</h1>
        {loaded || channel.orderId === null ? (
          <DialogButton label={NEW_MESSAGE} title={NEW_MESSAGE} className={formStyles.primary}>
            {(close) => (
              <MessageForm submitLabel="Send" sentText={MESSAGE_SENT} send={send} onClose={close} />
            )}
          </DialogButton>
        ) : null}
      </div>
      {body}
      {loaded && list.status === 'failed' ? (
        <ErrorPanel
          onRetry={() => void dispatch(loadThreads({ channel, page: list.page + 1, retry: true }))}
        />
      ) : null}
      {loaded && hasMorePages(list) ? (
        <LoadMoreButton
          loading={list.status === 'loading'}
          onLoad={() => void dispatch(loadThreads({ channel, page: list.page + 1 }))}
        />
      ) : null}
    </section>
  );
}
