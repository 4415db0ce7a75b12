import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { AssaysOfflineContext } from '../../features/assays/offline.ts';
import {
  OfflineBanner,
  assaysOffline,
  useCustomerBook,
  useOfflineSync,
} from '../../features/offline/index.ts';

export { prepareSignOut } from '../../features/offline/index.ts';

/**
 * A signed-in workshop's offline counter at work (ADR 0033): the queue is sent, the banner shown, the
 * customer book kept (ADR 0047), and lab/add and the waiting list get the queue. Composed here, in a module of its own that the shell
 * loads with import(), so neither feature is in the shell's download.
 */
export function OfflineRunning({
  userId,
  banner,
  children,
}: {
  userId: string;
  /** The slips print without it. */
  banner: boolean;
  children: ReactNode;
}) {
  useOfflineSync(userId);
  useCustomerBook();
  const assays = useMemo(() => assaysOffline(userId), [userId]);
  return (
    <AssaysOfflineContext value={assays}>
      {banner ? <OfflineBanner userId={userId} /> : null}
      {children}
    </AssaysOfflineContext>
  );
}
