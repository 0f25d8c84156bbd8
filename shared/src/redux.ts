/**
 * Redux Toolkit and React Redux as every remote uses them, shared as one singleton
 * (`@shop/shared/redux`). Each remote still has its own store; what is shared is the library
 * code: the header alone mounts three remotes, and three tree-shaken copies of Redux cost twice
 * what this one does. Import Redux from here, never from the packages (lint forbids it); add an
 * export here when a remote needs more.
 */
export {
  combineSlices,
  configureStore,
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type Reducer,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
export { Provider, type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
