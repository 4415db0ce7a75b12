import { toPersianDigits } from '@ayar/contract';
import type { BackupRun } from '@ayar/contract';

// The words and numbers the backups' screens show (ADR 0021, ADR 0053): Persian digits, sizes in the units
// people read («مگابایت», «گیگابایت»), one label per state.

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** One decimal with the Persian decimal separator: «۱۲٫۴». */
const decimal = (n: number) => toPersianDigits(n.toFixed(1)).replace('.', '٫');

let countFormat: Intl.NumberFormat | undefined;

/** A whole count with Persian digits and separators: «۱٬۲۰۴». */
export function formatCount(n: number): string {
  return (countFormat ??= new Intl.NumberFormat('fa-IR', { maximumFractionDigits: 0 })).format(n);
}

/** A size as its number and its unit: { amount: '۱۲٫۴', unit: 'مگابایت' }. */
export function sizeParts(bytes: number): { amount: string; unit: string } {
  // The unit is chosen after rounding: a size just under a megabyte is «۱٫۰ مگابایت», not «۱۰۲۴ کیلوبایت».
  if (Math.round((bytes / MB) * 10) >= 10240) return { amount: decimal(bytes / GB), unit: 'گیگابایت' };
  if (Math.round(bytes / KB) >= 1024) return { amount: decimal(bytes / MB), unit: 'مگابایت' };
  return { amount: toPersianDigits(Math.max(1, Math.round(bytes / KB))), unit: 'کیلوبایت' };
}

/** «۱٫۲ گیگابایت», «۱۲٫۴ مگابایت», «۷۸۱ کیلوبایت». */
export function formatSize(bytes: number): string {
  const { amount, unit } = sizeParts(bytes);
  return `${amount} ${unit}`;
}

/**
 * BACKUP_EVERY in words (docs/backups.md): `HH:MM` is daily at that Tehran time, `6h` and `30m` every so
 * many hours or minutes, `off` none; anything else is shown as it is.
 */
export function scheduleText(every: string): string {
  if (every === 'off') return 'خاموش';
  if (/^\d{1,2}:\d{2}$/.test(every)) return `هر روز ساعت ${toPersianDigits(every)} به وقت تهران`;
  const period = /^(\d+)([hm])$/.exec(every);
  if (period) return `هر ${toPersianDigits(period[1]!)} ${period[2] === 'h' ? 'ساعت' : 'دقیقه'}`;
  return every;
}

/** The file's own name, without the server's directory (the whole path is in its title). */
export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

export const TRIGGER_LABELS: Record<BackupRun['trigger'], string> = {
  schedule: 'زمان‌بندی‌شده',
  manual: 'دستی',
};

export const STATE_LABELS: Record<BackupRun['state'], string> = {
  running: 'در حال انجام',
  ok: 'انجام شد',
  failed: 'ناموفق',
};

export const STATE_COLORS: Record<BackupRun['state'], string> = {
  running: 'blue',
  ok: 'green',
  failed: 'red',
};

/** How the database part was copied (docs/backups.md «BACKUP_METHOD»). */
export const METHOD_LABELS: Record<NonNullable<BackupRun['method']>, string> = {
  pg_dump: 'pg_dump',
  copy: 'COPY',
};

export const CHECKSUM_LABELS: Record<BackupRun['checksum'], string> = {
  ok: 'سالم',
  missing: 'فایل نیست',
  changed: 'تغییر کرده',
  unchecked: 'بررسی نشده',
};

export const CHECKSUM_COLORS: Record<BackupRun['checksum'], string> = {
  ok: 'green',
  missing: 'orange',
  changed: 'red',
  unchecked: 'gray',
};

export const OFFSITE_LABELS: Record<BackupRun['offsite']['state'], string> = {
  uploading: 'در حال ارسال',
  ok: 'ارسال شد',
  failed: 'ارسال نشد',
  off: 'ندارد',
};

export const OFFSITE_COLORS: Record<BackupRun['offsite']['state'], string> = {
  uploading: 'blue',
  ok: 'green',
  failed: 'red',
  off: 'gray',
};

export const STEP_LABELS: Record<NonNullable<BackupRun['progress']>['step'], string> = {
  database: 'پایگاه داده',
  files: 'فایل‌ها',
  check: 'بررسی فایل پشتیبان',
  upload: 'ارسال به فضای ذخیره بیرونی',
};

/** How far a step is, in words: «۳۱۲ از ۱٬۲۰۴», bytes for the upload, or just the count when the total is unknown. */
export function progressText(progress: NonNullable<BackupRun['progress']>): string {
  const amount = (n: number) => (progress.step === 'upload' ? formatSize(n) : formatCount(n));
  return progress.total === null
    ? amount(progress.done)
    : `${amount(progress.done)} از ${amount(progress.total)}`;
}

/** The share done, 0–100, or null when the total is unknown. */
export function progressPercent(progress: NonNullable<BackupRun['progress']>): number | null {
  if (progress.total === null || progress.total <= 0) return null;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}
