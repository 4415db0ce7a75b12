/**
 * The offline counter's service (ADR 0033), each part in its own file:
 *
 * - `reservations.service.ts`: packet numbers kept per device, and the checks AddTest, CheckCode and GetCode
 *   make against them.
 * - `idempotency.service.ts`: AddTest and AddCutting answered once per idempotency key; the request headers.
 * - `public-tokens.lib.ts`: the public tokens a device makes offline, bound to it (ADR 0040).
 * - `leases.service.ts`: reservations as leases: sized to use, a fair share, lost when idle (ADR 0045).
 * - `blocks.lib.ts`: runs of consecutive numbers.
 */
export {
  claimReserved,
  lowestOwnReserved,
  lowestReleased,
  releaseCodes,
  reserveCodes,
  reservedElsewhere,
} from './reservations.service.ts';
export { reclaimIdle, reservations, touchDevice } from './leases.service.ts';
export { deviceOf, idempotentReply, plainTransact, type Transact } from './idempotency.service.ts';
export { OfflineTokenKeys } from './public-tokens.lib.ts';
