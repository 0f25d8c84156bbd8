import './styles/reset.css';
import { bus, initSessionFromStorage } from '@shop/shared';
// The shell uses no Redux itself; importing the facade makes the host provide it eagerly from
// main.js, so a remote's page does not wait for a Redux chunk of its own after the remote loads.
import '@shop/shared/redux';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { OverrideNotice } from './federation/OverrideNotice';
import { seedRemotes } from './federation/seedRemotes';
import { registerServiceWorker } from './serviceWorker';

/*
 * The override notice renders with the page, not from a lazy chunk: the shell has no other async
 * chunk, and one would add webpack's chunk-loading runtime to main.js (+1 KB gzip measured), more
 * than the notice itself.
 */
async function start(): Promise<void> {
  initSessionFromStorage(bus);
  const active = await seedRemotes();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first render of the frame and of the remotes it mounts does not block input for long.
  startTransition(() =>
    root.render(
      <>
        <App />
        <OverrideNotice overrides={active} />
      </>,
    ),
  );
  registerServiceWorker();
}

void start();
