import { ErrorPanel, Skeleton, useDocumentTitle } from '@shop/shared';
import { DialogButton } from '@shop/shared/dialog';
import { formStyles } from '@shop/shared/form';
import { Link, useParams } from '@shop/shared/router';
import { type ReactNode, useEffect } from 'react';
import { DateTime } from '../../app/DateTime';
import { useMemberDispatch, useMemberSelector } from '../../app/hooks';
import { SectionNotFound } from '../area/SectionNotFound';
import {
  MESSAGES_TITLE,
  orderThreadTitle,
  REPLY,
  REPLY_SENT,
  SENDER_NAMES,
  THREAD_NOT_FOUND,
} from './constants';
import { LoadMoreButton } from './LoadMoreButton';
import { MessageForm } from './MessageForm';
import styles from './messages.module.css';
import { callsOf, type MessageChannel, threadKey } from './messagesApi';
import { hasMorePages, loadThread, sendReply } from './messagesSlice';
import { useMessageChannel } from './useMessageChannel';
import { useOrderNumber } from './useOrderNumber';

/**
 * /member/messages/{id} and /member/orders/messages/{orderId}/{id}: one thread, where the id is
 * the root's or any of its messages' (spec 001 §2.7).
 */
export function ThreadPage(): ReactNode {
  const channel = useMessageChannel();
  const id = Number(useParams().id);
  return channel && Number.isInteger(id) && id > 0 ? (
    <Thread channel={channel} id={id} />
  ) : (
    <SectionNotFound />
  );
}

/** The messages oldest first, each with its sender (Admin or You) and time; a reply form in a dialog. */
function Thread({ channel, id }: { channel: MessageChannel; id: number }): ReactNode {
  const dispatch = useMemberDispatch();
  const state = useMemberSelector((root) => root.messages.threads[threadKey(channel, id)]);
  const calls = callsOf(channel);
  const orderNumber = useOrderNumber(channel.orderId);
  const subject = state?.thread?.subject;
  const title = subject ? orderThreadTitle(subject, orderNumber) : MESSAGES_TITLE;
  useDocumentTitle(title);

  useEffect(() => {
    void dispatch(loadThread({ channel, id, page: 1 }));
  }, [dispatch, channel, id]);

  const back = (
    <p>
      <Link to={calls.listPath}>Back to messages</Link>
    </p>
  );
  if (!state?.thread) {
    if (state?.status === 'failed')
      return (
        <section>
          {state.httpStatus === 404 ? (
            <p>{THREAD_NOT_FOUND}</p>
          ) : (
            <ErrorPanel onRetry={() => void dispatch(loadThread({ channel, id, page: 1, retry: true }))} />
          )}
          {back}
        </section>
      );
    return <Skeleton shape="rows" label="Loading the conversation" />;
  }

  const { thread } = state;
  const send = async (input: { subject: string; message: string }) => {
    const result = await dispatch(sendReply({ channel, id: thread.id, input }));
    return sendReply.fulfilled.match(result)
      ? ({ ok: true } as const)
      : ({ ok: false, refusal: result.payload } as const);
  };

  return (
    <section aria-labelledby="thread-title">
      {back}
      <div className={styles.head}>
        <h1 id="thread-title">{title}</h1>
        <DialogButton label={REPLY} title={REPLY} className={formStyles.primary}>
          {(close) => (
            <MessageForm
              fixedSubject={thread.subject}
              submitLabel="Send reply"
              sentText={REPLY_SENT}
              send={send}
              onClose={close}
            />
          )}
        </DialogButton>
      </div>
      <ol className={styles.messages} aria-label="Messages">
        {state.items.map((message) => (
          <li
            key={message.id}
            className={message.sender_type === 'Admin' ? styles.fromShop : styles.fromMember}
          >
            <p className={styles.meta}>
              <strong>{SENDER_NAMES[message.sender_type]}</strong> · <DateTime at={message.created_time} />
            </p>
            <p className={styles.text}>{message.message}</p>
          </li>
        ))}
      </ol>
      {state.status === 'failed' ? (
        <ErrorPanel
          onRetry={() => void dispatch(loadThread({ channel, id, page: state.page + 1, retry: true }))}
        />
      ) : null}
      {hasMorePages(state) ? (
        <LoadMoreButton
          loading={state.status === 'loading'}
          onLoad={() => void dispatch(loadThread({ channel, id, page: state.page + 1 }))}
        />
      ) : null}
    </section>
  );
}
