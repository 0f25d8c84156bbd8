import { loadRemembered, type Message, type MessageThread, mayAsk } from '@shop/shared';
import { type Refusal, refusalOf } from '@shop/shared/form';
import { createAsyncThunk, createSlice, type PayloadAction } from '@shop/shared/redux';
import { callsOf, channelKey, type MessageChannel, type MessageInput, threadKey } from './messagesApi';

/** A list read page by page: the pages loaded so far, appended in order. */
export interface PagedMessages<T> {
  items: T[];
  /** The last page loaded (0 before the first answer). */
  page: number;
  pageCount: number;
  status: 'loading' | 'succeeded' | 'failed';
  /** Of the last failure: 404 is "not yours / not there", anything else the error panel. */
  httpStatus: number | null;
}

export interface ThreadState extends PagedMessages<Message> {
  /** The thread's root: its subject is the reply's, fixed. */
  thread: Message | null;
}

export interface MessagesState {
  /** Thread lists by channel ('general', 'order-12'). */
  lists: Record<string, PagedMessages<MessageThread>>;
  /** Threads by channel and id ('general/5'). */
  threads: Record<string, ThreadState>;
}

const initialState: MessagesState = { lists: {}, threads: {} };

const emptyPage = { items: [], page: 0, pageCount: 0, status: 'loading', httpStatus: null } as const;

/** Page 1 replaces what was shown (a reset); a later page appends, skipping any already shown. */
function merged<T extends { id: number }>(shown: T[], page: number, arrived: T[]): T[] {
  if (page === 1) return arrived;
  const ids = new Set(shown.map((item) => item.id));
  return [...shown, ...arrived.filter((item) => !ids.has(item.id))];
}

interface PageArgs {
  channel: MessageChannel;
  page: number;
  /** The error panel's Retry: asks again whatever the cooldown of a failure. */
  retry?: boolean;
}

/** A page read's name in the shared memory of failed reads. */
const listRead = ({ channel, page }: PageArgs) => `member:threads:${channelKey(channel)}:${page}`;
const threadRead = ({ channel, id, page }: PageArgs & { id: number }) =>
  `member:thread:${threadKey(channel, id)}:${page}`;

/**
 * Pages of threads and of messages, under the shared retry policy: the panel shows at the first
 * failure while the automatic retries go on; within the cooldown of a failure a page opened again
 * asks nothing, unless the shopper presses Retry.
 */
export const loadThreads = createAsyncThunk(
  'messages/loadThreads',
  async (args: PageArgs, { dispatch, rejectWithValue }) => {
    const key = channelKey(args.channel);
    const answer = await loadRemembered(listRead(args), () => callsOf(args.channel).threads(args.page), {
      onFailedAttempt: ({ httpStatus }, retrying) => {
        if (retrying) dispatch(loadFailing({ of: 'lists', key, httpStatus }));
      },
    });
    return answer.status ? answer.data : rejectWithValue(answer.httpStatus);
  },
  { condition: (args) => mayAsk(listRead(args), args) },
);

export const loadThread = createAsyncThunk(
  'messages/loadThread',
  async (args: PageArgs & { id: number }, { dispatch, rejectWithValue }) => {
    const key = threadKey(args.channel, args.id);
    const answer = await loadRemembered(
      threadRead(args),
      () => callsOf(args.channel).thread(args.id, args.page),
      {
        onFailedAttempt: ({ httpStatus }, retrying) => {
          if (retrying) dispatch(loadFailing({ of: 'threads', key, httpStatus }));
        },
      },
    );
    return answer.status ? answer.data : rejectWithValue(answer.httpStatus);
  },
  { condition: (args) => mayAsk(threadRead(args), args) },
);

/** A new thread: on success the channel's list is reset to page 1 and reloaded (spec 001 §4). */
export const sendMessage = createAsyncThunk<
  Message,
  { channel: MessageChannel; input: MessageInput },
  { rejectValue: Refusal }
>('messages/send', async ({ channel, input }, { dispatch, rejectWithValue }) => {
  const answer = await callsOf(channel).send(input);
  if (!answer.status) return rejectWithValue(refusalOf(answer));
  void dispatch(loadThreads({ channel, page: 1 }));
  return answer.data.message;
});

/** A reply: on success the thread is reset to page 1 and reloaded, as the list is after a send. */
export const sendReply = createAsyncThunk<
  Message,
  { channel: MessageChannel; id: number; input: MessageInput },
  { rejectValue: Refusal }
>('messages/reply', async ({ channel, id, input }, { dispatch, rejectWithValue }) => {
  const answer = await callsOf(channel).reply(id, input);
  if (!answer.status) return rejectWithValue(refusalOf(answer));
  void dispatch(loadThread({ channel, id, page: 1 }));
  return answer.data.message;
});

const slice = createSlice({
  name: 'messages',
  initialState,
  reducers: {
    /** A first attempt failed and a retry is to come: the page shows its panel meanwhile. */
    loadFailing(state, action: PayloadAction<{ of: 'lists' | 'threads'; key: string; httpStatus: number }>) {
      const { of, key, httpStatus } = action.payload;
      const entry = state[of][key];
      if (!entry) return;
      entry.status = 'failed';
      entry.httpStatus = httpStatus;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadThreads.pending, (state, action) => {
        const key = channelKey(action.meta.arg.channel);
        const list = state.lists[key] ?? { ...emptyPage, items: [] };
        state.lists[key] = { ...list, status: 'loading', httpStatus: null };
      })
      .addCase(loadThreads.fulfilled, (state, action) => {
        const key = channelKey(action.meta.arg.channel);
        const { page } = action.meta.arg;
        state.lists[key] = {
          items: merged(state.lists[key]?.items ?? [], page, action.payload.items),
          page,
          pageCount: action.payload._meta.pageCount,
          status: 'succeeded',
          httpStatus: null,
        };
      })
      .addCase(loadThreads.rejected, (state, action) => {
        const list = state.lists[channelKey(action.meta.arg.channel)];
        if (!list) return;
        list.status = 'failed';
        list.httpStatus = typeof action.payload === 'number' ? action.payload : 0;
      })
      .addCase(loadThread.pending, (state, action) => {
        const { channel, id } = action.meta.arg;
        const key = threadKey(channel, id);
        const thread = state.threads[key] ?? { ...emptyPage, items: [], thread: null };
        state.threads[key] = { ...thread, status: 'loading', httpStatus: null };
      })
      .addCase(loadThread.fulfilled, (state, action) => {
        const { channel, id, page } = action.meta.arg;
        const key = threadKey(channel, id);
        state.threads[key] = {
          thread: action.payload.thread,
          items: merged(state.threads[key]?.items ?? [], page, action.payload.items),
          page,
          pageCount: action.payload._meta.pageCount,
          status: 'succeeded',
          httpStatus: null,
        };
      })
      .addCase(loadThread.rejected, (state, action) => {
        const { channel, id } = action.meta.arg;
        const thread = state.threads[threadKey(channel, id)];
        if (!thread) return;
        thread.status = 'failed';
        thread.httpStatus = typeof action.payload === 'number' ? action.payload : 0;
      });
  },
});

export const messagesReducer = slice.reducer;
const { loadFailing } = slice.actions;

/** Whether a further page exists: 'Load more' is offered until the last page (spec 001 §4). */
export const hasMorePages = (list: { page: number; pageCount: number }): boolean =>
  list.page > 0 && list.page < list.pageCount;
