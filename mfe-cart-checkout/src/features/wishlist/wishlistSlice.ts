import { MESSAGES } from '@shop/contract/validation/messages';
import { type ApiResult, bus, loadRemembered, mayAsk, type WishlistItem } from '@shop/shared';
import { createAsyncThunk, createSlice } from '@shop/shared/redux';
import { cartReplaced } from '../cart/cartSlice';
import { withGuestToken } from '../cart/guestCartToken';
import { wishlistApi, wishlistOwnerOf } from './wishlistApi';

export interface WishlistSliceState {
  /** null until the owner's list has loaded (or when there is no owner). */
  items: WishlistItem[] | null;
  status: 'idle' | 'loading' | 'succeeded' | 'failed';
  /** Product whose line is being changed, so only its controls are disabled. */
  pendingProductId: number | null;
  /** The last failed change, shown beside its line until the next change. */
  error: { productId: number; message: string } | null;
}

const initialState: WishlistSliceState = { items: null, status: 'idle', pendingProductId: null, error: null };

function ownerOrFail() {
  const owner = wishlistOwnerOf(bus.get('session'));
  if (!owner) throw new Error('Please Sign in or Sign up to add an item into your wishlist');
  return owner;
}

async function dataOrFail<T>(call: Promise<ApiResult<T>>): Promise<T> {
  const answer = await call;
  if (!answer.status) throw new Error(answer.error?.message ?? MESSAGES.actionFailed);
  return answer.data;
}

/** The wishlist read's name in the shared memory of failed reads: one per owner. */
const wishlistReadKey = () => `cart-checkout:wishlist:${wishlistOwnerOf(bus.get('session'))?.token ?? ''}`;

/**
 * Without an owner the list is empty: there is nobody to ask. Under the shared retry policy, as
 * the cart (cartSlice's fetchCart): `{ retry: true }` is the panel's Retry.
 */
export const fetchWishlist = createAsyncThunk(
  'wishlist/fetch',
  async (_options: { retry?: boolean } | undefined, { dispatch }) => {
    const owner = wishlistOwnerOf(bus.get('session'));
    if (!owner) return [];
    const answer = loadRemembered(wishlistReadKey(), () => wishlistApi.getItems(owner), {
      onFailedAttempt: (_failure, retrying) => {
        if (retrying) dispatch(wishlistLoadFailing());
      },
    });
    return (await dataOrFail(answer)).items;
  },
  { condition: (options) => mayAsk(wishlistReadKey(), options) },
);

export const addToWishlist = createAsyncThunk('wishlist/add', async (productId: number) => {
  const { item } = await dataOrFail(wishlistApi.add(ownerOrFail(), productId));
  return item;
});

export const removeFromWishlist = createAsyncThunk('wishlist/remove', async (productId: number) => {
  await dataOrFail(wishlistApi.remove(ownerOrFail(), productId));
  return productId;
});

/** Spec: removes from the wishlist, replaces the cart, stores a returned guest token. */
export const moveToCart = createAsyncThunk('wishlist/moveToCart', async (productId: number, { dispatch }) => {
  const owner = ownerOrFail();
  // A wishlist user's first move makes their guest cart, as a first add does: one at a time.
  const moved = await dataOrFail(
    withGuestToken(
      (token) => wishlistApi.moveToCart(owner, productId, token),
      (answer) => answer.guest_session_token,
    ),
  );
  dispatch(cartReplaced({ ...moved.cart, guest_session_token: moved.guest_session_token }));
  return productId;
});

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    /** A first attempt failed and a retry is to come: the page shows its panel meanwhile. */
    wishlistLoadFailing(state) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchWishlist.pending, (state) => {
        state.status = 'loading';
      })
      .addCase(fetchWishlist.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.items = action.payload;
      })
      .addCase(fetchWishlist.rejected, (state) => {
        state.status = 'failed';
      })
      // Spec: add appends the returned item (unless the server had it already).
      .addCase(addToWishlist.fulfilled, (state, action) => {
        state.pendingProductId = null;
        const items = state.items ?? [];
        if (!items.some((item) => item.product_id === action.payload.product_id)) {
          state.items = [action.payload, ...items];
        }
      })
      // Spec: remove filters by product; so does a move to the cart.
      .addCase(removeFromWishlist.fulfilled, (state, action) => {
        state.pendingProductId = null;
        state.items = (state.items ?? []).filter((item) => item.product_id !== action.payload);
      })
      .addCase(moveToCart.fulfilled, (state, action) => {
        state.pendingProductId = null;
        state.items = (state.items ?? []).filter((item) => item.product_id !== action.payload);
      });
    for (const thunk of [addToWishlist, removeFromWishlist, moveToCart]) {
      builder
        .addCase(thunk.pending, (state, action) => {
          state.pendingProductId = action.meta.arg;
          state.error = null;
        })
        .addCase(thunk.rejected, (state, action) => {
          state.pendingProductId = null;
          state.error = {
            productId: action.meta.arg,
            message: action.error.message ?? MESSAGES.actionFailed,
          };
        });
    }
  },
});

export const wishlistReducer = wishlistSlice.reducer;
const { wishlistLoadFailing } = wishlistSlice.actions;

/** Products in the wishlist, as the bus `wishlist` state publishes them. */
export const productIdsOf = (items: WishlistItem[] | null): number[] =>
  (items ?? []).map((i) => i.product_id);
