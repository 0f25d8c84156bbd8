import { type TypedUseSelectorHook, useDispatch, useSelector } from '@shop/shared/redux';
import type { MemberDispatch, MemberRootState } from '../store';

export const useMemberDispatch: () => MemberDispatch = useDispatch;
export const useMemberSelector: TypedUseSelectorHook<MemberRootState> = useSelector;
