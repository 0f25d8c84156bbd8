import { MESSAGES } from '@shop/contract/validation/messages';
import type { ApiResult, Cart } from '@shop/shared';
import { bus, loadRemembered, mayAsk } from '@shop/shared';
import { createAsyncThunk, createSlice, type PayloadAction } from '@shop/shared/redux';
import { cartApi } from './cartApi';
import { withGuestToken } from './guestCartToken';

export interface CartSliceState {
  cart: Cart | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** id of the line being changed, so only its controls are disabled */
  pendingItemId: number | null;
  overlayOpen: boolean;
  /** Why the last change of a line failed (e.g. past the stock), shown by that line for 5 s. */
  lineError: { itemId: number; message: string } | null;
}

const initialState: CartSliceState = {
  cart: null,
  status: 'idle',
  pendingItemId: null,
  overlayOpen: false,
  lineError: null,
};

/** A failed call rejects the thunk; its message is the server's reason or the generic one. */
async function cartOrFail(call: Promise<ApiResult<Cart>>): Promise<Cart> {
  const answer = await call;
  if (!answer.status) throw new Error(answer.error?.message ?? MESSAGES.actionFailed);
  return answer.data;
}

/**
 * Changes of the cart in flight together (a burst of adds). Each answer is the whole cart as that
 * change left it, and they may arrive in another order than the server applied them: once the last
 * of such a burst settles, the cart is read again, so what shows is what the server holds.
 */
let changesInFlight = 0;
let changesOverlapped = false;

async function changeCart(
  dispatch: (action: ReturnType<typeof fetchCart>) => unknown,
  call: Promise<ApiResult<Cart>>,
): Promise<Cart> {
  changesInFlight += 1;
  if (changesInFlight > 1) changesOverlapped = true;
  try {
    return await cartOrFail(call);
  } finally {
    changesInFlight -= 1;
    if (changesInFlight === 0 && changesOverlapped) {
      changesOverlapped = false;
      dispatch(fetchCart());
    }
  }
}

/** The cart read's name in the shared memory of failed reads: one per cart owner. */
const cartReadKey = () => {
  const session = bus.get('session');
  return `cart-checkout:cart:${session.user?.token ?? session.guestSessionToken ?? ''}`;
};

/**
 * The cart, under the shared retry policy: the page shows its panel at the first failure while
 * the automatic retries go on; within the cooldown of a failure it is not asked again (a page
 * opened again, the owner's refresh) unless the shopper presses Retry (`{ retry: true }`).
 */
export const fetchCart = createAsyncThunk(
  'cart/fetch',
  (_options: { retry?: boolean } | undefined, { dispatch }) =>
    cartOrFail(
      loadRemembered(cartReadKey(), () => withGuestToken((token) => cartApi.getItems(token)), {
        onFailedAttempt: (_answer, retrying) => {
          if (retrying) dispatch(cartLoadFailing());
        },
      }),
    ),
  { condition: (options) => mayAsk(cartReadKey(), options) },
);

export const addToCart = createAsyncThunk(
  'cart/add',
  (args: { productId: number; quantity: number }, { dispatch }) =>
    changeCart(
      dispatch,
      withGuestToken(
        (token) =>
          cartApi.add({
            product_id: args.productId,
            quantity: args.quantity,
            guest_session_token: token,
            selected_currency_code: bus.get('currency')?.code,
          }),
        // The first add of a visitor makes their cart: its answer carries the token.
        (cart) => cart.guest_session_token,
      ),
    ),
);

export const removeItem = createAsyncThunk('cart/remove', (itemId: number, { dispatch }) =>
  changeCart(
    dispatch,
    withGuestToken((token) => cartApi.remove(itemId, token)),
  ),
);

export const updateQuantity = createAsyncThunk(
  'cart/updateQuantity',
  (args: { itemId: number; quantity: number }, { dispatch }) =>
    changeCart(
      dispatch,
      withGuestToken((token) => cartApi.updateQuantity(args.itemId, args.quantity, token)),
    ),
);

export const changeCurrency = createAsyncThunk('cart/changeCurrency', (currencyCode: string, { dispatch }) =>
  changeCart(
    dispatch,
    withGuestToken((token) => cartApi.changeCurrency(currencyCode, token)),
  ),
);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    setOverlayOpen(state, action: PayloadAction<boolean>) {
      state.overlayOpen = action.payload;
    },
    /**
     * A cart answered earlier and applied later: the customization and packaging dialogs keep the
     * cart their save returned and apply it 5 s after the success text, or when they close.
     */
    lineErrorCleared(state) {
      state.lineError = null;
    },
    /** A first attempt failed and a retry is to come: the page shows its panel meanwhile. */
    cartLoadFailing(state) {
      state.status = 'failed';
    },
    cartReplaced(state, action: PayloadAction<Cart>) {
      state.cart = action.payload;
      state.status = 'succeeded';
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [fetchCart, addToCart, removeItem, updateQuantity, changeCurrency]) {
      builder.addCase(thunk.pending, (state, action) => {
        state.status = 'loading';
        const arg: unknown = action.meta.arg;
        state.pendingItemId =
          typeof arg === 'number' ? arg : ((arg as { itemId?: number } | undefined)?.itemId ?? null);
        state.lineError = null;
      });
      // Every successful cart call answers with the whole cart, which replaces ours.
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.cart = action.payload;
        state.pendingItemId = null;
      });
      builder.addCase(thunk.rejected, (state, action) => {
        // A refused change leaves the cart as it was: only a failed first load is a failed page.
        state.status = 'failed';
        if (state.pendingItemId !== null) {
          state.lineError = {
            itemId: state.pendingItemId,
            message: action.error.message ?? MESSAGES.actionFailed,
          };
        }
        state.pendingItemId = null;
      });
    }
  },
});

export const { setOverlayOpen, cartReplaced, lineErrorCleared, cartLoadFailing } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
