import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { useAuth } from '../../lib/auth.ts';
// Types only: the module itself is loaded with import() below.
import type * as OfflineCounter from './OfflineRunning.tsx';

type OfflineModule = typeof OfflineCounter;

/** The offline counter's code, loaded once for a signed-in workshop (never for the landing page). */
let loading: Promise<OfflineModule | null> | null = null;
/** What the load gave, once it has: later screens render with it at once. */
let loaded: OfflineModule | null | undefined;
export function loadOfflineCounter(): Promise<OfflineModule | null> {
  // A failed download (a new deployment, the line down before it was cached): online as before, until
  // the next page load.
  loading ??= import('./OfflineRunning.tsx').then(
    (module) => (loaded = module),
    () => (loaded = null),
  );
  return loading;
}

/** No IndexedDB (an old browser, most tests): no queue, and nothing is loaded for it. */
const canStoreOffline = () => typeof indexedDB !== 'undefined';

/**
 * Before a workshop signs out from the menu: asks first when entries wait (they are kept), else gives
 * the device's reserved numbers back. Resolves whether the sign-out goes on.
 */
export async function beforeSignOut(userId: string): Promise<boolean> {
  if (!canStoreOffline()) return true;
  const offline = await loadOfflineCounter();
  return offline ? offline.prepareSignOut(userId) : true;
}

function WorkshopOffline({
  userId,
  banner,
  children,
}: {
  userId: string;
  banner: boolean;
  children: ReactNode;
}) {
  const [offline, setOffline] = useState(loaded);
  useEffect(() => {
    let live = true;
    if (offline === undefined) void loadOfflineCounter().then((module) => live && setOffline(module));
    return () => {
      live = false;
    };
  }, [offline]);
  if (offline === undefined)
    return (
      <Center mih="40vh" role="status" aria-label="در حال بارگذاری صفحه">
        <Loader size="md" color="gold.6" />
      </Center>
    );
  if (offline === null) return children;
  return (
    <offline.OfflineRunning userId={userId} banner={banner}>
      {children}
    </offline.OfflineRunning>
  );
}

/**
 * Around the shell's screens: for a signed-in workshop, the offline counter (ADR 0033) — its banner,
 * the queue's sending, and the queue for lab/add and the waiting list, which wait for its code (a
 * moment, the first time) so an offline start never asks the server for a number it cannot reach.
 * Anyone else gets the screens as they are.
 */
export function OfflineLayer({ children, banner = true }: { children: ReactNode; banner?: boolean }) {
  const { token, user } = useAuth();
  if (!token || user?.role !== 'workshop' || !canStoreOffline()) return children;
  return (
    <WorkshopOffline key={user.userId} userId={user.userId} banner={banner}>
      {children}
    </WorkshopOffline>
  );
}

/**
 * Around the slips, which print outside the shell: the queue goes on sending while a slip is open (the
 * line may return while the clerk prints), with no banner on the printed page.
 */
export function SlipLayout() {
  return (
    <OfflineLayer banner={false}>
      <Outlet />
    </OfflineLayer>
  );
}
