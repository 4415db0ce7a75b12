import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { getAuthSnapshot } from './lib/auth.ts';
import { hydratesPrerender } from './app/prerendered.ts';
import { registerServiceWorker } from './app/registerServiceWorker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A transition lets React render (or hydrate) the first screen in slices that yield to the browser,
// instead of one long task that blocks a slow phone's main thread (Lighthouse's Total Blocking Time).
startTransition(() => {
  if (hydratesPrerender(root, window.location.pathname, getAuthSnapshot().token)) {
    hydrateRoot(root, app);
  } else {
    // Someone signed in opening '/' goes to the dashboard: the prerendered landing is replaced.
    createRoot(root).render(app);
  }
});

registerServiceWorker();
