import { type TypedUseSelectorHook, useDispatch, useSelector } from '@shop/shared/redux';
import type { CartDispatch, CartRootState } from '../../store';

export const useCartDispatch: () => CartDispatch = useDispatch;
export const useCartSelector: TypedUseSelectorHook<CartRootState> = useSelector;
