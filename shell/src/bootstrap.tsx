import './styles/reset.css';
import { bus, initSessionFromStorage, loadStartupContent, seedInlinedAnswers } from '@shop/shared';
// The shell uses no Redux itself; importing the facade makes the host provide it eagerly from
// main.js, so a remote's page does not wait for a Redux chunk of its own after the remote loads.
import '@shop/shared/redux';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { OverrideNotice } from './federation/OverrideNotice';
import { seedRemotes } from './federation/seedRemotes';
import { registerServiceWorker } from './serviceWorker';
import { takeServerFirstScreen } from './startup/serverFirstScreen';

/*
 * The override notice renders with the page, not from a lazy chunk: the shell has no other async
 * chunk, and one would add webpack's chunk-loading runtime to main.js (+1 KB gzip measured), more
 * than the notice itself.
 */
async function start(): Promise<void> {
  initSessionFromStorage(bus);
  // The answers the server's first screen was made from: the page's remote renders from them.
  const ownFirstScreen = seedInlinedAnswers() > 0;
  // Startup content (inlined by the server, else fetched) before the first render: until then the
  // server's markup stays as it is, instead of a blank frame.
  const [active, startup] = await Promise.all([seedRemotes(), loadStartupContent()]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  // A page the service worker kept (old, or for another address) is not taken over: the page's
  // slot shows its own loading state and its remote reads afresh.
  if (ownFirstScreen) takeServerFirstScreen();
  const root = createRoot(container);
  // A transition renders in slices that yield to the browser every few milliseconds, so the
  // first render of the frame and of the remotes it mounts does not block input for long.
  startTransition(() =>
    root.render(
      <>
        <App startup={startup} />
        <OverrideNotice overrides={active} />
      </>,
    ),
  );
  registerServiceWorker();
}

void start();
