import type { ApiResult, Cart } from '@shop/shared';
import { bus } from '@shop/shared';
import { createAsyncThunk, createSlice, type PayloadAction } from '@shop/shared/redux';
import { GENERIC_ACTION_ERROR } from '../../constants';
import { cartApi } from './cartApi';

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

const guestToken = () => bus.get('session').guestSessionToken;

/** A failed call rejects the thunk; its message is the server's reason or the generic one. */
async function cartOrFail(call: Promise<ApiResult<Cart>>): Promise<Cart> {
  const answer = await call;
  if (!answer.status) throw new Error(answer.error?.message ?? GENERIC_ACTION_ERROR);
  return answer.data;
}

export const fetchCart = createAsyncThunk('cart/fetch', () => cartOrFail(cartApi.getItems(guestToken())));

export const addToCart = createAsyncThunk('cart/add', (args: { productId: number; quantity: number }) =>
  cartOrFail(
    cartApi.add({
      product_id: args.productId,
      quantity: args.quantity,
      guest_session_token: guestToken(),
      selected_currency_code: bus.get('currency')?.code,
    }),
  ),
);

export const removeItem = createAsyncThunk('cart/remove', (itemId: number) =>
  cartOrFail(cartApi.remove(itemId, guestToken())),
);

export const updateQuantity = createAsyncThunk(
  'cart/updateQuantity',
  (args: { itemId: number; quantity: number }) =>
    cartOrFail(cartApi.updateQuantity(args.itemId, args.quantity, guestToken())),
);

export const changeCurrency = createAsyncThunk('cart/changeCurrency', (currencyCode: string) =>
  cartOrFail(cartApi.changeCurrency(currencyCode, guestToken())),
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
            message: action.error.message ?? GENERIC_ACTION_ERROR,
          };
        }
        state.pendingItemId = null;
      });
    }
  },
});

export const { setOverlayOpen, cartReplaced, lineErrorCleared } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
