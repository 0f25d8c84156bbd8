import { useEffect, useState } from 'react';
import { DEAL_TICK_MS } from '../../constants';
import { secondsLeft } from './countdown';

/**
 * Seconds left of a deal whose end the server gave as seconds remaining; ticks each second and
 * stops at zero. The deadline is fixed when the answer arrives, so a slow tab does not drift.
 */
export function useCountdown(secondsRemaining: number | null): number {
  const [deadline] = useState(() => (secondsRemaining === null ? 0 : Date.now() + secondsRemaining * 1000));
  const [left, setLeft] = useState(() => secondsLeft(deadline, Date.now()));
  const finished = left <= 0;
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(() => {
      const next = secondsLeft(deadline, Date.now());
      setLeft(next);
      if (next <= 0) clearInterval(timer);
    }, DEAL_TICK_MS);
    return () => clearInterval(timer);
  }, [deadline, finished]);
  return left;
}
