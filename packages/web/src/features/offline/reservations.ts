import { ROUTES } from '@ayar/contract';
import { apiRequest } from '../../lib/api.ts';
import { can } from '../../lib/roles.ts';
import { applyReservation, ensureDevice, forgetDevice, freeNumbers } from './device.ts';

/** How many numbers the device asks to hold, and below how many free ones it asks again. */
export const RESERVE = { count: 50, below: 25 } as const;

let topping: Promise<void> | null = null;

/**
 * While online: when this device holds fewer than `RESERVE.below` free numbers, or no token key (a
 * device set up by an earlier app, or one whose key the server stopped taking), asks the server to top
 * it up to `RESERVE.count`. Quietly does nothing when the server cannot be reached (the next start or
 * sync asks again). One request at a time per tab.
 */
export function topUpReservation(userId: string): Promise<void> {
  // Only who registers holds numbers (ADR 0049): anyone else would be refused with 403.
  if (!can(ROUTES.tests.reserveCodes.roles)) return Promise.resolve();
  topping ??= (async () => {
    try {
      const record = await ensureDevice(userId);
      if (freeNumbers(record).length >= RESERVE.below && record.tokenKey) return;
      const answer = await apiRequest(ROUTES.tests.reserveCodes, {
        body: { deviceId: record.deviceId, count: RESERVE.count },
        silent: true,
        background: true,
      });
      await applyReservation(userId, answer);
    } catch {
      // Offline, or the lab has no numbers: lab/add says so when it needs one.
    } finally {
      topping = null;
    }
  })();
  return topping;
}

/**
 * Sign-out with nothing left to send: the server takes this device's unused numbers back and the
 * device forgets them. When the server cannot be reached the record stays, so the numbers are still
 * this device's (and released) when the workshop signs in here again.
 */
export async function releaseReservation(userId: string): Promise<void> {
  // The device's numbers are the lab's: a person who may not register leaves them for the next who may
  // (ADR 0049), rather than be refused.
  if (!can(ROUTES.tests.releaseCodes.roles)) return;
  try {
    const record = await ensureDevice(userId);
    if (record.blocks.length > 0) {
      await apiRequest(ROUTES.tests.releaseCodes, {
        body: { deviceId: record.deviceId },
        silent: true,
        background: true,
      });
    }
    await forgetDevice(userId);
  } catch {
    // Best effort: the sign-out goes on.
  }
}
