import { ALERT_LEVEL, UI } from '@ayar/contract';
import type { AlertLevel } from '@ayar/contract';

const COLORS: Record<AlertLevel, string> = {
  [ALERT_LEVEL.success]: 'green',
  [ALERT_LEVEL.error]: 'red',
  [ALERT_LEVEL.info]: 'blue',
};

// Mantine's notifications load with the first alert, not with the landing page (bench/web-size.ts):
// `alertsWanted` tells app/AlertHost.tsx to mount the container; the toast itself goes into Mantine's
// store, which the container shows as soon as it mounts.
let wanted = false;
const listeners = new Set<() => void>();
export const alertsWanted = () => wanted;
export function subscribeAlertsWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How long an error stays: the 3 seconds of docs/product.md §3.12 are too short to read why something failed,
 * so an error stays 10 seconds (and while the pointer rests on it), and its close button ends it sooner (ADR
 * 0026).
 */
export const ERROR_ALERT_MS = 10_000;

/**
 * An alert toast (docs/product.md §3.12): level 1 success green, 2 error red, 3 info blue; a success or a
 * note closes after 3 seconds, an error after `ERROR_ALERT_MS`.
 */
export function showAlert(message: string, level: AlertLevel = ALERT_LEVEL.info): void {
  if (!message) return;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void import('@mantine/notifications').then(({ notifications }) =>
    notifications.show({
      // One toast per message and level: the same failure reported by three requests shows once (Mantine
      // ignores a show whose id is already on screen or queued).
      id: `alert:${level}:${message}`,
      message,
      color: COLORS[level],
      autoClose: level === ALERT_LEVEL.error ? ERROR_ALERT_MS : UI.alertMs,
      withCloseButton: true,
      closeButtonProps: { 'aria-label': 'بستن پیام' },
      withBorder: true,
      role: level === ALERT_LEVEL.error ? 'alert' : 'status',
    }),
  );
}

export const alertSuccess = (message: string) => showAlert(message, ALERT_LEVEL.success);
export const alertError = (message: string) => showAlert(message, ALERT_LEVEL.error);
export const alertInfo = (message: string) => showAlert(message, ALERT_LEVEL.info);
