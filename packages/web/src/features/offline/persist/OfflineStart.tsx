import { Suspense, use, useEffect } from 'react';
import type { ReactNode } from 'react';
import { getAuthSnapshot, useAuth } from '../../../lib/auth.ts';
import type { AuthSnapshot } from '../../../lib/auth.ts';

/** The longest a start waits for the restore; past it the screens render and the data lands when read. */
export const RESTORE_WAIT_MS = 300;

const isWorkshop = ({ token, user }: AuthSnapshot) => Boolean(token) && user?.role === 'workshop';

/** No IndexedDB (an old browser, the prerender in Node): no offline cache, and nothing is loaded for it. */
const canPersist = () => typeof indexedDB !== 'undefined';

let loading: Promise<void> | null = null;

/**
 * Loads the cache's code — IndexedDB, TanStack's hydration; not in the landing page's download — and
 * follows the login from then on. Resolves once a signed-in workshop's cache is restored; never rejects.
 */
function followSession(): Promise<void> {
  loading ??= import('./session.ts').then(
    (session) => session.followSignedInWorkshop(),
    () => undefined,
  );
  return loading.catch(() => undefined);
}

/**
 * Only an installed app, under its service worker, can start offline; a start without one (the first
 * visit, development, the tests' own query clients) has nothing to wait for and renders at once.
 */
const underServiceWorker = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller);

/** Decided by the first render: whether this page load starts as a workshop, and then its restore. */
let atStart: Promise<void> | null | undefined;

function restoreAtStart(): Promise<void> | null {
  if (atStart === undefined) {
    atStart =
      canPersist() && underServiceWorker() && isWorkshop(getAuthSnapshot())
        ? Promise.race([followSession(), new Promise<void>((done) => setTimeout(done, RESTORE_WAIT_MS))])
        : null;
  }
  return atStart;
}

function AfterRestore({ restoring, children }: { restoring: Promise<void>; children: ReactNode }) {
  use(restoring);
  return children;
}

/**
 * A signed-in workshop's app opens with the data it last read (ADR 0033): the first render waits for
 * the restore from IndexedDB (a few milliseconds, at most RESTORE_WAIT_MS), so an offline start shows
 * the lists rather than spinners. Someone signing in later starts the cache then, without waiting;
 * the landing page and the admin load none of it.
 */
export function OfflineStart({ children }: { children: ReactNode }) {
  const workshop = isWorkshop(useAuth());
  const restoring = restoreAtStart();
  useEffect(() => {
    if (workshop && canPersist()) void followSession();
  }, [workshop]);
  if (!restoring) return children;
  // The same for the whole page load (restoreAtStart decides once), so the tree never changes shape.
  return (
    <Suspense fallback={null}>
      <AfterRestore restoring={restoring}>{children}</AfterRestore>
    </Suspense>
  );
}
