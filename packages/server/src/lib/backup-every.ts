import { tehranOffsetMs } from '@ayar/contract';

/**
 * BACKUP_EVERY: `HH:MM` (every day at that time in Tehran, the default 03:00), `<n>h` or `<n>m` (every
 * n hours or minutes, counted from Tehran midnight), or `off`. Slots are the same instants on every
 * node, so the nodes of a network can agree on who made the backup of a slot (ADR 0021).
 */
export type BackupEvery =
  { kind: 'off' } | { kind: 'daily'; hour: number; minute: number } | { kind: 'interval'; ms: number };

export const BACKUP_EVERY_HINT =
  'must be HH:MM (daily, Tehran time), a number of hours or minutes such as 6h or 30m, or off';

const DAY_MS = 86_400_000;

export function parseBackupEvery(value: string): BackupEvery | null {
  const text = value.trim().toLowerCase();
  if (text === 'off') return { kind: 'off' };
  const daily = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (daily) return { kind: 'daily', hour: Number(daily[1]), minute: Number(daily[2]) };
  const interval = /^(\d{1,4})([hm])$/.exec(text);
  if (interval) {
    const n = Number(interval[1]);
    const ms = n * (interval[2] === 'h' ? 3_600_000 : 60_000);
    // At least a minute apart, at most a week: beyond that a timer is no schedule at all.
    if (n >= 1 && ms <= 7 * DAY_MS) return { kind: 'interval', ms };
  }
  return null;
}

/** The first slot strictly after `now`; null when backups are off. */
export function nextSlot(every: BackupEvery, now: Date): Date | null {
  if (every.kind === 'off') return null;
  const offset = tehranOffsetMs(now);
  const wallNow = now.getTime() + offset;
  if (every.kind === 'interval') {
    return new Date((Math.floor(wallNow / every.ms) + 1) * every.ms - offset);
  }
  const wallMidnight = Math.floor(wallNow / DAY_MS) * DAY_MS;
  let wallSlot = wallMidnight + (every.hour * 60 + every.minute) * 60_000;
  if (wallSlot <= wallNow) wallSlot += DAY_MS;
  return new Date(wallSlot - offset);
}

/** The time between two slots, for telling when the last good backup is overdue. */
export function periodMs(every: BackupEvery): number | null {
  if (every.kind === 'off') return null;
  return every.kind === 'interval' ? every.ms : DAY_MS;
}

/** BACKUP_EVERY as a person writes it (`03:00`, `6h`, `30m`, `off`), for the dashboard. */
export function formatBackupEvery(every: BackupEvery): string {
  if (every.kind === 'off') return 'off';
  if (every.kind === 'daily')
    return `${String(every.hour).padStart(2, '0')}:${String(every.minute).padStart(2, '0')}`;
  return every.ms % 3_600_000 === 0 ? `${every.ms / 3_600_000}h` : `${every.ms / 60_000}m`;
}
