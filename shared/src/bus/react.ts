import { useCallback, useSyncExternalStore } from 'react';
import { type Bus, bus as sharedBus } from './bus';
import type { BusStates, StateName } from './contract';

/** The current value of a bus state; re-renders when it changes. */
export function useBusState<S extends StateName>(name: S, bus: Bus = sharedBus): BusStates[S] {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = bus.select(name).subscribe(() => onChange());
      return () => subscription.unsubscribe();
    },
    [bus, name],
  );
  const getSnapshot = useCallback(() => bus.get(name), [bus, name]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
