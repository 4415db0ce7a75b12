import { useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmOptions {
  /** The dialog's heading; «تأیید» when left out. */
  title?: string;
  message: ReactNode;
  /** «بله» when left out. */
  confirmLabel?: string;
  /** «انصراف» when left out. */
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

interface ConfirmState {
  open: boolean;
  /** The question asked; kept after it is answered so the dialog keeps its text while it animates out. */
  question: Pending | null;
}

// A tiny module-level store: one question at a time, the newest replacing (and cancelling) an older one.
let state: ConfirmState = { open: false, question: null };
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function settle(id: number, confirmed: boolean): void {
  const { question } = state;
  if (!state.open || !question || question.id !== id) return;
  state = { open: false, question };
  emit();
  question.resolve(confirmed);
}

/**
 * Asks the user to confirm (SPEC.md 5: every delete asks first). Resolves true for the confirm button,
 * false for cancel, Escape or a click on the backdrop. Needs `<ConfirmHost />` mounted once (Providers).
 */
export function confirmAction(opts: ConfirmOptions): Promise<boolean> {
  if (state.open && state.question) settle(state.question.id, false);
  return new Promise<boolean>((resolve) => {
    state = { open: true, question: { ...opts, id: nextId++, resolve } };
    emit();
  });
}

/** The one dialog that answers `confirmAction`; mounted once in app/Providers.tsx. */
export function ConfirmHost() {
  const { open, question: view } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  const answer = (confirmed: boolean) => {
    if (view) settle(view.id, confirmed);
  };
  const cancel = () => answer(false);

  return (
    <Modal
      opened={open}
      onClose={cancel}
      title={view?.title ?? 'تأیید'}
      centered
      size="sm"
      radius="lg"
      zIndex={1100}
      closeButtonProps={{ 'aria-label': 'بستن' }}
      // The confirm button gets the focus (data-autofocus), so Enter confirms and Escape cancels.
      trapFocus
      returnFocus
    >
      <Stack gap="lg">
        {typeof view?.message === 'string' ? <Text>{view.message}</Text> : view?.message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            {view?.cancelLabel ?? 'انصراف'}
          </Button>
          <Button data-autofocus color={view?.danger ? 'red' : undefined} onClick={() => answer(true)}>
            {view?.confirmLabel ?? 'بله'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
