import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

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

export interface Pending extends ConfirmOptions {
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

export function settle(id: number, confirmed: boolean): void {
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

/** The dialog itself (a Mantine Modal) loads with the first question, not with every page. */
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx'));

/** The one dialog that answers `confirmAction`; mounted once in app/Providers.tsx. */
export function ConfirmHost() {
  const { open, question } = useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog open={open} view={question} />
    </Suspense>
  );
}
