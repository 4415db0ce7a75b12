import { getAuthSnapshot, subscribeAuth } from '../../../lib/auth.ts';
import { sharedQueryClient } from '../../../lib/query.ts';
import { persistQueryCache } from './persister.ts';
import type { PersistedCache } from './persister.ts';
import { clearQueries } from './store.ts';

/** How long the restore took, as a performance measure (DevTools' timings; the offline check reads it). */
export const RESTORE_MEASURE = 'ayar:offline-cache-restore';

let current: { userId: string; cache: PersistedCache } | null = null;
let following = false;

function signedInWorkshop(): string | null {
  const { token, user } = getAuthSnapshot();
  return token && user?.role === 'workshop' ? user.userId : null;
}

function follow(): Promise<void> {
  const workshop = signedInWorkshop();
  if (current && current.userId === workshop) return current.cache.restored;
  if (current) {
    // Signed out (or a 401, or another account): nothing of this one stays on the device. The store
    // runs operations in order, so the delete follows any write already started.
    current.cache.stop();
    current = null;
    void clearQueries().catch(() => undefined);
  }
  if (!workshop) return Promise.resolve();
  const started = performance.now();
  const cache = persistQueryCache(sharedQueryClient(), workshop);
  current = { userId: workshop, cache };
  return cache.restored.then(() => {
    performance.measure(RESTORE_MEASURE, { start: started });
  });
}

/**
 * Keeps the shared query cache of whoever is signed in on this device: a workshop's is restored from
 * IndexedDB and written back as it changes; at sign-out it is deleted. Resolves once the signed-in
 * workshop's cache is restored (at once for anyone else). Called again, it only says when.
 */
export function followSignedInWorkshop(): Promise<void> {
  if (!following) {
    following = true;
    // The client first, so its own emptying on a change of user (lib/query.ts) runs before this.
    sharedQueryClient();
    subscribeAuth(() => void follow());
  }
  return follow();
}
