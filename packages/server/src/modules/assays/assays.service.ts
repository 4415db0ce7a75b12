/**
 * The packets' service (docs/product.md §5.1–5.5, ADR 0012): what the routes call, each part in its
 * own file so it can be read in one go.
 *
 * - `numbers.ts`: the next free number and a typed number's check.
 * - `add-tests.ts`: registering a list of packets, phase by phase.
 * - `lists.ts`: the lab lists, one packet, its history.
 * - `purity.ts`: purities, one or several at once.
 * - `edit.ts`: the lab's and the admin's edits.
 * - `packet-view.ts`: the units, the fee, the API's row and the audit snapshot they share.
 */
export type { Actor } from './packet-view.ts';
export { checkCode, getCode } from './numbers.ts';
export { addTests } from './add-tests.ts';
export { getTest, listTests, manageGetTest, manageListTests, testHistory } from './lists.ts';
export { addCutting, lockOne } from './purity.ts';
export { withdrawResult } from './withdraw.ts';
export { editTest, manageEditTest } from './edit.ts';
