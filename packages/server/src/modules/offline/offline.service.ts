/**
 * The offline counter's service (issue 19, ADR 0033), each part in its own file:
 *
 * - `reservations.ts`: packet numbers kept per device, and the checks AddTest, CheckCode and GetCode
 *   make against them.
 * - `idempotency.ts`: AddTest and AddCutting answered once per idempotency key; the request headers.
 * - `public-tokens.ts`: the public tokens a device makes offline, bound to it (ADR 0040).
 * - `leases.ts`: reservations as leases: sized to use, a fair share, lost when idle (ADR 0045).
 * - `blocks.ts`: runs of consecutive numbers.
 */
export {
  claimReserved,
  lowestOwnReserved,
  lowestReleased,
  releaseCodes,
  reserveCodes,
  reservedElsewhere,
} from './reservations.ts';
export { reclaimIdle, reservations, touchDevice } from './leases.ts';
export { deviceOf, idempotentReply, plainTransact, type Transact } from './idempotency.ts';
export { OfflineTokenKeys } from './public-tokens.ts';
