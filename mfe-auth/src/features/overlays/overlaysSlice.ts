import { createSlice, type PayloadAction } from '@shop/shared/redux';

/** The popups of the auth remote; one at a time. */
export type AuthDialog = 'signIn' | 'signUp' | 'wishlistEmail';

export interface OverlaysState {
  dialog: AuthDialog | null;
}

const initialState: OverlaysState = { dialog: null };

const overlaysSlice = createSlice({
  name: 'overlays',
  initialState,
  reducers: {
    openDialog(state, action: PayloadAction<AuthDialog>) {
      state.dialog = action.payload;
    },
    closeDialog(state) {
      state.dialog = null;
    },
  },
});

export const { openDialog, closeDialog } = overlaysSlice.actions;
export const overlaysReducer = overlaysSlice.reducer;
