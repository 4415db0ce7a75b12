import { useEffect, useState, useSyncExternalStore } from 'react';

/** A global count of API requests in flight; the «لطفاً صبر کنید...» overlay shows while it is above zero. */
let inFlight = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginRequest(): void {
  inFlight += 1;
  emit();
}

export function endRequest(): void {
  inFlight = Math.max(0, inFlight - 1);
  emit();
}

export function requestsInFlight(): number {
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Overlay delay: requests that finish within this many ms never flash the overlay. */
export const OVERLAY_DELAY_MS = 150;

/** True once requests have been in flight for `delayMs` without a break. */
export function useShowLoading(delayMs: number = OVERLAY_DELAY_MS): boolean {
  const busy = useSyncExternalStore(
    subscribe,
    () => inFlight > 0,
    () => false,
  );
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      const hide = window.setTimeout(() => setVisible(false), 0);
      return () => window.clearTimeout(hide);
    }
    const timer = window.setTimeout(() => setVisible(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [busy, delayMs]);
  return busy && visible;
}
