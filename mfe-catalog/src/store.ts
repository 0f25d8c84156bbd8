import { configureStore } from '@shop/shared/redux';
import { catalogApi } from './api';

/** This remote's own store; stores are never shared across remotes. */
export const store = configureStore({
  reducer: { [catalogApi.reducerPath]: catalogApi.reducer },
  middleware: (getDefault) => getDefault().concat(catalogApi.middleware),
});
