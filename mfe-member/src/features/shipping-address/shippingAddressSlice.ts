import { loadRemembered, mayAsk, type ShippingAddress, type ShippingAddressInput } from '@shop/shared';
import { ADDRESS_FEEDBACK_MS, type Refusal, refusalOf } from '@shop/shared/form';
import { createAsyncThunk, createSlice, type PayloadAction } from '@shop/shared/redux';
import { ADDRESS_ADDED, ADDRESS_DELETED, ADDRESS_UPDATED, PRIMARY_CHANGED } from './constants';
import { shippingAddressApi } from './shippingAddressApi';

/** What a save or an action did, shown above the list until it clears (4 s, spec 001 §4). */
export interface AddressNotice {
  id: number;
  ok: boolean;
  message: string;
}

export interface ShippingAddressState {
  /** null until the list has loaded once. */
  items: ShippingAddress[] | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  notice: AddressNotice | null;
}

const initialState: ShippingAddressState = { items: null, status: 'idle', notice: null };

const slice = createSlice({
  name: 'shippingAddress',
  initialState,
  reducers: {
    noticeShown(state, action: PayloadAction<AddressNotice>) {
      state.notice = action.payload;
    },
    /** A first attempt failed and a retry is to come: the page shows its panel meanwhile. */
    addressesLoadFailing(state) {
      state.status = 'failed';
    },
    noticeCleared(state, action: PayloadAction<number>) {
      if (state.notice?.id === action.payload) state.notice = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadAddresses.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(loadAddresses.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.items = action.payload;
      })
      .addCase(loadAddresses.rejected, (state) => {
        state.status = 'failed';
      })
      .addCase(makePrimary.fulfilled, (state, action) => {
        state.items = action.payload;
      })
      .addCase(deleteAddress.fulfilled, (state, action) => {
        state.items = action.payload;
      });
  },
});

export const shippingAddressReducer = slice.reducer;
const { noticeShown, noticeCleared, addressesLoadFailing } = slice.actions;

let lastNoticeId = 0;

/** Shows a notice and clears it after 4 s, unless a newer one took its place (spec 001 §4, §9). */
export const announce = createAsyncThunk(
  'shippingAddress/announce',
  (outcome: Omit<AddressNotice, 'id'>, { dispatch }) => {
    const id = ++lastNoticeId;
    dispatch(noticeShown({ id, ...outcome }));
    setTimeout(() => dispatch(noticeCleared(id)), ADDRESS_FEEDBACK_MS);
  },
);

/** The list read's name in the shared memory of failed reads. */
const ADDRESSES_READ = 'member:addresses';

/**
 * The list, under the shared retry policy: the panel shows at the first failure while the
 * automatic retries go on; within the cooldown of a failure the page opened again asks nothing,
 * unless the shopper presses Retry (`{ retry: true }`).
 */
export const loadAddresses = createAsyncThunk<
  ShippingAddress[],
  { retry?: boolean } | undefined,
  { rejectValue: Refusal }
>(
  'shippingAddress/load',
  async (_options, { dispatch, rejectWithValue }) => {
    const answer = await loadRemembered(ADDRESSES_READ, () => shippingAddressApi.list(), {
      onFailedAttempt: (_failure, retrying) => {
        if (retrying) dispatch(addressesLoadFailing());
      },
    });
    return answer.status ? answer.data.items : rejectWithValue(refusalOf(answer));
  },
  { condition: (options) => mayAsk(ADDRESSES_READ, options) },
);

/**
 * The list-changing actions answer the list as it now is (the others lost the primary flag, a
 * deleted primary passed on), so that answer replaces the list: no second request.
 */
function listAction(name: string, send: typeof shippingAddressApi.remove, done: string) {
  return createAsyncThunk<ShippingAddress[], number, { rejectValue: Refusal }>(
    `shippingAddress/${name}`,
    async (id, { dispatch, rejectWithValue }) => {
      const answer = await send(id);
      if (!answer.status) {
        const refusal = refusalOf(answer);
        dispatch(announce({ ok: false, message: refusal.message }));
        return rejectWithValue(refusal);
      }
      dispatch(announce({ ok: true, message: done }));
      return answer.data.items;
    },
  );
}

export const makePrimary = listAction('makePrimary', shippingAddressApi.makePrimary, PRIMARY_CHANGED);
export const deleteAddress = listAction('delete', shippingAddressApi.remove, ADDRESS_DELETED);

/**
 * Saves a new address (id null) or changes one. On success the list is fetched again (a new
 * primary clears the others) and the notice says so; a refusal goes back to the form.
 */
export const saveAddress = createAsyncThunk<
  ShippingAddress,
  { id: number | null; address: ShippingAddressInput },
  { rejectValue: Refusal }
>('shippingAddress/save', async ({ id, address }, { dispatch, rejectWithValue }) => {
  const answer =
    id === null ? await shippingAddressApi.create(address) : await shippingAddressApi.update(id, address);
  if (!answer.status) return rejectWithValue(refusalOf(answer));
  dispatch(announce({ ok: true, message: id === null ? ADDRESS_ADDED : ADDRESS_UPDATED }));
  // The list as the save left it, whatever an earlier failure of the list said.
  void dispatch(loadAddresses({ retry: true }));
  return answer.data.item;
});
