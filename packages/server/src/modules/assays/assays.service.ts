/**
 * The packets' service (docs/product.md §5.1–5.5, ADR 0012): what the routes call, each part in its
 * own file so it can be read in one go.
 *
 * - `numbers.service.ts`: the next free number and a typed number's check.
 * - `add-tests.service.ts`: registering a list of packets, phase by phase.
 * - `lists.service.ts`: the lab lists, one packet, its history.
 * - `purity.service.ts`: purities, one or several at once.
 * - `edit.service.ts`: the lab's and the admin's edits.
 * - `packet-view.service.ts`: the units, the fee, the API's row and the audit snapshot they share.
 */
export type { Actor } from './packet-view.service.ts';
export { checkCode, getCode } from './numbers.service.ts';
export { addTests } from './add-tests.service.ts';
export { getTest, listTests, manageGetTest, manageListTests, testHistory } from './lists.service.ts';
export { addCutting, lockOne } from './purity.service.ts';
export { verifyCutting } from './verification.service.ts';
export { addFireAssay, purityHistory } from './fire.service.ts';
export { withdrawResult } from './withdraw.service.ts';
export { editTest, manageEditTest } from './edit.service.ts';
