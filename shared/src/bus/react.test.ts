import { act, renderHook } from '@testing-library/react';
import { createBus } from './bus';
import { useBusState } from './react';

it('re-renders with the latest bus state', () => {
  const bus = createBus();
  bus.publish('wishlist', { productIds: [3] });
  const { result } = renderHook(() => useBusState('wishlist', bus));
  expect(result.current.productIds).toEqual([3]);

  act(() => bus.publish('wishlist', { productIds: [3, 4] }));
  expect(result.current.productIds).toEqual([3, 4]);
  bus.destroy();
});
