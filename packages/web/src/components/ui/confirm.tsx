import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
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

// The host of @mantine/modals mounts with the first question, not with every page (the landing
// page's budget): `wanted` says a question was asked, `ready` resolves once the host listens.
let wanted = false;
let markReady: () => void = () => {};
let ready = new Promise<void>((resolve) => (markReady = resolve));
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const loadModals = () => import('./ConfirmModals.tsx');

/**
 * Asks the user to confirm (docs/product.md §6.2: every delete asks first) in Mantine's confirm modal.
 * Resolves true for the confirm button, false for cancel, Escape or a click on the backdrop; a newer question
 * cancels an unanswered one. Needs `<ConfirmHost />` mounted once (Providers).
 */
export function confirmAction(opts: ConfirmOptions): Promise<boolean> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([loadModals(), ready]).then(([modals]) => modals.askConfirm(opts));
}

const ModalsHost = lazy(loadModals);

/** Tells `confirmAction` when the modals' host listens, and when it is gone (a test's cleanup). */
function HostReady({ children }: { children: ReactNode }) {
  useEffect(() => {
    markReady();
    return () => {
      ready = new Promise<void>((resolve) => (markReady = resolve));
    };
  }, []);
  return children;
}

/** Mantine's modals' host, mounted once in app/Providers.tsx after the first question. */
export function ConfirmHost() {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <HostReady>
        <ModalsHost />
      </HostReady>
    </Suspense>
  );
}
