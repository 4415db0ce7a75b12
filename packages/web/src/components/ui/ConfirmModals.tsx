import { Box, Text } from '@mantine/core';
import { ModalsProvider, modals } from '@mantine/modals';
import type { ConfirmOptions } from './confirm.tsx';

/** The question on screen, so a newer one can cancel it (answering it «no» first). */
let current: { id: string; answer: (confirmed: boolean) => void } | null = null;

/**
 * `confirmAction`'s dialog: `modals.openConfirmModal`, the confirm button focused (Enter confirms,
 * Escape cancels). The message sits 1.25rem above the buttons, as the dialog always had it.
 */
export function askConfirm(opts: ConfirmOptions): Promise<boolean> {
  if (current) {
    const older = current;
    older.answer(false);
    modals.close(older.id);
  }
  return new Promise<boolean>((resolve) => {
    let answered = false;
    const answer = (confirmed: boolean) => {
      if (answered) return;
      answered = true;
      if (current?.id === id) current = null;
      resolve(confirmed);
    };
    const id = modals.openConfirmModal({
      title: opts.title ?? 'تأیید',
      // ConfirmModal keeps 1rem under its content; 4px more makes the dialog's 1.25rem (lg).
      children: (
        <Box pb={4}>{typeof opts.message === 'string' ? <Text>{opts.message}</Text> : opts.message}</Box>
      ),
      labels: { confirm: opts.confirmLabel ?? 'بله', cancel: opts.cancelLabel ?? 'انصراف' },
      confirmProps: { color: opts.danger ? 'red' : undefined, ...({ 'data-autofocus': true } as object) },
      groupProps: { gap: 'sm' },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
      centered: true,
      size: 'sm',
      radius: 'lg',
      zIndex: 1100,
      closeButtonProps: { 'aria-label': 'بستن' },
      trapFocus: true,
      returnFocus: true,
    });
    current = { id, answer };
  });
}

/** The host `modals.*` talk to; mounted by `ConfirmHost` with the first question. */
export default function ModalsHost() {
  return <ModalsProvider />;
}
