import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeAlertsWanted, alertsWanted } from '../lib/alert.ts';

/** Mantine's notifications container, loaded with the first alert (lib/alert.ts). */
const NotificationsHost = lazy(() => import('./NotificationsHost.tsx'));

/** Where alerts appear; nothing is loaded until the first one is shown. */
export function AlertHost() {
  const wanted = useSyncExternalStore(subscribeAlertsWanted, alertsWanted, alertsWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
