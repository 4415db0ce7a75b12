import { alertSuccess } from '../../lib/alert.ts';
import { confirmAction } from './confirm.tsx';
import type { ConfirmOptions } from './confirm.tsx';

/** How an asked-for change ended; a screen refreshes after `done` and `failed` alike. */
export type ConfirmedOutcome = 'cancelled' | 'done' | 'failed';

/**
 * Runs a change and shows the server's success message. A failure needs no message here: the API
 * client has already shown the server's reason.
 */
export async function runAndReport(change: () => Promise<{ message: string }>): Promise<boolean> {
  try {
    const result = await change();
    alertSuccess(result.message);
    return true;
  } catch {
    return false;
  }
}

/** docs/product.md §6.2: every delete asks first; only a confirmed change runs. */
export async function confirmThenRun(
  question: ConfirmOptions,
  change: () => Promise<{ message: string }>,
): Promise<ConfirmedOutcome> {
  if (!(await confirmAction(question))) return 'cancelled';
  return (await runAndReport(change)) ? 'done' : 'failed';
}
