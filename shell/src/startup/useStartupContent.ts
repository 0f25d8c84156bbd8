import { loadStartupContent, type StartupContent } from '@shop/shared';
import { useEffect, useState } from 'react';

export type StartupState =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; content: StartupContent };

/** Loads startup content once, before anything else renders. */
export function useStartupContent(): StartupState {
  const [startup, setStartup] = useState<StartupState>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    void loadStartupContent().then((content) => {
      if (!cancelled) setStartup(content ? { state: 'ready', content } : { state: 'failed' });
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return startup;
}
