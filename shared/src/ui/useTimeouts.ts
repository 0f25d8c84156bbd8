import { useCallback, useEffect, useRef } from 'react';

/**
 * `later(fn, ms)` for the spec's timers (5 s messages, 10 s greeting, 0.5 s success): every
 * pending timer is cancelled when the component unmounts, so nothing fires into a closed popup.
 */
export function useTimeouts(): (callback: () => void, ms: number) => void {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  return useCallback((callback: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      callback();
    }, ms);
    timers.current.add(timer);
  }, []);
}
